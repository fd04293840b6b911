import { type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createAccount, testDb } from '../../../test/support/api';
import { startApis } from '../../../test/support/own-stack';

/** Fixed windows: start a per-minute check early enough in a minute that it cannot straddle two. */
async function awayFromMinuteEnd(): Promise<void> {
  const s = new Date().getUTCSeconds();
  if (s > 45) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

function secondsToUtcMidnight(): number {
  const now = new Date();
  return (Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000;
}

/**
 * Frees the slots these videos hold: waits (on the database, sparing the keys' per-minute budget)
 * until each is at the review gate, where it still holds its slot, then deletes it.
 */
async function freeSlots(ids: string[], api: () => ApiClient): Promise<void> {
  await atGate(ids);
  for (const id of ids) {
    if (freed.has(id)) continue;
    const res = await api().delete(`/videos/${id}`);
    expect(res.status, res.text).toBe(204);
    freed.add(id);
  }
}
const freed = new Set<string>();

/** Waits (on the database, sparing the keys' per-minute budget) until these videos are at the review gate. */
async function atGate(ids: string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const busy = await testDb()
      .selectFrom('videos')
      .select('id')
      .where('id', 'in', ids)
      .where('awaiting_approval', '=', false)
      .execute();
    if (busy.length === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('videos did not reach the review gate');
}

describe('rate limits (counters in PostgreSQL, shared by api instances)', () => {
  let a: Stack;
  let b: Stack;

  beforeAll(async () => {
    [a, b] = await startApis(['rl-a', 'rl-b'], {
      RATE_LIMIT_PER_MINUTE: '6',
      VIDEO_CREATE_LIMIT_STARTER: '4',
      VIDGEN_FAULT_INJECTION: '1',
    });
  });
  afterAll(() => Promise.all([a?.stop(), b?.stop()]));

  it('the 11th video created in a day on the free plan is a 429 with the exact simple body and Retry-After; only created videos count', async () => {
    const account = await createAccount({ plan: 'free', baseUrl: a.baseUrl });
    // Keys hold 6 requests a minute each here; spread the requests so only the daily limit can bite.
    const keys: ApiClient[] = [];
    for (let i = 0; i < 5; i++) keys.push((await account.keyWith(['videos:*'])).api);
    let turn = 0;
    const next = () => keys[turn++ % keys.length]!;
    const created: string[] = [];
    const create = async (body: Record<string, unknown>, headers?: Record<string, string>) => {
      const res = await next().post('/videos', { scene_count: 1, ...body }, headers);
      if (res.status === 201 && res.headers.get('idempotent-replayed') !== 'true') created.push(res.body.id);
      return res;
    };

    // Three held in scripting fill the account's slots: a fourth is refused and not counted.
    for (let i = 0; i < 3; i++) {
      const res = await create({ prompt: `Held ${i}.`, faults: { scripting: { fail_attempts: 2 } } });
      expect(res.status, res.text).toBe(201);
    }
    const busy = await create({ prompt: 'No slot.' });
    expect(busy.status).toBe(429);
    expect(busy.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');
    // Invalid requests create nothing and are not counted either.
    expect((await create({ prompt: '' })).status).toBe(422);
    await freeSlots(created, next);
    const first = await create({ prompt: 'Once.' }, { 'Idempotency-Key': 'daily-once' });
    expect(first.status).toBe(201);
    await freeSlots(created, next);
    while (created.length < 10) {
      expect((await create({ prompt: `Daily ${created.length}.` })).status).toBe(201);
      await freeSlots(created, next);
    }

    const eleventh = await create({ prompt: 'One too many.' });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ error: 'Rate limit exceeded: 10 per 1 day' });
    const retryAfter = Number(eleventh.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - secondsToUtcMidnight())).toBeLessThanOrEqual(5);
    // A replay creates nothing, so the limit does not stand in its way.
    const replay = await create({ prompt: 'Once.' }, { 'Idempotency-Key': 'daily-once' });
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    // Other endpoints are not part of the daily video limit.
    expect((await next().get('/videos')).status).toBe(200);
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
    // Deletes that free the slots go through another key, so the first key's budget is all creates.
    const cleaner = (await account.keyWith(['videos:*'])).api;
    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      const client = i % 2 ? onB : account.api;
      const res = await client.post('/videos', { prompt: `Starter ${i}.`, scene_count: 1 });
      expect(res.status, res.text).toBe(201);
      created.push(res.body.id);
      await freeSlots(created, () => cleaner);
    }
    const fifth = await account.api.post('/videos', { prompt: 'Starter 5.', scene_count: 1 });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ error: 'Rate limit exceeded: 4 per 1 day' });
  });
});
