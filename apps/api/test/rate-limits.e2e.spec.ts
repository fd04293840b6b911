import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount } from '../../../test/support/api';
import { type Stack, startStack } from '../../../test/support/processes';

/** Fixed windows: start a per-minute check early enough in a minute that it cannot straddle two. */
async function awayFromMinuteEnd(): Promise<void> {
  const s = new Date().getUTCSeconds();
  if (s > 45) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

function secondsToUtcMidnight(): number {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
}

describe('rate limits (counters in PostgreSQL, shared by api instances)', () => {
  let a: Stack;
  let b: Stack;

  beforeAll(async () => {
    const ctx = inject('stack');
    const start = (name: string) =>
      startStack({
        databaseUrl: ctx.databaseUrl,
        temporalAddress: ctx.temporalAddress,
        // The shared worker's queue: videos created here are processed like any other.
        taskQueue: ctx.taskQueue,
        dataDir: path.join(ctx.dataDir, name),
        apiOnly: true,
        env: { RATE_LIMIT_PER_MINUTE: '6', VIDEO_CREATE_LIMIT_STARTER: '4' },
      });
    [a, b] = await Promise.all([start('rl-a'), start('rl-b')]);
  });
  afterAll(() => Promise.all([a?.stop(), b?.stop()]));

  it('the 11th video create in a day on the free plan is a 429 with the exact simple body and Retry-After', async () => {
    const account = await createAccount({ plan: 'free', baseUrl: a.baseUrl });
    // Keys hold 6 requests a minute each here; spread the creates so only the daily limit can bite.
    const keys: ApiClient[] = [];
    for (let i = 0; i < 4; i++) keys.push((await account.keyWith(['videos:*'])).api);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await keys[i % 4]!.post('/videos', { prompt: `Daily ${i}.`, scene_count: 1 });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');
    }
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(3);
    const eleventh = await keys[0]!.post('/videos', { prompt: 'One too many.', scene_count: 1 });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThanOrEqual(5);
    // Other endpoints are not part of the daily video limit.
    expect((await keys[1]!.get('/videos')).status).toBe(200);
  });

  it('two api instances share one per-key counter: the 7th request in a minute is refused by either', async () => {
    await awayFromMinuteEnd();
    const account = await createAccount({ plan: 'pro', baseUrl: a.baseUrl });
    const onB = new ApiClient(b.baseUrl, account.key);
    const results = [];
    for (let i = 0; i < 6; i++) results.push((await (i % 2 ? onB : account.api).get('/credits')).status);
    expect(results).toEqual([200, 200, 200, 200, 200, 200]);
    const seventh = await onB.get('/credits');
    expect(seventh.status).toBe(429);
    expect(seventh.body).toEqual({ error: 'Rate limit exceeded: 6 per 1 minute' });
    const retryAfter = Number(seventh.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await account.api.get('/credits')).status).toBe(429);
    // Another key of the same account has its own per-minute budget.
    const other = await account.keyWith(['credits:read']);
    expect((await other.api.get('/credits')).status).toBe(200);
  });

  it('the daily video limit follows the plan and is shared by both instances', async () => {
    await awayFromMinuteEnd();
    const account = await createAccount({ plan: 'starter', baseUrl: a.baseUrl });
    const onB = new ApiClient(b.baseUrl, account.key);
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const client = i % 2 ? onB : account.api;
      statuses.push((await client.post('/videos', { prompt: `Starter ${i}.`, scene_count: 1 })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    const fifth = await account.api.post('/videos', { prompt: 'Starter 5.', scene_count: 1 });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ error: 'Rate limit exceeded: 4 per 1 day' });
  });
});
