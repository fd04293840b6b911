import { setTimeout as sleep } from 'node:timers/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { bookkeepingHeartbeatInterceptor } from './bookkeeping-heartbeat.interceptor';

/** Runs an activity that never heartbeats itself for `ms`, and counts the heartbeats sent for it. */
async function beatsWhile(
  ms: number,
  heartbeatTimeoutMs: number | undefined,
  activityType = 'planProduction',
): Promise<number> {
  const env = new MockActivityEnvironment(
    { activityType, heartbeatTimeoutMs },
    { interceptors: [bookkeepingHeartbeatInterceptor] },
  );
  let beats = 0;
  env.on('heartbeat', () => beats++);
  await env.run(() => sleep(ms));
  return beats;
}

describe('heartbeats for the bookkeeping activities', () => {
  it('beats while a bookkeeping activity waits (a third of a 300 ms timeout: every 100 ms)', async () => {
    // Counted, not timed: a loaded machine sends fewer, never none over 3.5 intervals.
    expect(await beatsWhile(350, 300)).toBeGreaterThanOrEqual(1);
  });

  it('sends nothing for a quick activity or one scheduled without a heartbeat timeout', async () => {
    expect(await beatsWhile(20, 300)).toBe(0);
    expect(await beatsWhile(350, undefined)).toBe(0);
  });

  it('leaves media work to its own heartbeats, which stop while the worker drains', async () => {
    expect(await beatsWhile(350, 300, 'generateSceneImage')).toBe(0);
  });
});
