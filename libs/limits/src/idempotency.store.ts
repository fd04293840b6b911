import { createHash } from 'node:crypto';
import { ConflictError } from '@vidgen/core';
import { type Db, isUniqueViolation, sql } from '@vidgen/db';

export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * A claim still without a response after this long belongs to a request whose handler died:
 * the key is free again. Far above any request's duration. The claims of an api instance whose
 * lease expired are freed sooner (InstanceLease).
 */
export const IDEMPOTENCY_PENDING_SECONDS = 120;
/** Expired keys of every account are deleted once per this many claims (per process). */
const PRUNE_EVERY_CLAIMS = 500;

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
 * Idempotency-Key handling (docs/credits.md#idempotency-keys): the first request with a key claims it; a repeat
 * with the same body gets the first response again; a repeat with another body, or while the
 * first is still running, is a 409 CONFLICT. Keys live 24 hours and are then pruned. A request
 * that fails releases its key, so the client can retry it; one whose handler died without
 * answering frees it after IDEMPOTENCY_PENDING_SECONDS.
 */
export class IdempotencyStore {
  private claims = 0;

  constructor(
    private readonly db: Db,
    /** `owner`: this api instance (InstanceLease.id), recorded on each claim it makes. */
    private readonly options: { pendingSeconds?: number; owner?: string } = {},
  ) {}

  async claim(accountId: string, route: string, key: string, hash: string): Promise<Claim> {
    this.claims = (this.claims + 1) % PRUNE_EVERY_CLAIMS;
    if (this.claims === 0) void this.prune().catch(() => undefined);
    const pendingSeconds = this.options.pendingSeconds ?? IDEMPOTENCY_PENDING_SECONDS;
    const expired = sql<boolean>`(created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
      or (status_code is null and created_at < now() - make_interval(secs => ${pendingSeconds})))`;
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
        .values({ account_id: accountId, route, key, request_hash: hash, owner: this.options.owner ?? null })
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

  /** Deletes the keys of every account that have expired; returns how many. */
  async prune(): Promise<number> {
    const res = await this.db
      .deleteFrom('idempotency_keys')
      .where(sql<boolean>`created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
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
