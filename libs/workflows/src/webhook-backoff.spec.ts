import { describe, expect, it } from 'vitest';
import {
  attemptConsequence,
  BACKOFF_JITTER,
  backoffCapSeconds,
  delayUntil,
  retryDelaySeconds,
} from './webhook-backoff';

const defaults = { baseSeconds: 5, factor: 5 };
const test = { baseSeconds: 0.2, factor: 2 };

describe('backoffCapSeconds: base × factorⁿ', () => {
  it('gives 5 s, 25 s, 125 s with the defaults', () => {
    expect([0, 1, 2].map((n) => backoffCapSeconds(n, defaults))).toEqual([5, 25, 125]);
  });

  it('gives 0.2 s, 0.4 s, 0.8 s with the test settings', () => {
    expect([0, 1, 2].map((n) => backoffCapSeconds(n, test))).toEqual([0.2, 0.4, 0.8]);
  });

  it('is constant with a factor of 1', () => {
    expect([0, 1, 2].map((n) => backoffCapSeconds(n, { baseSeconds: 3, factor: 1 }))).toEqual([3, 3, 3]);
  });
});

describe('retryDelaySeconds', () => {
  it('without jitter (random 0) is the cap itself', () => {
    expect([0, 1, 2].map((n) => retryDelaySeconds(n, defaults, 0))).toEqual([5, 25, 125]);
  });

  it('jitter takes at most 20% off and never adds', () => {
    expect(BACKOFF_JITTER).toBe(0.2);
    for (const random of [0, 0.1, 0.5, 0.9, 0.999999]) {
      for (const n of [0, 1, 2]) {
        const d = retryDelaySeconds(n, defaults, random);
        const cap = backoffCapSeconds(n, defaults);
        expect(d).toBeLessThanOrEqual(cap);
        expect(d).toBeGreaterThan(cap * 0.8);
      }
    }
    expect(retryDelaySeconds(0, defaults, 0.5)).toBeCloseTo(4.5, 10);
    expect(retryDelaySeconds(2, defaults, 0.5)).toBeCloseTo(112.5, 10);
  });

  it('clamps a random value outside [0, 1)', () => {
    expect(retryDelaySeconds(0, defaults, -1)).toBe(5);
    expect(retryDelaySeconds(0, defaults, 7)).toBeCloseTo(4, 10);
  });

  it('keeps every wait longer than the one before, whatever the jitter, when factor > 1.25', () => {
    for (const settings of [defaults, test, { baseSeconds: 1, factor: 1.3 }]) {
      const longestFirst = retryDelaySeconds(0, settings, 0);
      const shortestSecond = retryDelaySeconds(1, settings, 0.999999);
      const longestSecond = retryDelaySeconds(1, settings, 0);
      const shortestThird = retryDelaySeconds(2, settings, 0.999999);
      expect(shortestSecond).toBeGreaterThan(longestFirst);
      expect(shortestThird).toBeGreaterThan(longestSecond);
    }
  });

  describe('with a Retry-After from the receiver', () => {
    it('waits as long as asked when that lies within the cap', () => {
      // Jittered wait 20 s (random 1 → 80% of 25 s); the receiver asks for 24 s.
      expect(retryDelaySeconds(1, defaults, 0.999999, 24)).toBe(24);
    });

    it('never waits longer than the cap of that retry', () => {
      expect(retryDelaySeconds(0, defaults, 0.5, 3600)).toBe(5);
      expect(retryDelaySeconds(2, defaults, 0.5, 3600)).toBe(125);
    });

    it('never retries sooner than the schedule', () => {
      expect(retryDelaySeconds(1, defaults, 0.5, 0)).toBeCloseTo(22.5, 10);
      expect(retryDelaySeconds(1, defaults, 0.5, 1)).toBeCloseTo(22.5, 10);
    });

    it('ignores a missing or non-finite value', () => {
      expect(retryDelaySeconds(1, defaults, 0.5, null)).toBeCloseTo(22.5, 10);
      expect(retryDelaySeconds(1, defaults, 0.5, Number.NaN)).toBeCloseTo(22.5, 10);
    });
  });
});

describe('attemptConsequence: final, or retry when', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');
  const failed = (retryAfterSeconds: number | null = null) => ({
    kind: 'failed' as const,
    retryAfterSeconds,
  });
  const delivered = { kind: 'delivered' as const, retryAfterSeconds: null };

  it('a 2xx succeeds the run whichever attempt it is', () => {
    for (const attempt of [1, 2, 4]) {
      expect(attemptConsequence(delivered, attempt, defaults, 0.5, now)).toEqual({
        final: 'succeeded',
        delayMs: null,
        nextRetryAt: null,
      });
    }
  });

  it('a failure is retried after 5 s, 25 s and 125 s (less the jitter), and the fourth fails the run', () => {
    const runs = [1, 2, 3, 4].map((attempt) => attemptConsequence(failed(), attempt, defaults, 0, now));
    expect(runs.map((r) => r.final)).toEqual([null, null, null, 'failed']);
    expect(runs.map((r) => r.delayMs)).toEqual([5000, 25000, 125000, null]);
    expect(runs.map((r) => r.nextRetryAt)).toEqual([
      '2026-11-28T12:00:05.000Z',
      '2026-11-28T12:00:25.000Z',
      '2026-11-28T12:02:05.000Z',
      null,
    ]);
  });

  it('draws the wait with the jitter given, in whole milliseconds, and writes down the same time it waits', () => {
    const next = attemptConsequence(failed(), 2, test, 0.25, now);
    expect(next.delayMs).toBe(Math.round(1000 * retryDelaySeconds(1, test, 0.25)));
    expect(Date.parse(next.nextRetryAt!)).toBe(now + next.delayMs!);
  });

  it("lengthens the wait by a receiver's Retry-After up to the step's cap", () => {
    expect(attemptConsequence(failed(24), 2, defaults, 0.999999, now).delayMs).toBe(24000);
    expect(attemptConsequence(failed(3600), 1, defaults, 0.5, now).delayMs).toBe(5000);
  });

  it('never asks for a timer of 0', () => {
    expect(attemptConsequence(failed(), 1, { baseSeconds: 0.0001, factor: 1 }, 0, now).delayMs).toBe(1);
  });
});

describe('delayUntil', () => {
  const now = Date.parse('2026-11-28T12:00:00.000Z');

  it('waits until a retry written down is due, at least 1 ms', () => {
    expect(delayUntil('2026-11-28T12:00:01.500Z', now)).toBe(1500);
    expect(delayUntil('2026-11-28T11:59:00.000Z', now)).toBe(1);
  });

  it('goes on at once when no retry was written down', () => {
    expect(delayUntil(null, now)).toBe(1);
  });
});
