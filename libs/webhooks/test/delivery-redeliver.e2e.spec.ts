import { randomUUID } from 'node:crypto';
import { AssetUrlSigner } from '@vidgen/assets';
import { eventually } from '@vidgen/stack-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { createVideo, download, finished, waitForVideo } from '../../../test/support/videos';
import { ISO_Z, signatureMatches, useDeliveryStack, withoutLinkSignatures } from './support/delivery-stack';

describe('webhook delivery to real HTTPS receivers', () => {
  const fixture = useDeliveryStack('webhooks-redeliver');
  const { hooks, addHook, deliveriesOf, settled, hookRecord } = fixture;
  let owner: TestAccount;
  let stranger: TestAccount;
  let completedVideo: any;

  beforeAll(() => {
    ({ owner, stranger, completedVideo } = fixture.made());
  });

  it('redelivers: a new run with the same delivery id and payload; 409 INVALID_STATE while one is in progress', async () => {
    const delivery = await settled('slow');
    expect(delivery.status).toBe('succeeded');
    const { route, secret, id } = hooks.slow!;
    const first = route.received[0]!;
    const redeliver = () => owner.api.post(`/callbacks/${id}/deliveries/${delivery.id}/redeliver`);

    // Two at once: Temporal admits one open run per workflow id, so exactly one starts.
    const answers = await Promise.all([redeliver(), redeliver()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const started = answers.find((r) => r.status === 200)!;
    const refused = answers.find((r) => r.status === 409)!;
    expect(refused.body.error.code).toBe('INVALID_STATE');
    expect(started.body.id).toBe(delivery.id);
    expect(started.body.status).toBe('pending');

    await eventually(() => (route.received.length === 2 ? true : undefined), 'the redelivery');
    const second = route.received[1]!;
    expect(second.headers['x-service-delivery-id']).toBe(delivery.id);
    // The same payload; only the asset links are signed afresh (their expiry moves on each hour).
    expect(withoutLinkSignatures(second.rawBody)).toBe(withoutLinkSignatures(first.rawBody));
    expect(signatureMatches(second, secret)).toBe(true);

    const after = await settled('slow');
    expect(after.status).toBe('succeeded');
    expect(after.attempts.map((x: any) => [x.run, x.attempt, x.outcome])).toEqual([
      [1, 1, 'succeeded'],
      [2, 1, 'succeeded'],
    ]);
  });

  it('redelivers with asset links signed afresh, long after the stored ones expired', async () => {
    const delivery = await settled('completed');
    const { route, secret, id } = hooks.completed!;
    // As if the delivery had been made a month ago: every stored link has long expired.
    await testDb()
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        payload: eb.fn('regexp_replace', [
          eb.ref('payload'),
          eb.val('expires=[0-9]+'),
          eb.val('expires=1000'),
          eb.val('g'),
        ]),
      }))
      .where('id', '=', delivery.id)
      .execute();
    const before = route.received.length;
    const res = await owner.api.post(`/callbacks/${id}/deliveries/${delivery.id}/redeliver`);
    expect(res.status, res.text).toBe(200);
    await eventually(() => (route.received.length > before ? true : undefined), 'the redelivery');
    const sent = route.received[before]!;
    expect(signatureMatches(sent, secret)).toBe(true);
    const body = JSON.parse(sent.rawBody.toString('utf8'));
    for (const field of ['video_url', 'audio_url', 'thumbnail_url', 'subtitles_url']) {
      const expires = Number(new URL(body.data[field]).searchParams.get('expires'));
      expect(expires * 1000, field).toBeGreaterThan(Date.now());
      const file = await download(body.data[field]);
      expect(file.status, field).toBe(200);
    }
  });

  it("never makes a working link to another account's asset from a link a client wrote in its prompt, at the attempt or at a redelivery", async () => {
    const { stack } = fixture.made();
    const origin = new URL(stack.baseUrl).origin;
    // The victim's file: the owner's finished video.
    const victimAsset = new URL(completedVideo.video_url).pathname.split('/')[4]!;
    const forged = [
      `https://x/api/v1/assets/${victimAsset}/content?expires=1&signature=${'0'.repeat(64)}`,
      `${origin}/api/v1/assets/${victimAsset}/content?expires=1&signature=${'0'.repeat(64)}`,
    ];
    const prompt = `Bees at dawn. ${forged[0]} and ${forged[1]}`;
    const attacker = await createAccount({ credits: 0, baseUrl: stack.baseUrl });
    const route = fixture.made().receiver.route([{ status: 200 }]);
    const hook = await attacker.api.post('/callbacks', { url: route.url, event: 'video.failed' });
    expect(hook.status, hook.text).toBe(201);
    const created = await createVideo(attacker.api, {
      prompt,
      scene_count: 1,
      auto_approve: true,
      faults: { scripting: { fail: true } },
    });
    const failed = await waitForVideo(attacker.api, created.id, finished, 180_000);
    expect(failed.status).toBe('failed');

    /** Every link in a delivery that names the victim's asset, and what this service answers to it. */
    const linksToVictim = async (raw: Buffer) => {
      const text = raw.toString('utf8');
      const links = [...text.matchAll(/https?:\/\/[^\s"\\]+/g)]
        .map((m) => m[0])
        .filter((u) => u.includes(victimAsset));
      // Asked of this service whatever host the link names: would it open the file?
      return Promise.all(
        links.map(async (u) => {
          const { pathname, search } = new URL(u);
          return [u, (await download(`${origin}${pathname}${search}`)).status] as const;
        }),
      );
    };

    await eventually(() => (route.received.length === 1 ? true : undefined), 'the video.failed delivery');
    const first = route.received[0]!;
    const body = JSON.parse(first.rawBody.toString('utf8'));
    expect(body.event).toBe('video.failed');
    const sentFirst = await linksToVictim(first.rawBody);
    for (const [u, status] of sentFirst) expect(status, u).not.toBe(200);
    // The client's text is sent as written: no link in it is rewritten or signed.
    expect(body.data.prompt).toBe(prompt);
    expect(sentFirst.map(([u]) => u).sort()).toEqual([...forged].sort());

    const deliveries = await attacker.api.get(`/callbacks/${hook.body.id}/deliveries`);
    const delivery = deliveries.body.data[0];
    await eventually(
      async () =>
        (await attacker.api.get(`/callbacks/${hook.body.id}/deliveries`)).body.data[0].status === 'succeeded'
          ? true
          : undefined,
      'the first run to finish',
    );
    const again = await attacker.api.post(`/callbacks/${hook.body.id}/deliveries/${delivery.id}/redeliver`);
    expect(again.status, again.text).toBe(200);
    await eventually(() => (route.received.length === 2 ? true : undefined), 'the redelivery');
    expect(JSON.parse(route.received[1]!.rawBody.toString('utf8')).data.prompt).toBe(prompt);
    for (const [u, status] of await linksToVictim(route.received[1]!.rawBody))
      expect(status, u).not.toBe(200);
  });

  it('accepts an asset link only for the asset it was signed for and only before its expiry', async () => {
    const { stack } = fixture.made();
    const origin = new URL(stack.baseUrl).origin;
    const setting = await testDb()
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'asset_url_secret')
      .executeTakeFirstOrThrow();
    const signer = new AssetUrlSigner(setting.value, origin, 24 * 3600);
    const [video, thumbnail] = ['video_url', 'thumbnail_url'].map(
      (f) => new URL(completedVideo[f]).pathname.split('/')[4]!,
    );
    // The signature made for the thumbnail does not open the video, nor the other way round.
    const thumbLink = new URL(signer.url(thumbnail!));
    expect((await download(thumbLink.toString())).status).toBe(200);
    const swapped = await download(thumbLink.toString().replace(thumbnail!, video!));
    expect(swapped.status).toBe(401);
    // A link signed in the past for a day, long expired, opens nothing.
    const expired = signer.url(video!, Date.now() - 30 * 24 * 3600_000);
    expect(Number(new URL(expired).searchParams.get('expires')) * 1000).toBeLessThan(Date.now());
    expect((await download(expired)).status).toBe(401);
  });

  it('sets a webhook inactive after WEBHOOK_DISABLE_AFTER_FAILURES exhausted deliveries in a row; PATCH activates it again', async () => {
    const delivery = await settled('down');
    const { id, route } = hooks.down!;
    const redeliver = () => owner.api.post(`/callbacks/${id}/deliveries/${delivery.id}/redeliver`);
    const runFinished = (runs: number) =>
      eventually(async () => {
        const d = (await deliveriesOf('down'))[0];
        return d.status !== 'pending' && d.attempts.length === 4 * runs ? d : undefined;
      }, `run ${runs} of the delivery to finish`);

    expect((await redeliver()).status).toBe(200);
    expect((await runFinished(2)).status).toBe('failed');
    expect(route.received).toHaveLength(8);
    expect((await hookRecord('down')).is_active).toBe(false);
    expect((await redeliver()).status).toBe(409);

    const patched = await owner.api.patch(`/callbacks/${id}`, { is_active: true });
    expect(patched.status, patched.text).toBe(200);
    expect(Object.keys(patched.body).sort()).toEqual([
      'created_at',
      'event',
      'id',
      'is_active',
      'secret',
      'url',
      'user_id',
    ]);
    expect(patched.body.is_active).toBe(true);
    expect(patched.body.created_at).toMatch(ISO_Z);

    // Activation starts the count afresh: one more exhausted delivery leaves it active.
    expect((await redeliver()).status).toBe(200);
    expect((await runFinished(3)).status).toBe('failed');
    expect(route.received).toHaveLength(12);
    expect((await hookRecord('down')).is_active).toBe(true);
  });

  it('lists deliveries newest first with a cursor', async () => {
    // A webhook made after the videos finished, with deliveries written straight to the table.
    await addHook(owner, 'paged', 'video.completed', [{ status: 200 }]);
    const rows = await testDb()
      .insertInto('webhook_deliveries')
      .values(
        [1, 2, 3].map((n) => ({
          webhook_id: hooks.paged!.id,
          account_id: owner.accountId,
          video_id: completedVideo.id,
          event: 'video.completed',
          occurrence_key: `paging-${n}`,
          payload: '{}',
          created_at: new Date(Date.now() - (10 - n) * 1000).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    const [oldest, middle, newest] = rows.map((r) => r.id);
    const page1 = await owner.api.get(`/callbacks/${hooks.paged!.id}/deliveries?limit=2`);
    expect(page1.status, page1.text).toBe(200);
    expect(page1.body.data.map((d: any) => d.id)).toEqual([newest, middle]);
    expect(typeof page1.body.next_cursor).toBe('string');
    const page2 = await owner.api.get(
      `/callbacks/${hooks.paged!.id}/deliveries?limit=2&cursor=${page1.body.next_cursor}`,
    );
    expect(page2.status, page2.text).toBe(200);
    expect(page2.body.data.map((d: any) => d.id)).toEqual([oldest]);
    expect(page2.body.next_cursor).toBeNull();
    const d = page1.body.data[0];
    expect(Object.keys(d).sort()).toEqual([
      'attempts',
      'batch_id',
      'created_at',
      'event',
      'id',
      'next_retry_at',
      'status',
      'updated_at',
      'video_id',
      'webhook_id',
    ]);
    expect(d).toMatchObject({ status: 'pending', attempts: [], video_id: completedVideo.id });

    for (const q of ['limit=0', 'limit=101', 'limit=x', 'cursor=nonsense']) {
      const res = await owner.api.get(`/callbacks/${hooks.paged!.id}/deliveries?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].loc[0]).toBe('query');
    }
  });

  it('PATCH /callbacks/{id} validates its body like every endpoint: 422 with details', async () => {
    const id = hooks.completed!.id;
    for (const [body, loc] of [
      [{}, ['body', 'is_active']],
      [{ is_active: 'false' }, ['body', 'is_active']],
      [{ is_active: 1 }, ['body', 'is_active']],
      [{ is_active: null }, ['body', 'is_active']],
      [{ is_active: true, url: 'https://example.com' }, ['body', 'url']],
    ] as const) {
      const res = await owner.api.patch(`/callbacks/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details.map((x: any) => x.loc)).toContainEqual(loc);
    }
    expect((await hookRecord('completed')).is_active).toBe(true);
  });

  it("answers 404 for another account's webhooks and deliveries, and checks scopes", async () => {
    const { id } = hooks.completed!;
    const delivery = (await deliveriesOf('completed'))[0];
    const paths = {
      list: `/callbacks/${id}/deliveries`,
      redeliver: `/callbacks/${id}/deliveries/${delivery.id}/redeliver`,
      patch: `/callbacks/${id}`,
    };
    for (const res of [
      await stranger.api.get(paths.list),
      await stranger.api.post(paths.redeliver),
      await stranger.api.patch(paths.patch, { is_active: false }),
      // A delivery id under a webhook it does not belong to, and ids that name nothing.
      await owner.api.post(`/callbacks/${hooks.flaky!.id}/deliveries/${delivery.id}/redeliver`),
      await owner.api.post(`/callbacks/${id}/deliveries/${randomUUID()}/redeliver`),
      await owner.api.get(`/callbacks/${randomUUID()}/deliveries`),
      await owner.api.get('/callbacks/not-a-uuid/deliveries'),
    ]) {
      expect(res.status, res.text).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
    expect((await hookRecord('completed')).is_active).toBe(true);

    const reader = await owner.keyWith(['callbacks:read']);
    const writer = await owner.keyWith(['callbacks:write']);
    expect((await reader.api.get(paths.list)).status).toBe(200);
    expect((await writer.api.get(paths.list)).status).toBe(403);
    expect((await reader.api.post(paths.redeliver)).status).toBe(403);
    expect((await reader.api.patch(paths.patch, { is_active: false })).status).toBe(403);
  });
});
