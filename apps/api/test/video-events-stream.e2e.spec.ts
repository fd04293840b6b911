import { type VideoStreamMessage, verifyWebhook, videoEvents } from '@vidgen/client';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { atGate, createVideo, waitForVideo } from '../../../test/support/videos';

/** Reads messages until `stop` holds for one (then drops the connection), or the stream ends. */
async function read(
  account: TestAccount,
  id: string,
  lastEventId: string | undefined,
  stop: (m: VideoStreamMessage) => boolean = () => false,
): Promise<VideoStreamMessage[]> {
  const got: VideoStreamMessage[] = [];
  const abort = new AbortController();
  for await (const m of videoEvents(account.client, id, { lastEventId, signal: abort.signal })) {
    got.push(m);
    if (stop(m)) break;
  }
  abort.abort();
  return got;
}

describe('GET /videos/{id}/events as Server-Sent Events, and the gate and stage webhooks', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    // The receiver is an HTTPS server on 127.0.0.1 with a CA of its own, which this stack trusts.
    stack = await startOwnStack('video-events', {
      env: { NODE_EXTRA_CA_CERTS: certs.caPath, WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1' },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  it('streams a video from creation to completion: ids only grow, percent never falls, every status in order, resumed without loss or repeat', async () => {
    const account = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const gateRoute = receiver.route([{ status: 200 }]);
    const stageRoute = receiver.route([{ status: 200 }]);
    const gateHook = await account.api.post('/callbacks', {
      url: gateRoute.url,
      event: 'video.awaiting_approval',
    });
    expect(gateHook.status, gateHook.text).toBe(201);
    const stageHook = await account.api.post('/callbacks', {
      url: stageRoute.url,
      event: 'video.stage_changed',
    });
    expect(stageHook.status, stageHook.text).toBe(201);

    const video = await createVideo(account.api, {
      prompt: 'Bees fly from flower to flower. They make honey.',
    });
    // To the gate, where the stream stays open (nothing is terminal): the connection is dropped.
    const toGate = await read(account, video.id, undefined, (m) => m.event === 'awaiting_approval');
    expect(toGate.at(-1)?.event).toBe('awaiting_approval');
    const gated = await waitForVideo(account.api, video.id, atGate);
    expect(gated).toMatchObject({ awaiting_approval: true, progress: null });

    expect((await account.api.post(`/videos/${video.id}/approve`)).status).toBe(200);
    // Resumed after the gate, dropped again in the middle of production, resumed to the end.
    const first = await read(
      account,
      video.id,
      toGate.at(-1)!.id,
      (m) => m.event === 'scene_image_generated',
    );
    expect(first.at(-1)?.event).toBe('scene_image_generated');
    const rest = await read(account, video.id, first.at(-1)!.id);
    expect(rest.at(-1)?.event).toBe('completed');

    const all = [...toGate, ...first, ...rest];
    const ids = all.map((m) => Number(m.id));
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]!);

    // The log, every event once, as the JSON list has it.
    const logged = all.filter((m) => m.event !== 'progress').map((m) => (m.data as { seq: number }).seq);
    const list = await account.api.get(`/videos/${video.id}/events`, { Accept: 'application/json' });
    expect(list.status).toBe(200);
    expect(logged).toEqual(list.body.map((e: { seq: number }) => e.seq));
    // Status changes as the log has them, each once (an approval and its first stage's start
    // both say `visualising`).
    const statuses = all
      .filter((m) => m.event !== 'progress' && (m.data as { status: string | null }).status !== null)
      .map((m) => (m.data as { status: string }).status)
      .filter((s, i, list) => i === 0 || list[i - 1] !== s);
    expect(statuses).toEqual([
      'pending',
      'scripting',
      'refining',
      'pending',
      'visualising',
      'narrating',
      'curating',
      'rendering',
      'completed',
    ]);

    const progress = all
      .filter((m) => m.event === 'progress')
      .map((m) => m.data as { percent: number; stage: string });
    expect(progress.length).toBeGreaterThan(0);
    expect(
      progress.some((p) => p.stage === 'visualising' || p.stage === 'narrating' || p.stage === 'rendering'),
    ).toBe(true);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.percent).toBeGreaterThanOrEqual(progress[i - 1]!.percent);
    }
    for (const p of progress) expect(p.percent).toBeGreaterThanOrEqual(0);

    const done = await account.api.get(`/videos/${video.id}`);
    expect(done.body).toMatchObject({ status: 'completed', progress: null });
    const page = await account.api.get('/videos');
    expect(page.body.data.find((v: { id: string }) => v.id === video.id)).toMatchObject({ progress: null });

    // A completed video's stream sends its log and closes by itself, with the headers proxies need.
    const res = await fetch(`${stack.baseUrl}/videos/${video.id}/events`, {
      headers: { 'X-Api-Key': account.key, Accept: 'text/event-stream' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const text = await res.text();
    expect(text.match(/^id: /gm)?.length).toBe(list.body.length);
    expect(text.trimEnd().split('\n').slice(-2)[0]).toBe('event: completed');

    // The webhooks: the gate once, each stage's start once, signed, with the record as it was.
    await eventually(() => (stageRoute.received.length >= 6 ? true : undefined), 'six stage_changed', 60_000);
    expect(gateRoute.received).toHaveLength(1);
    const gateBody = JSON.parse(gateRoute.received[0]!.rawBody.toString('utf8'));
    expect(
      verifyWebhook(gateHook.body.secret, gateRoute.received[0]!.headers, gateRoute.received[0]!.rawBody, {
        toleranceSeconds: 300,
      }),
    ).toBe(true);
    expect(gateBody).toMatchObject({
      event: 'video.awaiting_approval',
      video_id: video.id,
      data: { id: video.id, status: 'pending', awaiting_approval: true, progress: null },
    });
    const stages = stageRoute.received.map((r) => {
      expect(verifyWebhook(stageHook.body.secret, r.headers, r.rawBody, { toleranceSeconds: 300 })).toBe(
        true,
      );
      const body = JSON.parse(r.rawBody.toString('utf8'));
      expect(body).toMatchObject({ event: 'video.stage_changed', video_id: video.id });
      expect(body.data.stage).toBe(body.data.status);
      expect(body.data.progress).toMatchObject({ stage: body.data.stage });
      return body.data.status as string;
    });
    expect(stages.sort()).toEqual([
      'curating',
      'narrating',
      'refining',
      'rendering',
      'scripting',
      'visualising',
    ]);
  });

  it('answers as GET /videos/{id} does: 401 without a key, 403 without videos:read, 404 for a stranger', async () => {
    const account = await createAccount({ credits: 10, baseUrl: stack.baseUrl });
    const video = await createVideo(account.api, { prompt: 'Bees fly.', scene_count: 1 });
    const sse = { Accept: 'text/event-stream' };
    const anon = await fetch(`${stack.baseUrl}/videos/${video.id}/events`, { headers: sse });
    expect(anon.status).toBe(401);
    const assetsOnly = await account.keyWith(['assets:read']);
    expect((await assetsOnly.api.get(`/videos/${video.id}/events`, sse)).status).toBe(403);
    const stranger = await createAccount({ baseUrl: stack.baseUrl });
    const foreign = await stranger.api.get(`/videos/${video.id}/events`, sse);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
  });
});
