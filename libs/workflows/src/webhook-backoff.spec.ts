import { describe, expect, it } from 'vitest';
import {
  attemptVerdict,
  BACKOFF_JITTER,
  backoffCapSeconds,
  retryDelayMs,
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

describe('retryDelayMs', () => {
  it('is retryDelaySeconds in whole milliseconds', () => {
    expect(retryDelayMs(0, defaults, 0.5)).toBe(Math.round(1000 * retryDelaySeconds(0, defaults, 0.5)));
    expect(retryDelayMs(2, test, 0.25, 0.7)).toBe(Math.round(1000 * retryDelaySeconds(2, test, 0.25, 0.7)));
  });

  it('never asks for a timer of 0', () => {
    expect(retryDelayMs(0, { baseSeconds: 0.0001, factor: 1 }, 0)).toBe(1);
  });
});

describe('attemptVerdict', () => {
  it('a 2xx succeeds the run whichever attempt it is', () => {
    expect([1, 2, 4].map((n) => attemptVerdict('delivered', n, 4))).toEqual([
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
  });

  it('a failure is retried until the last attempt allowed, which fails the run', () => {
    expect([1, 2, 3, 4].map((n) => attemptVerdict('failed', n, 4))).toEqual([null, null, null, 'failed']);
  });

  it("a 'gone' (attempts made before 410 was retried) fails the run at once", () => {
    expect(attemptVerdict('gone', 1, 4)).toBe('failed');
  });
});
