import { verifyWebhook } from '@vidgen/client';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';

describe('batch.completed', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    // The receiver is an HTTPS server on 127.0.0.1 with a CA of its own, which this stack trusts.
    stack = await startOwnStack('batch-webhook', {
      env: { NODE_EXTRA_CA_CERTS: certs.caPath, WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  it('is delivered once, signed, with the completed batch record, when every row has finished', async () => {
    const { api } = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const route = receiver.route([{ status: 200 }]);
    const hook = await api.post('/callbacks', { url: route.url, event: 'batch.completed' });
    expect(hook.status, hook.text).toBe(201);
    const template = await api.post('/templates', {
      name: 'Greeting',
      request: { prompt: 'A greeting for {{name}}', scenes: [{ narration: 'Hello {{name}}.' }] },
    });
    const batch = await api.post('/batches', {
      template_id: template.body.id,
      rows: [{ variables: { name: 'Ada' } }, { variables: { name: 'Ben' } }],
    });
    expect(batch.status, batch.text).toBe(201);

    await eventually(
      () => (route.received.length > 0 ? true : undefined),
      'the batch.completed delivery',
      120_000,
    );
    const req = route.received[0]!;
    expect(verifyWebhook(hook.body.secret, req.headers, req.rawBody, { toleranceSeconds: 300 })).toBe(true);
    const body = JSON.parse(req.rawBody.toString('utf8'));
    expect(Object.keys(body).sort()).toEqual(['batch_id', 'created_at', 'data', 'event']);
    expect(body).toMatchObject({
      event: 'batch.completed',
      batch_id: batch.body.id,
      data: { id: batch.body.id, status: 'completed', total: 2, completed: 2, in_progress: 0, waiting: 0 },
    });
    expect((await api.get(`/batches/${batch.body.id}`)).body).toEqual(body.data);
    const deliveries = (await api.get(`/callbacks/${hook.body.id}/deliveries`)).body.data;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event: 'batch.completed',
      batch_id: batch.body.id,
      video_id: null,
      status: 'succeeded',
    });
    // Once: nothing more arrives.
    await new Promise((r) => setTimeout(r, 3000));
    expect(route.received).toHaveLength(1);
  });
});
