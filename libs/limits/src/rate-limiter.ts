import { RateLimitedError } from '@vidgen/core';
import { type Db, sql } from '@vidgen/db';

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

  async hit(key: string, rule: RateLimit): Promise<void> {
    const row = await sql<{ count: number; retry_after: number }>`
      insert into rate_limit_counters as c (key, window_start, count)
      values (${key}, date_trunc(${rule.window}, now()), 1)
      on conflict (key, window_start) do update set count = c.count + 1
      returning c.count,
        ceil(extract(epoch from (date_trunc(${rule.window}, now()) + ${`1 ${rule.window}`}::interval - now())))::int as retry_after`
      .execute(this.db)
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

  /** Old windows are dead weight; drop them now and then. */
  private async prune(): Promise<void> {
    await sql`delete from rate_limit_counters where window_start < now() - interval '2 days'`
      .execute(this.db)
      .catch(() => undefined);
  }
}
