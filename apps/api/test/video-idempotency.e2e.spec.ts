import { describe, expect, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';

/**
 * POST /videos under an Idempotency-Key whose claim was freed: the api that ran the create died
 * after the video committed and before it answered, and the lease sweep freed its claim
 * (docs/decisions/0049-idempotency-claim-owners.md). The video records its key and the request's
 * hash where it commits (docs/decisions/0070-batch-durability-and-refunds.md), so the retry gets
 * that video. The claim is freed here by hand, as the sweep would, to show it without a kill.
 */
describe('POST /videos retried under a key whose claim was freed', () => {
  const freeClaim = (account: TestAccount) =>
    testDb().deleteFrom('idempotency_keys').where('account_id', '=', account.accountId).execute();
  const videosOf = async (account: TestAccount) =>
    (
      await testDb().selectFrom('videos').select('id').where('account_id', '=', account.accountId).execute()
    ).map((v) => v.id);
  /** The day's creations counted against the plan's quota. */
  const creationsOf = async (account: TestAccount) =>
    Number(
      (
        await testDb()
          .selectFrom('rate_limit_counters')
          .select((eb) => eb.fn.sum<number>('count').as('count'))
          .where('key', '=', `videos:create:${account.accountId}`)
          .executeTakeFirst()
      )?.count ?? 0,
    );

  it('gets the video the first request made, takes no second creation, and another body is 409 CONFLICT', async () => {
    const account = await createAccount({ credits: 50, plan: 'free' });
    const key = { 'Idempotency-Key': `freed-video-${account.accountId}` };
    const body = {
      prompt: 'How lighthouses warn ships',
      scenes: [{ narration: 'A beam sweeps the dark sea.' }],
      auto_approve: false,
    };

    const first = await account.api.post('/videos', body, key);
    expect(first.status, first.text).toBe(201);
    expect(await creationsOf(account)).toBe(1);

    await freeClaim(account);
    const again = await account.api.post('/videos', body, key);
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toMatchObject({ prompt: body.prompt, scene_count: 1 });
    expect(await videosOf(account)).toEqual([first.body.id]);
    expect(await creationsOf(account)).toBe(1);
    // The key is the store's again: a further retry replays.
    const replay = await account.api.post('/videos', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(first.body.id);

    await freeClaim(account);
    const other = await account.api.post('/videos', { ...body, prompt: 'How foghorns warn ships' }, key);
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect(await videosOf(account)).toEqual([first.body.id]);
    expect(await creationsOf(account)).toBe(1);
  });

  it('another key, or none, still makes another video', async () => {
    const account = await createAccount({ credits: 50, plan: 'free' });
    const body = { prompt: 'Why the sky is blue', scenes: [{ narration: 'Air scatters blue light.' }] };
    const a = await account.api.post('/videos', body, { 'Idempotency-Key': `a-${account.accountId}` });
    await freeClaim(account);
    const b = await account.api.post('/videos', body, { 'Idempotency-Key': `b-${account.accountId}` });
    const c = await account.api.post('/videos', body);
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.id, b.body.id, c.body.id]).size).toBe(3);
    expect((await videosOf(account)).sort()).toEqual([a.body.id, b.body.id, c.body.id].sort());
  });
});
