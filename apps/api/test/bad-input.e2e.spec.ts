import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { scenesOf, toGate } from '../../../test/support/lifecycle';

const ID = 'e95bced8-87a3-47b0-8124-627ce40d01c2';
const cursor = (text: string) => Buffer.from(text).toString('base64url');

/**
 * Input that passes the first look but used to reach the database or a recursive function and
 * come back as a 500: each is a 422 naming the field, and nothing is created.
 */
describe('bad input that looks almost right', () => {
  let account: TestAccount;
  beforeAll(async () => {
    account = await createAccount({ credits: 10 });
  });

  it('a tampered cursor in the right format is a 422 at query.cursor on every list', async () => {
    const hook = await account.api.post('/callbacks', {
      url: 'https://93.184.216.34/hooks/cursor',
      event: 'video.completed',
    });
    expect(hook.status, hook.text).toBe(201);
    const lists = ['/videos', '/assets', '/credits/ledger', `/callbacks/${hook.body.id}/deliveries`];
    const tampered = [
      cursor(`2026-13-45 99:00:00+00|${ID}`),
      cursor(`2026-02-30 10:00:00+00|${ID}`),
      cursor('2026-11-21 20:30:58+00|------------------------------------'),
      cursor(`2026-11-21 20:30:58+00|${ID}|more`),
    ];
    for (const list of lists) {
      for (const c of tampered) {
        const res = await account.api.get(`${list}?cursor=${c}`);
        expect(res.status, `${list} ${res.text}`).toBe(422);
        expect(res.body.error.code).toBe('VALIDATION_ERROR');
        expect(res.body.error.details.map((d: any) => d.loc)).toContainEqual(['query', 'cursor']);
      }
    }
  });

  it('a NUL character in a prompt or an edited narration is a 422 at that field, and nothing is created', async () => {
    const before = (await account.api.get('/videos?limit=100')).body.data.length;
    const res = await account.api.post('/videos', { prompt: 'Bees\u0000 at work', scene_count: 1 });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.details.map((d: any) => d.loc)).toContainEqual(['body', 'prompt']);
    expect((await account.api.get('/videos?limit=100')).body.data).toHaveLength(before);

    const video = await toGate(account.api, { prompt: 'Bees at work.', scene_count: 1 });
    const [scene] = await scenesOf(account.api, video.id);
    const edit = await account.api.patch(`/videos/${video.id}/scenes/${scene.id}`, {
      narration: 'Buzz\u0000.',
    });
    expect(edit.status, edit.text).toBe(422);
    expect(edit.body.error.details.map((d: any) => d.loc)).toContainEqual(['body', 'narration']);
    expect((await scenesOf(account.api, video.id))[0].narration).toBe(scene.narration);
  });

  it('deeply nested JSON is a 422 at body, with or without an Idempotency-Key', async () => {
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const body = `{"prompt":"Deep","scene_count":1,"extra":${deep}}`;
    for (const headers of [{}, { 'Idempotency-Key': 'deep-1' }] as Record<string, string>[]) {
      const res = await account.api.request('POST', '/videos', { rawBody: body, headers });
      expect(res.status, res.text).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((d: any) => d.loc)).toContainEqual(['body']);
    }
  });
});
