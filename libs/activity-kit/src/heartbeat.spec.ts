import { setTimeout as sleep } from 'node:timers/promises';
import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { heartbeating } from './heartbeat';

const quiet = {
  log: () => undefined,
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** An activity environment whose heartbeats (and their details) are recorded. */
function recorded() {
  const env = new MockActivityEnvironment({}, { logger: quiet });
  const beats: unknown[] = [];
  env.on('heartbeat', (d: unknown) => beats.push(d));
  return { env, beats };
}

describe('heartbeating', () => {
  it('heartbeats at once and keeps heartbeating while the work runs, then stops', async () => {
    const { env, beats } = recorded();
    let release: () => void = () => undefined;
    // The work ends only after its third heartbeat: without the beats it never would.
    env.on('heartbeat', () => {
      if (beats.length === 3) release();
    });
    const result = await env.run(() =>
      heartbeating(() => new Promise<string>((resolve) => (release = () => resolve('done')))),
    );
    expect(result).toBe('done');
    const after = beats.length;
    await sleep(2500);
    expect(beats.length).toBe(after);
  });

  it('passes the work’s failure through', async () => {
    await expect(
      recorded().env.run(() => heartbeating(() => Promise.reject(new Error('provider down')))),
    ).rejects.toThrow('provider down');
  });

  it('carries the details of the moment in each beat, the first one only after the interval when asked', async () => {
    const { env, beats } = recorded();
    let progress = 0;
    await env.run(() =>
      heartbeating(
        async () => {
          expect(beats).toEqual([]);
          progress = 0.5;
          await sleep(250);
        },
        { everyMs: 100, atOnce: false, details: () => ({ progress }) },
      ),
    );
    expect(beats.length).toBeGreaterThanOrEqual(1);
    expect(beats[0]).toEqual({ progress: 0.5 });
  });
});
