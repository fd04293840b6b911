import { createHash } from 'node:crypto';
import { ConflictError } from '@vidgen/core';
import { type Db, isUniqueViolation, sql } from '@vidgen/db';

export const IDEMPOTENCY_TTL_HOURS = 24;

export type Claim = { kind: 'new' } | { kind: 'replay'; statusCode: number; body: unknown };

/** Canonical JSON (sorted keys), so the same body in another key order is the same request. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body ?? null)))
    .digest('hex');
}

/**
 * Idempotency-Key handling (docs/credits.md#idempotency-keys): the first request with a key claims
 * it; a repeat with the same body gets the first response again; a repeat with another body,
 * or while the first is still running, is a 409 CONFLICT. Keys live 24 hours. A request that
 * fails releases its key, so the client can retry it.
 */
export class IdempotencyStore {
  constructor(private readonly db: Db) {}

  async claim(accountId: string, route: string, key: string, hash: string): Promise<Claim> {
    const expired = sql<boolean>`created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('route', '=', route)
      .where('key', '=', key)
      .where(expired)
      .execute();
    try {
      await this.db
        .insertInto('idempotency_keys')
        .values({ account_id: accountId, route, key, request_hash: hash })
        .execute();
      return { kind: 'new' };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await this.db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response'])
      .where('account_id', '=', accountId)
      .where('route', '=', route)
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row) return this.claim(accountId, route, key, hash);
    if (row.request_hash !== hash) {
      throw new ConflictError('This Idempotency-Key was already used with a different request body');
    }
    if (row.status_code === null) {
      throw new ConflictError('A request with this Idempotency-Key is still being processed');
    }
    return { kind: 'replay', statusCode: row.status_code, body: row.response };
  }

  async complete(
    accountId: string,
    route: string,
    key: string,
    statusCode: number,
    body: unknown,
  ): Promise<void> {
    await this.db
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response: JSON.stringify(body ?? null) })
      .where('account_id', '=', accountId)
      .where('route', '=', route)
      .where('key', '=', key)
      .execute();
  }

  async release(accountId: string, route: string, key: string): Promise<void> {
    await this.db
      .deleteFrom('idempotency_keys')
      .where('account_id', '=', accountId)
      .where('route', '=', route)
      .where('key', '=', key)
      .where('status_code', 'is', null)
      .execute();
  }
}
