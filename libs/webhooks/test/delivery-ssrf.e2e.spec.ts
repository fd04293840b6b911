import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type Route,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { createVideo, finished, waitForVideo } from '../../../test/support/videos';

/**
 * Creation refuses private destinations, but a row can get there another way (an older
 * release, a DNS answer that changed since). Delivery checks the address it connects to.
 */
describe('webhook delivery refuses private destinations (WEBHOOK_ALLOW_PRIVATE_NETWORKS unset)', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;
  let account: TestAccount;
  let loopbackRoute: Route;
  let loopbackLiteralRoute: Route;
  const webhookIds: Record<string, string> = {};

  async function insertWebhook(name: string, url: string) {
    const row = await testDb()
      .insertInto('webhooks')
      .values({ account_id: account.accountId, url, event: 'video.completed', secret: 'whsec_ssrf_test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    webhookIds[name] = row.id;
  }

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    stack = await startOwnStack('webhooks-ssrf', {
      // The receiver's CA is trusted: without the SSRF check these deliveries would arrive.
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
        WEBHOOK_BACKOFF_FACTOR: '2',
      },
    });
    account = await createAccount({ credits: 20, baseUrl: stack.baseUrl });
    loopbackRoute = receiver.route([{ status: 200 }], 'localhost');
    loopbackLiteralRoute = receiver.route([{ status: 200 }], '127.0.0.1');
    // The api refuses these at creation; they go straight into the table.
    for (const url of [loopbackRoute.url, loopbackLiteralRoute.url]) {
      const res = await account.api.post('/callbacks', { url, event: 'video.completed' });
      expect(res.status, res.text).toBe(422);
    }
    await insertWebhook('localhost', loopbackRoute.url);
    await insertWebhook('loopback literal', loopbackLiteralRoute.url);
    await insertWebhook('metadata', 'https://169.254.169.254/latest/meta-data/iam');

    const video = await createVideo(account.api, {
      prompt: 'Why the sky is blue.',
      scene_count: 1,
      auto_approve: true,
    });
    expect((await waitForVideo(account.api, video.id, finished, 180_000)).status).toBe('completed');
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  it.each([
    ['localhost', /^refused: localhost resolves to a non-public address \(127\.0\.0\.1\)$/],
    ['loopback literal', /^refused: 127\.0\.0\.1 resolves to a non-public address \(127\.0\.0\.1\)$/],
    ['metadata', /^refused: 169\.254\.169\.254 resolves to a non-public address \(169\.254\.169\.254\)$/],
  ])(
    'refuses the %s webhook at delivery and records each refusal as a failed attempt',
    async (name, error) => {
      const id = webhookIds[name]!;
      const delivery = await eventually(async () => {
        const res = await account.api.get(`/callbacks/${id}/deliveries`);
        expect(res.status, res.text).toBe(200);
        const d = res.body.data[0];
        return d && d.status !== 'pending' ? d : undefined;
      }, `the delivery to ${name} to finish`);
      expect(delivery.status).toBe('failed');
      expect(delivery.attempts).toHaveLength(4);
      for (const attempt of delivery.attempts) {
        expect(attempt.outcome).toBe('failed');
        expect(attempt.status_code).toBeNull();
        expect(attempt.error).toMatch(error);
      }
    },
  );

  it('never reached the receiver', () => {
    expect(loopbackRoute.received).toEqual([]);
    expect(loopbackLiteralRoute.received).toEqual([]);
    expect(receiver.unrouted).toEqual([]);
  });
});
