import { describe, expect, it } from 'vitest';
import { activityEnv } from '../../test/support/activity-fakes';
import { heartbeating } from './heartbeat';

describe('heartbeating', () => {
  it('heartbeats at once and keeps heartbeating while the work runs, then stops', async () => {
    const env = activityEnv();
    let beats = 0;
    let release: () => void = () => undefined;
    // The work ends only after its third heartbeat: without the beats it never would.
    env.on('heartbeat', () => {
      beats++;
      if (beats === 3) release();
    });
    const result = await env.run(() =>
      heartbeating(() => new Promise<string>((resolve) => (release = () => resolve('done')))),
    );
    expect(result).toBe('done');
    const after = beats;
    await new Promise((r) => setTimeout(r, 2500));
    expect(beats).toBe(after);
  });

  it('passes the work’s failure through', async () => {
    await expect(
      activityEnv().run(() => heartbeating(() => Promise.reject(new Error('provider down')))),
    ).rejects.toThrow('provider down');
  });
});
