import { type Db, sql } from '@vidgen/db';

export interface DashboardSessionRecord {
  id: string;
  accountId: string;
  expiresAt: string;
  revokedAt: string | null;
  expired: boolean;
}

export type LoginLinkState = 'used' | 'expired' | 'valid';

export class DashboardSessionRepository {
  constructor(private readonly db: Db) {}

  async insertLoginLink(input: { accountId: string; tokenHash: string; ttlMinutes: number }) {
    return this.db
      .insertInto('login_links')
      .values({
        account_id: input.accountId,
        token_hash: input.tokenHash,
        expires_at: sql<string>`now() + make_interval(mins => ${input.ttlMinutes})`,
      })
      .returning(['id', 'expires_at'])
      .executeTakeFirstOrThrow();
  }

  /** Spent and dead rows are kept a day (for the pages that explain them), then dropped. */
  async pruneExpired(): Promise<void> {
    await this.db
      .deleteFrom('login_links')
      .where('expires_at', '<', sql<string>`now() - interval '1 day'`)
      .execute();
    await this.db
      .deleteFrom('dashboard_sessions')
      .where((eb) =>
        eb.or([
          eb('expires_at', '<', sql<string>`now() - interval '1 day'`),
          eb('revoked_at', '<', sql<string>`now() - interval '1 day'`),
        ]),
      )
      .execute();
  }

  async linksIssuedInLastHour(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('login_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', '=', accountId)
      .where('created_at', '>', sql<string>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A link's state without spending it (undefined: no such link), and whose it is. */
  async linkState(linkHash: string): Promise<{ state: LoginLinkState; accountId: string } | undefined> {
    const link = await this.db
      .selectFrom('login_links')
      .select(['account_id', 'used_at'])
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('token_hash', '=', linkHash)
      .executeTakeFirst();
    if (!link) return undefined;
    return {
      state: link.used_at ? 'used' : link.expired ? 'expired' : 'valid',
      accountId: link.account_id,
    };
  }

  /**
   * Spends a link and opens a session in one transaction. The conditional update is the
   * single-use guarantee: of two concurrent redemptions only one finds `used_at is null`.
   * Returns the state of the link when it could not be spent (undefined: no such link).
   */
  async redeem(
    linkHash: string,
    sessionHash: string,
    ttlSeconds: number,
  ): Promise<{ session: DashboardSessionRecord } | { state: LoginLinkState | undefined }> {
    return this.db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable('login_links')
        .set({ used_at: sql<string>`now()` })
        .where('token_hash', '=', linkHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<string>`now()`)
        .returning('account_id')
        .executeTakeFirst();
      if (!spent) {
        const link = await trx
          .selectFrom('login_links')
          .select(['used_at'])
          .select(sql<boolean>`expires_at <= now()`.as('expired'))
          .where('token_hash', '=', linkHash)
          .executeTakeFirst();
        if (!link) return { state: undefined };
        return { state: link.used_at ? 'used' : link.expired ? 'expired' : 'valid' };
      }
      const row = await trx
        .insertInto('dashboard_sessions')
        .values({
          account_id: spent.account_id,
          token_hash: sessionHash,
          expires_at: sql<string>`now() + make_interval(secs => ${ttlSeconds})`,
        })
        .returning(['id', 'account_id', 'expires_at', 'revoked_at'])
        .executeTakeFirstOrThrow();
      return {
        session: {
          id: row.id,
          accountId: row.account_id,
          expiresAt: row.expires_at,
          revokedAt: row.revoked_at,
          expired: false,
        },
      };
    });
  }

  async findSession(sessionHash: string): Promise<DashboardSessionRecord | undefined> {
    const row = await this.db
      .selectFrom('dashboard_sessions')
      .select(['id', 'account_id', 'expires_at', 'revoked_at'])
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('token_hash', '=', sessionHash)
      .executeTakeFirst();
    return (
      row && {
        id: row.id,
        accountId: row.account_id,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
        expired: Boolean(row.expired),
      }
    );
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .updateTable('dashboard_sessions')
      .set({ revoked_at: sql<string>`coalesce(revoked_at, now())` })
      .where('id', '=', sessionId)
      .execute();
  }
}
