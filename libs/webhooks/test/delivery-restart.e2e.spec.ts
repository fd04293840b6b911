import { createHmac } from 'node:crypto';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { createVideo, finished, waitForVideo } from '../../../test/support/videos';

describe('webhook delivery across a worker crash', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    stack = await startOwnStack('webhooks-restart', {
      // Waits of 3 s and 6 s (less jitter): room to kill the worker in the middle of one.
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_BACKOFF_BASE_SECONDS: '3',
        WEBHOOK_BACKOFF_FACTOR: '2',
      },
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  it('a delivery in its backoff survives SIGKILL of the worker and makes exactly the remaining attempts', async () => {
    const { api } = await createAccount({ credits: 20, baseUrl: stack.baseUrl });
    const route = receiver.route([{ status: 500 }, { status: 503 }, { status: 200 }]);
    const hook = await api.post('/callbacks', { url: route.url, event: 'video.completed' });
    expect(hook.status, hook.text).toBe(201);
    const video = await createVideo(api, {
      prompt: 'Tides and the moon.',
      scene_count: 1,
      auto_approve: true,
    });
    expect((await waitForVideo(api, video.id, finished, 180_000)).status).toBe('completed');

    // The first attempt has failed and been recorded: the workflow now sleeps on its timer.
    const delivery = await eventually(async () => {
      const d = (await api.get(`/callbacks/${hook.body.id}/deliveries`)).body.data[0];
      return d?.attempts.length === 1 ? d : undefined;
    }, 'the first attempt');
    expect(Date.parse(delivery.next_retry_at)).toBeGreaterThan(Date.now());
    await stack.worker!.kill();
    const killedAt = Date.now();
    expect(route.received).toHaveLength(1);

    await stack.startWorker();
    const done = await eventually(
      async () => {
        const d = (await api.get(`/callbacks/${hook.body.id}/deliveries`)).body?.data?.[0];
        return d?.status === 'succeeded' ? d : undefined;
      },
      'the delivery to succeed after the restart',
      120_000,
    );
    expect(done.attempts.map((a: any) => [a.run, a.attempt, a.status_code])).toEqual([
      [1, 1, 500],
      [1, 2, 503],
      [1, 3, 200],
    ]);
    expect(route.received).toHaveLength(3);
    expect(route.received[1]!.receivedAt).toBeGreaterThan(killedAt);
    // Same delivery id on every attempt; a fresh timestamp and a signature to match each.
    expect(new Set(route.received.map((r) => r.headers['x-service-delivery-id']))).toEqual(
      new Set([delivery.id]),
    );
    const timestamps = route.received.map((r) => Number(r.headers['x-service-timestamp']));
    expect(timestamps[1]).toBeGreaterThan(timestamps[0]!);
    expect(timestamps[2]).toBeGreaterThan(timestamps[1]!);
    const secret = hook.body.secret;
    for (const r of route.received) {
      const expected = createHmac('sha256', secret)
        .update(`${r.headers['x-service-timestamp']}.`)
        .update(r.rawBody)
        .digest('hex');
      expect(r.headers['x-service-signature']).toBe(`sha256=${expected}`);
    }
    expect(new Set(route.received.map((r) => r.headers['x-service-signature'])).size).toBe(3);

    // Nothing more comes, and the log holds exactly the three attempts.
    await new Promise((r) => setTimeout(r, 2000));
    expect(route.received).toHaveLength(3);
    const rows = await testDb()
      .selectFrom('webhook_delivery_attempts')
      .select('attempt')
      .where('delivery_id', '=', delivery.id)
      .execute();
    expect(rows).toHaveLength(3);
  }, 240_000);
});
