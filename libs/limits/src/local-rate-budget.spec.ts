import { RateLimitedError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { LocalRateBudget, type SharedCounter, windowStartOf } from './local-rate-budget';
import type { RateLimit } from './rate-limiter';

/** The shared counter in memory; each call takes a few event-loop turns, like a round trip. */
class FakeCounter implements SharedCounter {
  readonly counts = new Map<string, number>();
  adds = 0;
  hits = 0;
  failNext = false;

  private async roundTrip(): Promise<void> {
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
  }

  async add(key: string, windowStartMs: number, n: number): Promise<number> {
    await this.roundTrip();
    if (this.failNext) {
      this.failNext = false;
      throw new Error('database down');
    }
    this.adds++;
    const k = `${key}@${windowStartMs}`;
    this.counts.set(k, (this.counts.get(k) ?? 0) + n);
    return this.counts.get(k)!;
  }

  async hit(key: string, rule: RateLimit): Promise<void> {
    this.hits++;
    const count = await this.add(key, windowStartOf(rule.window, Date.now()), 1);
    if (count > rule.limit) throw new RateLimitedError(`Rate limit exceeded: ${rule.limit} per 1 minute`, 1);
  }
}

const MINUTE = (limit: number): RateLimit => ({ limit, window: 'minute' });
const T0 = Date.UTC(2026, 0, 1, 12, 0, 5);

/** Fires `total` requests at the budgets, `concurrency` at a time, round robin; counts the admitted. */
async function hammer(budgets: LocalRateBudget[], total: number, concurrency = 20): Promise<number> {
  let admitted = 0;
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      try {
        await budgets[i % budgets.length]!.hit('key:a');
        admitted++;
      } catch (err) {
        if (!(err instanceof RateLimitedError)) throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return admitted;
}

describe('LocalRateBudget', () => {
  it('admits the limit from one instance while writing far less often than once a request', async () => {
    const counter = new FakeCounter();
    const budget = new LocalRateBudget(counter, MINUTE(600), { flushEveryMs: 0, now: () => T0 });
    const admitted = await hammer([budget], 1000);
    expect(admitted).toBeGreaterThanOrEqual(600);
    expect(admitted).toBeLessThanOrEqual(600 + 30);
    // Syncs every 15 requests (half of the 30-request slack), not 600 writes.
    expect(counter.adds).toBeLessThanOrEqual(Math.ceil(admitted / 15) + 2);
  });

  it('two instances sharing one counter overshoot by at most 5 % of the limit each', async () => {
    for (const limit of [20, 200, 600, 5000]) {
      const counter = new FakeCounter();
      const a = new LocalRateBudget(counter, MINUTE(limit), { flushEveryMs: 0, now: () => T0 });
      const b = new LocalRateBudget(counter, MINUTE(limit), { flushEveryMs: 0, now: () => T0 });
      const admitted = await hammer([a, b], limit * 2);
      const slack = Math.floor(limit * 0.05);
      expect(admitted, `limit ${limit}`).toBeGreaterThanOrEqual(limit);
      expect(admitted, `limit ${limit}`).toBeLessThanOrEqual(limit + 2 * slack);
    }
  });

  it('refuses with the simple message and the seconds left in the window', async () => {
    const counter = new FakeCounter();
    const budget = new LocalRateBudget(counter, MINUTE(100), { flushEveryMs: 0, now: () => T0 });
    await hammer([budget], 200);
    const refused = await budget.hit('key:a').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect((refused as RateLimitedError).message).toBe('Rate limit exceeded: 100 per 1 minute');
    expect((refused as RateLimitedError).retryAfterSeconds).toBe(55);
    // Another key has its own budget.
    await expect(budget.hit('key:b')).resolves.toBeUndefined();
  });

  it('starts afresh in the next window, and sends the old window its unsent requests', async () => {
    const counter = new FakeCounter();
    let now = T0;
    const budget = new LocalRateBudget(counter, MINUTE(100), { flushEveryMs: 0, now: () => now });
    for (let i = 0; i < 3; i++) await budget.hit('key:a');
    now += 60_000;
    await budget.hit('key:a');
    await budget.flushAll();
    expect(counter.counts.get(`key:a@${windowStartOf('minute', T0)}`)).toBe(3);
    expect(counter.counts.get(`key:a@${windowStartOf('minute', now)}`)).toBe(1);
  });

  it('a failed sync fails the request that waited for it and keeps its requests for the next sync', async () => {
    const counter = new FakeCounter();
    const budget = new LocalRateBudget(counter, MINUTE(100), { flushEveryMs: 0, now: () => T0 });
    counter.failNext = true;
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => budget.hit('key:a')));
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
    const admitted = results.filter((r) => r.status === 'fulfilled').length;
    await budget.flushAll();
    expect(counter.counts.get(`key:a@${windowStartOf('minute', T0)}`)).toBe(admitted);
  });

  it('a limit under 20 has no slack: every request is counted exactly before it is admitted', async () => {
    const counter = new FakeCounter();
    const budget = new LocalRateBudget(counter, MINUTE(6), { flushEveryMs: 0 });
    const admitted = await hammer([budget, budget], 20);
    expect(admitted).toBe(6);
    expect(counter.hits).toBe(20);
  });

  it('the timer sends unsent requests, so other instances see them', async () => {
    const counter = new FakeCounter();
    const budget = new LocalRateBudget(counter, MINUTE(600), { flushEveryMs: 10 });
    await budget.hit('key:a');
    await budget.hit('key:a');
    await new Promise((r) => setTimeout(r, 50));
    expect([...counter.counts.values()]).toEqual([2]);
    await budget.close();
  });
});
