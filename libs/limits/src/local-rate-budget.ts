import { RateLimitedError } from '@vidgen/core';
import type { RateLimit } from './rate-limiter';

/** The counter every instance shares (RateLimiter, in PostgreSQL). */
export interface SharedCounter {
  /** Adds `n` to the key's count in the window that starts at `windowStartMs`; the new count. */
  add(key: string, windowStartMs: number, n: number): Promise<number>;
  /** Counts one request in the current window exactly; throws RateLimitedError past the limit. */
  hit(key: string, rule: RateLimit): Promise<void>;
}

/** The share of the limit one instance may admit past what the shared counter knows (docs/credits.md#rate-limits). */
export const OVERSHOOT_PER_INSTANCE = 0.05;

interface Budget {
  windowStart: number;
  /** The shared count as of the last sync (this instance's flushed requests included). */
  known: number;
  /** Admitted here, not yet sent to the shared counter. */
  pending: number;
  /** Being sent right now. */
  inFlight: number;
  sync?: Promise<void>;
}

/**
 * A per-key limit enforced from a local budget that is synced with the shared counter, so a
 * request need not write to PostgreSQL (docs/decisions/0031-the-apis-hot-path.md).
 *
 * The invariant: an instance never holds more than `slack` = 5 % of the limit in admitted
 * requests the shared counter has not counted (`pending + inFlight`). It admits a request only
 * while what it knows of the count plus its own unsent requests is under the limit; it sends
 * its unsent requests once they reach half the slack (or every `flushEveryMs`), and a request
 * that would push them past the slack waits for that sync. Every instance's knowledge is a
 * lower bound of the true count, and each can be behind by at most its own slack, so across N
 * instances at most `limit + N × slack` requests get through in a window: an overshoot of at
 * most 5 % of the limit per instance. Once an instance learns the count reached the limit it
 * refuses without asking again until the window ends (counts only grow within a window).
 *
 * A limit under 20 leaves no slack: every request is then counted in PostgreSQL before it is
 * admitted, exactly as before.
 */
export class LocalRateBudget {
  private readonly budgets = new Map<string, Budget>();
  private readonly slack: number;
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly counter: SharedCounter,
    private readonly rule: RateLimit,
    private readonly options: { flushEveryMs?: number; now?: () => number } = {},
  ) {
    this.slack = Math.floor(rule.limit * OVERSHOOT_PER_INSTANCE);
    if (this.slack > 0 && options.flushEveryMs !== 0) {
      this.timer = setInterval(() => void this.flushAll(), options.flushEveryMs ?? 1000);
      this.timer.unref();
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Counts one request of `key`; throws RateLimitedError once the key's limit is used up. */
  async hit(key: string): Promise<void> {
    if (this.slack === 0) return this.counter.hit(key, this.rule);
    for (;;) {
      const b = this.budget(key);
      if (b.known + b.pending + b.inFlight >= this.rule.limit) throw this.refusal(b);
      if (b.pending + b.inFlight < this.slack) {
        b.pending++;
        if (b.pending >= Math.ceil(this.slack / 2) && !b.sync) void this.flush(key, b).catch(() => undefined);
        return;
      }
      // Unsent requests at the slack: this one waits for the count (a failed sync fails it).
      await (b.sync ?? this.flush(key, b));
    }
  }

  /** Sends every unsent count; the timer calls it, and shutdown should (close). */
  async flushAll(): Promise<void> {
    const start = windowStartOf(this.rule.window, this.now());
    const sends: Promise<void>[] = [];
    for (const [key, b] of this.budgets) {
      if (b.windowStart < start && b.pending === 0 && !b.sync) this.budgets.delete(key);
      else if (b.pending > 0 && !b.sync) sends.push(this.flush(key, b).catch(() => undefined));
    }
    await Promise.all(sends);
  }

  /** Stops the timer and sends what is unsent. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flushAll();
  }

  private budget(key: string): Budget {
    const start = windowStartOf(this.rule.window, this.now());
    let b = this.budgets.get(key);
    if (!b || b.windowStart !== start) {
      // A new window: the old one's unsent requests are still sent (flushAll), to their window.
      if (b && b.pending > 0 && !b.sync) void this.flush(key, b).catch(() => undefined);
      b = { windowStart: start, known: 0, pending: 0, inFlight: 0 };
      this.budgets.set(key, b);
    }
    return b;
  }

  private flush(key: string, b: Budget): Promise<void> {
    if (b.sync) return b.sync;
    const n = b.pending;
    b.pending = 0;
    b.inFlight = n;
    b.sync = this.counter
      .add(key, b.windowStart, n)
      .then(
        (count) => {
          b.known = Math.max(b.known, count);
        },
        (err: unknown) => {
          // Not counted: they stay unsent and go with the next sync.
          b.pending += n;
          throw err;
        },
      )
      .finally(() => {
        b.inFlight = 0;
        b.sync = undefined;
      });
    return b.sync;
  }

  private refusal(b: Budget): RateLimitedError {
    const unit = this.rule.window === 'day' ? '1 day' : '1 minute';
    const end = b.windowStart + WINDOW_MS[this.rule.window];
    return new RateLimitedError(
      `Rate limit exceeded: ${this.rule.limit} per ${unit}`,
      Math.max(1, Math.ceil((end - this.now()) / 1000)),
    );
  }
}

const WINDOW_MS = { minute: 60_000, day: 86_400_000 } as const;

/** The start of the fixed window holding `ms`, in UTC (as date_trunc in the api's UTC sessions). */
export function windowStartOf(window: RateLimit['window'], ms: number): number {
  return ms - (ms % WINDOW_MS[window]);
}
