import { eventually, type HttpsReceiver, sleepMs } from '@vidgen/stack-harness';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestAccount, testDb } from '../../../test/support/api';
import { download, events } from '../../../test/support/videos';
import {
  BASE_MS,
  FACTOR,
  ISO_Z,
  NAIVE_MICROS,
  signatureMatches,
  UUID,
  useDeliveryStack,
} from './support/delivery-stack';
import { runPythonSdkTest } from './support/python-sdk';

describe('webhook delivery to real HTTPS receivers', () => {
  const fixture = useDeliveryStack('webhooks-attempts');
  const { hooks, deliveriesOf, settled, hookRecord } = fixture;
  let receiver: HttpsReceiver;
  let owner: TestAccount;
  let stranger: TestAccount;
  let completedVideo: any;
  let failedVideo: any;

  beforeAll(() => {
    ({ receiver, owner, stranger, completedVideo, failedVideo } = fixture.made());
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

  it("is verified by the Python SDK's verify_webhook, as received (clients/python)", async () => {
    await settled('completed');
    await settled('failed');
    const deliveries = (['completed', 'failed'] as const).flatMap((event) =>
      hooks[event]!.route.received.map((req) => ({
        secret: hooks[event]!.secret,
        headers: req.headers,
        body_base64: req.rawBody.toString('base64'),
      })),
    );
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    const { stderr } = await runPythonSdkTest('tests.test_webhooks', deliveries);
    expect(stderr).toMatch(/test_accepts_the_deliveries_a_running_service_signed .* ok/);
    expect(stderr).toMatch(/^OK$/m);
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
    // Each attempt on a connection of its own, the later ones resuming a TLS session of an earlier one.
    expect(new Set(route.received.map((r) => r.remotePort)).size).toBe(3);
    expect(route.received.slice(1).map((r) => r.tlsSessionReused)).toEqual([true, true]);

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

  it('retries a receiver that answers 410 Gone like any failure: four attempts, then sets the webhook inactive', async () => {
    const delivery = await settled('gone');
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((a: any) => a.status_code)).toEqual([410, 410, 410, 410]);
    expect(delivery.attempts.slice(0, 3).every((a: any) => a.next_retry_at !== null)).toBe(true);
    expect(delivery.attempts[3].next_retry_at).toBeNull();
    await sleepMs(3 * BASE_MS * FACTOR ** 2);
    expect(hooks.gone!.route.received).toHaveLength(4);
    // The run ended on a 410: the receiver says the endpoint is gone, so the webhook rests.
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

  it("counts each recorded attempt once in the worker's vidgen_webhook_attempts_total, by outcome", async () => {
    const accounts = [owner.accountId, stranger.accountId];
    // Every delivery of this stack's accounts has finished its run: nothing more will be attempted.
    await eventually(
      async () => {
        const open = await testDb()
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('account_id', 'in', accounts)
          .where('status', '=', 'pending')
          .execute();
        return open.length === 0 ? true : undefined;
      },
      'every delivery to finish',
      90_000,
    );
    const rows = await testDb()
      .selectFrom('webhook_delivery_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(['a.outcome', 'a.status_code'])
      .where('d.account_id', 'in', accounts)
      .execute();
    const expected = { delivered: 0, failed: 0, gone: 0 };
    for (const r of rows) {
      expected[r.outcome === 'succeeded' ? 'delivered' : r.status_code === 410 ? 'gone' : 'failed']++;
    }
    expect(expected.delivered).toBeGreaterThan(0);
    expect(expected.failed).toBeGreaterThan(0);
    expect(expected.gone).toBe(4);
    // This stack's worker ran only these deliveries (its own task queue).
    const text = await (await fetch(fixture.made().stack.workerMetricsUrl)).text();
    const counted = (outcome: string) =>
      Number(
        new RegExp(`^vidgen_webhook_attempts_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1],
      );
    expect({ delivered: counted('delivered'), failed: counted('failed'), gone: counted('gone') }).toEqual(
      expected,
    );
  });
});
