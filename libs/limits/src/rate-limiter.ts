import { RateLimitedError } from '@vidgen/core';
import { type Database, type Db, sql, type Transaction } from '@vidgen/db';

export interface RateLimit {
  limit: number;
  window: 'minute' | 'day';
}

const WINDOW_SECONDS = { minute: 60, day: 86_400 } as const;

/**
 * Fixed-window counters in PostgreSQL, so every api instance shares them. One atomic upsert
 * per check: `insert … on conflict do update set count = count + 1 returning count`, which
 * PostgreSQL serialises per row, so concurrent requests cannot both take the last slot.
 */
export class RateLimiter {
  private calls = 0;

  constructor(private readonly db: Db) {}

  /**
   * Counts one request (or `n`: a batch takes its rows at once); throws RateLimitedError past the
   * limit. Inside `trx`, the count rolls back with it.
   */
  async hit(key: string, rule: RateLimit, trx?: Transaction<Database>, n = 1): Promise<void> {
    const row = await sql<{ count: number; retry_after: number }>`
      insert into rate_limit_counters as c (key, window_start, count)
      values (${key}, date_trunc(${rule.window}, now()), ${n})
      on conflict (key, window_start) do update set count = c.count + ${n}
      returning c.count,
        ceil(extract(epoch from (date_trunc(${rule.window}, now()) + ${`1 ${rule.window}`}::interval - now())))::int as retry_after`
      .execute(trx ?? this.db)
      .then((r) => r.rows[0]!);
    this.calls = (this.calls + 1) % 1000;
    if (this.calls === 0) void this.prune();
    if (row.count > rule.limit) {
      const unit = rule.window === 'day' ? '1 day' : '1 minute';
      throw new RateLimitedError(
        `Rate limit exceeded: ${rule.limit} per ${unit}`,
        Math.min(Math.max(1, row.retry_after), WINDOW_SECONDS[rule.window]),
      );
    }
  }

  /**
   * Gives back `n` of what `hit` counted in the window that held the moment `at`, never below
   * zero; a window gone by (or pruned) has nothing to give back. Inside `trx`, with the change
   * that makes it due.
   */
  async giveBack(
    key: string,
    window: RateLimit['window'],
    at: string,
    n: number,
    trx: Transaction<Database>,
  ): Promise<void> {
    if (n <= 0) return;
    await sql`
      update rate_limit_counters set count = greatest(0, count - ${n})
      where key = ${key} and window_start = date_trunc(${window}, ${at}::timestamptz)`.execute(trx);
  }

  /**
   * Adds `n` requests counted elsewhere (LocalRateBudget) to the key's window that starts at
   * `windowStartMs`; returns the window's new count.
   */
  async add(key: string, windowStartMs: number, n: number): Promise<number> {
    const row = await sql<{ count: number }>`
      insert into rate_limit_counters as c (key, window_start, count)
      values (${key}, to_timestamp(${windowStartMs / 1000}), ${n})
      on conflict (key, window_start) do update set count = c.count + excluded.count
      returning c.count`
      .execute(this.db)
      .then((r) => r.rows[0]!);
    this.calls = (this.calls + 1) % 1000;
    if (this.calls === 0) void this.prune();
    return Number(row.count);
  }

  /** Old windows are dead weight; drop them now and then. */
  private async prune(): Promise<void> {
    await sql`delete from rate_limit_counters where window_start < now() - interval '2 days'`
      .execute(this.db)
      .catch(() => undefined);
  }
}

export type PlanName = 'free' | 'starter' | 'pro';

/** The counter of an account's video creations: what takes the quota and what gives it back name it here. */
const dailyCreationsKey = (accountId: string) => `videos:create:${accountId}`;

/**
 * The plan's daily limit on video creations, counted inside the transaction that creates the
 * video: a request that creates nothing (a refusal, a validation error, an Idempotency-Key
 * replay) is not counted, and the count is exact across api instances.
 */
export class DailyVideoQuota {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly perDay: Record<PlanName, number>,
  ) {}

  /** Takes `n` creations of today's quota, all or none. */
  async take(accountId: string, trx: Transaction<Database>, n = 1): Promise<void> {
    const account = await trx
      .selectFrom('accounts')
      .select('plan')
      .where('id', '=', accountId)
      .executeTakeFirst();
    const plan = (account?.plan ?? 'free') as PlanName;
    await this.limiter.hit(
      dailyCreationsKey(accountId),
      { limit: this.perDay[plan] ?? this.perDay.free, window: 'day' },
      trx,
      n,
    );
  }

  /**
   * Gives back `n` creations taken at `takenAt` (a batch's rows that a cancel stopped before they
   * made a video; docs/decisions/0070-batch-durability-and-refunds.md). Only to the day they were
   * taken from: once that day is over the quota has renewed and there is nothing to give back.
   */
  async giveBack(accountId: string, takenAt: string, n: number, trx: Transaction<Database>): Promise<void> {
    await this.limiter.giveBack(dailyCreationsKey(accountId), 'day', takenAt, n, trx);
  }
}
