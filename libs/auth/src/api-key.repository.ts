import { type Db, sql } from '@vidgen/db';

export interface ApiKeyRecord {
  id: string;
  accountId: string;
  name: string | null;
  prefix: string;
  scopes: string[];
  expiresAt: string | null;
  revokedAt: string | null;
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

  async findByHash(hash: string): Promise<(ApiKeyRecord & { expired: boolean }) | undefined> {
    const row = await this.db
      .selectFrom('api_keys')
      .select(['id', 'account_id', 'name', 'prefix', 'scopes', 'expires_at', 'revoked_at'])
      .select(sql<boolean>`coalesce(expires_at <= now(), false)`.as('expired'))
      .where('key_hash', '=', hash)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes,
      expiresAt: row.expires_at,
      revokedAt: row.revoked_at,
      expired: Boolean(row.expired),
    };
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
}
