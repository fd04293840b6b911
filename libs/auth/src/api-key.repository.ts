import { type Db, sql } from '@vidgen/db';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** What the dashboard lists of a key: never its hash. */
export interface ApiKeySummary extends ApiKeyRecord {
  createdAt: string;
  expired: boolean;
}

const LISTED = [
  'id',
  'account_id',
  'name',
  'prefix',
  'scopes',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;

/** The record of a row of the LISTED columns. */
function toRecord(row: {
  id: string;
  account_id: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
}): ApiKeyRecord {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
  };
}

export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  async insert(input: {
    accountId: string;
    name: string | null;
    prefix: string;
    hash: string;
    scopes: string[];
    expiresAt: Date | null;
  }): Promise<{ id: string }> {
    return this.db
      .insertInto('api_keys')
      .values({
        account_id: input.accountId,
        name: input.name,
        prefix: input.prefix,
        key_hash: input.hash,
        scopes: input.scopes,
        expires_at: input.expiresAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  async findByHash(
    hash: string,
  ): Promise<
    (ApiKeyRecord & { expired: boolean; usedThisMinute: boolean; expiresInMs: number | null }) | undefined
  > {
    const row = await this.db
      .selectFrom('api_keys')
      .select(LISTED)
      .select(sql<boolean>`coalesce(expires_at <= now(), false)`.as('expired'))
      .select(sql<number | null>`(extract(epoch from expires_at - now()) * 1000)::float8`.as('expires_in_ms'))
      .select(
        sql<boolean>`coalesce(last_used_at > now() - interval '1 minute', false)`.as('used_this_minute'),
      )
      .where('key_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      ...toRecord(row),
      expired: Boolean(row.expired),
      usedThisMinute: Boolean(row.used_this_minute),
      expiresInMs: row.expires_in_ms === null ? null : Number(row.expires_in_ms),
    };
  }

  /** The account's keys, newest first, revoked ones included (the dashboard shows them as revoked). */
  async listForAccount(accountId: string): Promise<ApiKeySummary[]> {
    const rows = await this.db
      .selectFrom('api_keys')
      .select(LISTED)
      .select(['created_at'])
      .select(sql<boolean>`coalesce(expires_at <= now(), false)`.as('expired'))
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      ...toRecord(row),
      createdAt: row.created_at,
      expired: Boolean(row.expired),
    }));
  }

  /** Returns false when no such key exists. Revoking twice keeps the first revocation time. */
  async revoke(keyId: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql<string>`coalesce(revoked_at, now())` })
      .where('id', '=', keyId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Like revoke, but only a key of this account: another account's key id is "not found". */
  async revokeForAccount(accountId: string, keyId: string): Promise<boolean> {
    const res = await this.db
      .updateTable('api_keys')
      .set({ revoked_at: sql<string>`coalesce(revoked_at, now())` })
      .where('id', '=', keyId)
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Records a use; the guard on the old value makes concurrent requests write at most once a minute. */
  async touchLastUsed(keyId: string): Promise<void> {
    await this.db
      .updateTable('api_keys')
      .set({ last_used_at: sql<string>`now()` })
      .where('id', '=', keyId)
      .where((eb) =>
        eb.or([
          eb('last_used_at', 'is', null),
          eb('last_used_at', '<', sql<string>`now() - interval '1 minute'`),
        ]),
      )
      .execute();
  }
}
