import { describe, expect, it } from 'vitest';
import { DEFAULT_RESTART_POLICY, nextRestart } from './restart-backoff';

/** Delays for a sequence of exits, each after the given uptime. */
function delays(uptimesMs: number[]): number[] {
  let crashes = 0;
  return uptimesMs.map((uptime) => {
    const next = nextRestart(crashes, uptime);
    crashes = next.crashesInARow;
    return next.delayMs;
  });
}

describe('nextRestart', () => {
  it('restarts within a second the first time a process dies', () => {
    expect(nextRestart(0, 5 * 3600_000).delayMs).toBeLessThanOrEqual(1000);
    expect(nextRestart(0, 2000).delayMs).toBeLessThanOrEqual(1000);
  });

  it('restarts quickly every time a process dies after running healthily, however often that happened', () => {
    const hours = Array.from({ length: 8 }, () => 3 * 3600_000);
    expect(delays(hours)).toEqual(hours.map(() => DEFAULT_RESTART_POLICY.firstDelayMs));
  });

  it('backs off, doubling up to the maximum, for a process that keeps crashing soon after start', () => {
    expect(delays(Array.from({ length: 9 }, () => 3000))).toEqual([
      500, 1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('resets the backoff once the process has run healthily for a while', () => {
    expect(delays([1000, 1000, 1000, 1000, 60_000, 1000])).toEqual([500, 1000, 2000, 4000, 500, 1000]);
    expect(delays([1000, 1000, 59_999])).toEqual([500, 1000, 2000]);
  });

  it('follows a given policy', () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 250, healthyAfterMs: 10 };
    expect(nextRestart(0, 0, policy)).toEqual({ crashesInARow: 1, delayMs: 100 });
    expect(nextRestart(1, 5, policy)).toEqual({ crashesInARow: 2, delayMs: 200 });
    expect(nextRestart(2, 5, policy)).toEqual({ crashesInARow: 3, delayMs: 250 });
    expect(nextRestart(7, 10, policy)).toEqual({ crashesInARow: 1, delayMs: 100 });
  });
});
