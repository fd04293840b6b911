import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@vidgen/client';
import { eventually, HttpsReceiver, makeCertificates, type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { assetIdOf, ledgerOf } from '../../../test/support/lifecycle';
import { startOwnStack } from '../../../test/support/own-stack';
import { rgbaPng } from '../../../test/support/png';
import { atGate, finished, waitForVideo } from '../../../test/support/videos';

const SCENES = [
  { narration: 'A lighthouse stands on the cliff.', visual_description: 'A lighthouse on a cliff' },
  { narration: 'Waves roll onto the beach.', visual_description: 'Waves on a sandy beach' },
];

/** A stand-in for the OpenAI image API: each request gets a 64×64 picture, and is counted. */
async function imageStandIn() {
  const png = rgbaPng(64, 64, (x, y) => [40 + x * 3, 90 + y * 2, 160, 255]).toString('base64');
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      requests.push(req.url ?? '');
      if (req.url === '/v1/images/generations') {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ data: [{ b64_json: png }] }));
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    pictures: () => requests.filter((u) => u === '/v1/images/generations').length,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * A paid image provider (the OpenAI API, stood in for on loopback) on a stack of its own, which
 * also trusts the HTTPS receiver's CA for the preview_ready delivery.
 */
describe('storyboard with a paid image provider', () => {
  let stand: Awaited<ReturnType<typeof imageStandIn>>;
  let certs: ReturnType<typeof makeCertificates>;
  let receiver: HttpsReceiver;
  let stack: Stack;

  beforeAll(async () => {
    stand = await imageStandIn();
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    stack = await startOwnStack('storyboard-paid', {
      env: {
        IMAGE_PROVIDER: 'openai',
        OPENAI_BASE_URL: stand.url,
        OPENAI_API_KEY: 'stand-in-key',
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      },
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    await stand?.close();
    certs?.cleanup();
  });

  it('makes no picture before the gate; POST /storyboard makes and charges them once, and the render charges nothing more', async () => {
    const { api } = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const res = await api.post('/videos', { prompt: 'The coast', scenes: SCENES });
    expect(res.status, res.text).toBe(201);
    const gated = await waitForVideo(api, res.body.id, atGate);
    expect(gated.awaiting_approval).toBe(true);
    const before = (await api.get(`/videos/${gated.id}/storyboard`)).body;
    expect(before.scenes.map((s: any) => s.image_url)).toEqual([null, null]);
    expect(stand.pictures()).toBe(0);

    const made = await api.post(`/videos/${gated.id}/storyboard`);
    expect(made.status, made.text).toBe(200);
    expect(made.body.scenes.every((s: any) => typeof s.image_url === 'string')).toBe(true);
    expect(stand.pictures()).toBe(2);
    const charged = () => ledgerOf(gated.id).then((l) => l.filter((e) => e.kind === 'charged'));
    expect((await charged()).map((e) => [e.item, e.amount])).toEqual(
      (await api.get(`/videos/${gated.id}/scenes`)).body.map((s: any) => [`image:${s.id}`, -1]),
    );
    const paid = (await api.get(`/videos/${gated.id}`)).body;
    expect(paid.credits_charged).toBe(2);
    // Approval still charges the narration alone.
    expect(paid.estimated_credits).toBe(1);
    // Asked again, nothing is missing: nothing is made or charged.
    expect((await api.post(`/videos/${gated.id}/storyboard`)).status).toBe(200);
    expect(stand.pictures()).toBe(2);
    expect(await charged()).toHaveLength(2);

    expect((await api.post(`/videos/${gated.id}/approve`)).status).toBe(200);
    const done = await waitForVideo(api, gated.id, finished, 240_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
    expect(stand.pictures()).toBe(2);
    const all = await charged();
    expect(all.filter((e) => e.item?.startsWith('image:'))).toHaveLength(2);
    expect(all.filter((e) => e.item === 'narration')).toHaveLength(1);
    expect(done.credits_charged).toBe(3);
    const final = (await api.get(`/videos/${gated.id}/scenes`)).body;
    expect(final.map((s: any) => assetIdOf(s.image_url))).toEqual(
      made.body.scenes.map((s: any) => assetIdOf(s.image_url)),
    );
  });

  it('publishes video.preview_ready, signed, at the HTTPS receiver when the draft is ready', async () => {
    const { api } = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const route = receiver.route([{ status: 200 }]);
    const hook = await api.post('/callbacks', { url: route.url, event: 'video.preview_ready' });
    expect(hook.status, hook.text).toBe(201);
    const res = await api.post('/videos', { prompt: 'The coast', scenes: SCENES.slice(0, 1) });
    const gated = await waitForVideo(api, res.body.id, atGate);
    expect((await api.post(`/videos/${gated.id}/preview`)).status).toBe(202);
    await eventually(
      () => (route.received.length > 0 ? true : undefined),
      'the preview_ready delivery',
      180_000,
    );
    const req = route.received[0]!;
    expect(verifyWebhook(hook.body.secret, req.headers, req.rawBody, { toleranceSeconds: 300 })).toBe(true);
    const body = JSON.parse(req.rawBody.toString('utf8'));
    expect(body).toMatchObject({
      event: 'video.preview_ready',
      video_id: gated.id,
      data: { id: gated.id, awaiting_approval: true, preview: { status: 'ready' } },
    });
    expect(body.data.preview.url).toMatch(/^http/);
    // The draft made its paid picture and its narration, each charged once, at the gate.
    const items = (await ledgerOf(gated.id)).filter((e) => e.kind === 'charged').map((e) => e.item);
    expect(items.sort()).toEqual(
      [`image:${(await api.get(`/videos/${gated.id}/scenes`)).body[0].id}`, 'narration'].sort(),
    );
  });
});
