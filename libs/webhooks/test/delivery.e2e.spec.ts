import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { type Stack, startStack } from '../../../test/support/processes';
import { createVideo, download, events, finished, waitForVideo } from '../../../test/support/videos';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type ReceivedRequest,
  type Reply,
  type Route,
  sleepMs,
  type TestCertificates,
} from './support/https-receiver';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
/** WEBHOOK_BACKOFF_BASE_SECONDS / _FACTOR of this stack: waits of 0.2 s, 0.4 s, 0.8 s less up to 20% jitter. */
const BASE_MS = 200;
const FACTOR = 2;

/** What a receiver does (docs/webhooks.md): recompute the HMAC over the raw body, compare in constant time. */
function signatureMatches(req: ReceivedRequest, secret: string): boolean {
  const timestamp = String(req.headers['x-service-timestamp']);
  const given = Buffer.from(String(req.headers['x-service-signature']));
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(req.rawBody).digest('hex')}`,
  );
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A payload with the expiry and signature of its asset links blanked out. */
function withoutLinkSignatures(raw: Buffer): string {
  return raw.toString('utf8').replace(/expires=\d+&signature=[0-9a-f]{64}/g, 'expires=…&signature=…');
}

describe('webhook delivery to real HTTPS receivers', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;
  let owner: TestAccount;
  let stranger: TestAccount;
  let completedVideo: any;
  let failedVideo: any;
  const hooks: Record<string, { id: string; secret: string; route: Route }> = {};

  async function addHook(account: TestAccount, name: string, event: string, replies: Reply[]) {
    const route = receiver.route(replies);
    const res = await account.api.post('/callbacks', { url: route.url, event });
    expect(res.status, res.text).toBe(201);
    hooks[name] = { id: res.body.id, secret: res.body.secret, route };
  }

  async function deliveriesOf(name: string, account = owner): Promise<any[]> {
    const res = await account.api.get(`/callbacks/${hooks[name]!.id}/deliveries`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** The webhook's only delivery, once its current run has finished. */
  function settled(name: string, timeoutMs = 60_000): Promise<any> {
    return eventually(
      async () => {
        const list = await deliveriesOf(name);
        return list.length === 1 && list[0].status !== 'pending' ? list[0] : undefined;
      },
      `the delivery to ${name} to finish`,
      timeoutMs,
    );
  }

  const hookRecord = async (name: string) =>
    (await owner.api.get('/callbacks')).body.find((w: any) => w.id === hooks[name]!.id);

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    const ctx = inject('stack');
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `webhooks-${Date.now()}`,
      dataDir: path.join(ctx.dataDir, 'webhooks'),
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_BACKOFF_BASE_SECONDS: String(BASE_MS / 1000),
        WEBHOOK_BACKOFF_FACTOR: String(FACTOR),
        WEBHOOK_TIMEOUT_SECONDS: '1',
        WEBHOOK_DISABLE_AFTER_FAILURES: '2',
        VIDGEN_FAULT_INJECTION: '1',
      },
    });
    owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    stranger = await createAccount({ credits: 100, baseUrl: stack.baseUrl });

    await addHook(owner, 'completed', 'video.completed', [{ status: 200 }]);
    await addHook(owner, 'failed', 'video.failed', [{ status: 200 }]);
    await addHook(owner, 'flaky', 'video.completed', [{ status: 500 }, { status: 500 }, { status: 204 }]);
    await addHook(owner, 'down', 'video.completed', [{ status: 500 }]);
    await addHook(owner, 'redirect', 'video.completed', [
      { status: 301, headers: { Location: `https://localhost:${receiver.port}/elsewhere` } },
    ]);
    await addHook(owner, 'gone', 'video.completed', [{ status: 410 }]);
    await addHook(owner, 'hang', 'video.completed', ['hang']);
    await addHook(owner, 'slow', 'video.completed', [{ status: 200, delayMs: 600 }]);
    await addHook(owner, 'paused', 'video.completed', [{ status: 200 }]);
    const paused = await owner.api.patch(`/callbacks/${hooks.paused!.id}`, { is_active: false });
    expect(paused.status, paused.text).toBe(200);
    await addHook(stranger, 'strangerCompleted', 'video.completed', [{ status: 200 }]);
    await addHook(stranger, 'strangerFailed', 'video.failed', [{ status: 200 }]);

    const prompt = 'How lighthouses guide ships at night.';
    const c = await createVideo(owner.api, { prompt, scene_count: 1, auto_approve: true });
    const f = await createVideo(owner.api, {
      prompt,
      scene_count: 1,
      auto_approve: true,
      faults: { rendering: { timeout: true } },
    });
    completedVideo = await waitForVideo(owner.api, c.id, finished, 180_000);
    failedVideo = await waitForVideo(owner.api, f.id, finished, 180_000);
    expect(completedVideo.status).toBe('completed');
    expect(failedVideo.status).toBe('failed');
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  it('delivers video.completed once, signed over the raw body, with exactly event, video_id, data and created_at', async () => {
    const delivery = await settled('completed');
    expect(delivery.status).toBe('succeeded');
    const { route, secret } = hooks.completed!;
    expect(route.received).toHaveLength(1);
    const req = route.received[0]!;

    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(signatureMatches(req, secret)).toBe(true);
    expect(req.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    const timestamp = Number(req.headers['x-service-timestamp']);
    expect(String(timestamp)).toBe(req.headers['x-service-timestamp']);
    expect(Math.abs(timestamp - req.receivedAt / 1000)).toBeLessThan(5);
    expect(req.headers['x-service-delivery-id']).toBe(delivery.id);
    expect(delivery.id).toMatch(UUID);

    const body = JSON.parse(req.rawBody.toString('utf8'));
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'event', 'video_id']);
    expect(body.event).toBe('video.completed');
    expect(body.video_id).toBe(completedVideo.id);
    expect(Number.isInteger(body.created_at)).toBe(true);
    // created_at is when the video completed: its `completed` event, in Unix seconds.
    const completedEvent = (await events(owner.api, completedVideo.id)).find((e) => e.type === 'completed');
    expect(body.created_at).toBe(Math.floor(Date.parse(`${completedEvent.created_at}Z`) / 1000));

    // data is the video record of interface 2.2, exactly as the api renders it.
    const record = (await owner.api.get(`/videos/${completedVideo.id}`)).body;
    expect(body.data).toEqual(record);
    expect(body.data.status).toBe('completed');
    expect(body.data.created_at).toMatch(NAIVE_MICROS);
    expect(body.data.updated_at).toMatch(NAIVE_MICROS);
    for (const field of ['video_url', 'audio_url', 'thumbnail_url']) {
      expect(body.data[field]).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/api\/v1\/assets\/.+signature=[0-9a-f]{64}/,
      );
      const file = await download(body.data[field]); // no API key: the URL is signed
      expect(file.status, field).toBe(200);
      expect(file.body.length).toBeGreaterThan(0);
    }
  });

  it('delivers video.failed of a failed video to the video.failed webhook only', async () => {
    const delivery = await settled('failed');
    expect(delivery.status).toBe('succeeded');
    expect(delivery.video_id).toBe(failedVideo.id);
    const { route, secret } = hooks.failed!;
    expect(route.received).toHaveLength(1);
    const req = route.received[0]!;
    expect(signatureMatches(req, secret)).toBe(true);
    const body = JSON.parse(req.rawBody.toString('utf8'));
    expect(Object.keys(body).sort()).toEqual(['created_at', 'data', 'event', 'video_id']);
    expect(body.event).toBe('video.failed');
    expect(body.video_id).toBe(failedVideo.id);
    expect(body.data.status).toBe('failed');
    expect(body.data.failure_reason.code).toBe('RENDER_TIMEOUT');
    expect(body.data).toEqual((await owner.api.get(`/videos/${failedVideo.id}`)).body);
  });

  it("sends nothing to another account's webhooks, to the other event's webhook, or to an inactive one", async () => {
    // Wait for every delivery of the owner's two videos to finish, then count.
    for (const name of ['completed', 'failed', 'flaky', 'down', 'redirect', 'gone', 'hang', 'slow']) {
      await settled(name);
    }
    const bodies = (name: string) => hooks[name]!.route.received.map((r) => JSON.parse(r.rawBody.toString()));
    expect(bodies('completed').map((b) => [b.event, b.video_id])).toEqual([
      ['video.completed', completedVideo.id],
    ]);
    expect(bodies('failed').map((b) => [b.event, b.video_id])).toEqual([['video.failed', failedVideo.id]]);
    expect(hooks.paused!.route.received).toEqual([]);
    expect(await deliveriesOf('paused')).toEqual([]);
    expect(hooks.strangerCompleted!.route.received).toEqual([]);
    expect(hooks.strangerFailed!.route.received).toEqual([]);
    expect(await deliveriesOf('strangerCompleted', stranger)).toEqual([]);
    expect(await deliveriesOf('strangerFailed', stranger)).toEqual([]);
  });

  it('retries a receiver that answers 500, 500, 204: exactly three attempts, growing gaps, one success', async () => {
    const delivery = await settled('flaky');
    expect(delivery.status).toBe('succeeded');
    const { route, secret } = hooks.flaky!;
    await sleepMs(4 * BASE_MS * FACTOR ** 2);
    expect(route.received).toHaveLength(3);
    expect(new Set(route.received.map((r) => r.headers['x-service-delivery-id']))).toEqual(
      new Set([delivery.id]),
    );
    for (const req of route.received) expect(signatureMatches(req, secret)).toBe(true);
    expect(new Set(route.received.map((r) => r.rawBody.toString()))).toHaveProperty('size', 1);

    const [a, b, c] = route.received.map((r) => r.receivedAt) as [number, number, number];
    const gap1 = b - a;
    const gap2 = c - b;
    expect(gap1).toBeGreaterThanOrEqual(0.8 * BASE_MS);
    expect(gap2).toBeGreaterThanOrEqual(0.8 * BASE_MS * FACTOR);
    expect(gap2).toBeGreaterThan(gap1);

    expect(delivery.attempts.map((x: any) => [x.run, x.attempt, x.status_code, x.outcome])).toEqual([
      [1, 1, 500, 'failed'],
      [1, 2, 500, 'failed'],
      [1, 3, 204, 'succeeded'],
    ]);
    const [first, second, third] = delivery.attempts;
    for (const attempt of delivery.attempts) {
      expect(attempt.attempted_at).toMatch(ISO_Z);
      expect(attempt.error).toBeNull();
      expect(Number.isInteger(attempt.duration_ms)).toBe(true);
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(0);
    }
    expect(first.next_retry_at).toMatch(ISO_Z);
    expect(second.next_retry_at).toMatch(ISO_Z);
    expect(third.next_retry_at).toBeNull();
    expect(Date.parse(first.next_retry_at)).toBeGreaterThan(Date.parse(first.attempted_at));
    expect(Date.parse(second.attempted_at)).toBeGreaterThanOrEqual(Date.parse(first.next_retry_at) - 50);
    expect(delivery.next_retry_at).toBeNull();
  });

  it('gives up on an always-failing receiver after exactly four attempts', async () => {
    const delivery = await settled('down');
    expect(delivery.status).toBe('failed');
    // Longer than any wait of the schedule: a fifth attempt would have come by now.
    await sleepMs(3 * BASE_MS * FACTOR ** 2);
    expect(hooks.down!.route.received).toHaveLength(4);
    expect(delivery.attempts.map((x: any) => x.status_code)).toEqual([500, 500, 500, 500]);
    expect(delivery.attempts.map((x: any) => x.next_retry_at === null)).toEqual([false, false, false, true]);
    // One exhausted delivery is below WEBHOOK_DISABLE_AFTER_FAILURES=2.
    expect((await hookRecord('down')).is_active).toBe(true);
  });

  it('counts a redirect as a failed attempt and never follows it', async () => {
    const delivery = await settled('redirect');
    expect(delivery.status).toBe('failed');
    expect(hooks.redirect!.route.received).toHaveLength(4);
    for (const attempt of delivery.attempts) {
      expect(attempt.status_code).toBe(301);
      expect(attempt.error).toMatch(/^redirect to https:\/\/localhost:\d+\/elsewhere not followed$/);
    }
    expect(receiver.unrouted.filter((r) => r.path.startsWith('/elsewhere'))).toEqual([]);
  });

  it('sets the webhook inactive on 410 Gone and makes no further attempt', async () => {
    const delivery = await settled('gone');
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(1);
    expect(delivery.attempts[0].status_code).toBe(410);
    expect(delivery.attempts[0].next_retry_at).toBeNull();
    await sleepMs(3 * BASE_MS * FACTOR ** 2);
    expect(hooks.gone!.route.received).toHaveLength(1);
    expect((await hookRecord('gone')).is_active).toBe(false);
    // Redelivering to an inactive webhook is refused until it is activated again.
    const again = await owner.api.post(`/callbacks/${hooks.gone!.id}/deliveries/${delivery.id}/redeliver`);
    expect(again.status, again.text).toBe(409);
    expect(again.body.error.code).toBe('INVALID_STATE');
  });

  it('times out a receiver that never answers (WEBHOOK_TIMEOUT_SECONDS=1), four times', async () => {
    const delivery = await settled('hang');
    expect(delivery.status).toBe('failed');
    expect(hooks.hang!.route.received).toHaveLength(4);
    for (const attempt of delivery.attempts) {
      expect(attempt.status_code).toBeNull();
      expect(attempt.error).toBe('timed out after 1 s');
      expect(attempt.duration_ms).toBeGreaterThanOrEqual(950);
      expect(attempt.duration_ms).toBeLessThan(3000);
    }
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

  it('keeps every attempt in the append-only attempts table', async () => {
    const delivery = (await deliveriesOf('flaky'))[0];
    const rows = await testDb()
      .selectFrom('webhook_delivery_attempts')
      .select(['run', 'attempt', 'status_code'])
      .where('delivery_id', '=', delivery.id)
      .orderBy('attempt')
      .execute();
    expect(rows).toEqual([
      { run: 1, attempt: 1, status_code: 500 },
      { run: 1, attempt: 2, status_code: 500 },
      { run: 1, attempt: 3, status_code: 204 },
    ]);
  });
});
