import { createHmac } from 'node:crypto';
import { eventually, HttpsReceiver, makeCertificates, type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { ledgerOf } from '../../../test/support/lifecycle';
import { startOwnStack } from '../../../test/support/own-stack';
import { atGate, finished, waitForVideo } from '../../../test/support/videos';
import { FakeOpenAi, json, type RequestBody, scenesAnswer } from '../../media/test/support/fake-openai';

/**
 * POST /videos/{id}/translations through the whole stack (api, Temporal, PostgreSQL, worker):
 * the worker's script model is an OpenAI-compatible stand-in (SCRIPT_PROVIDER=openai) that
 * "translates" by marking each text, so the scenes show what the model answered. The translation
 * is a new video with the source's pictures, a German voice and a narration of its own; only the
 * narration is charged, and it is delivered to webhooks and takes a slot as any video does.
 */
describe('translations', () => {
  const model = new FakeOpenAi();
  const certs = makeCertificates();
  const receiver = new HttpsReceiver(certs);
  let stack: Stack;

  beforeAll(async () => {
    const baseUrl = await model.start();
    model.handlers.set('POST /v1/chat/completions', async (_req, res) => {
      const body = model.requests.at(-1)!.body as RequestBody;
      // The request's own scenes: the last message, or the first user message when the model is
      // asked once more (the answer and what was wrong with it follow it).
      const ask = body.messages!.find((m) => m.role === 'user' && m.content.includes('Scenes: '))?.content;
      // Not a translation: another spec's video on the same database, which this stack's worker
      // may start (a video whose workflow never started is started by any worker). Not answered.
      if (!ask) return json(res, 503, { error: { message: 'not a translation' } });
      const given = JSON.parse(ask.slice(ask.indexOf('Scenes: ') + 'Scenes: '.length)) as {
        scenes: { visual_description: string; narration: string }[];
      };
      json(
        res,
        200,
        scenesAnswer(
          given.scenes.map((s) => ({
            visual_description: `DE ${s.visual_description}`,
            narration: `Auf Deutsch: ${s.narration}`,
          })),
        ),
      );
    });
    await receiver.start();
    stack = await startOwnStack('translations', {
      env: {
        SCRIPT_PROVIDER: 'openai',
        SCRIPT_BASE_URL: baseUrl,
        SCRIPT_MODEL: 'stand-in',
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      },
    });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await model.stop();
    await receiver.stop();
  });

  it('makes a completed video again in German: translated scenes, the same pictures, a German narration, no image credit', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const narration = ['Bees carry pollen from flower to flower.', 'They store honey in wax cells.'];
    const created = await owner.api.post('/videos', {
      prompt: 'How bees make honey',
      scenes: narration.map((n, i) => ({ narration: n, visual_description: ['A bee', 'A honeycomb'][i] })),
      auto_approve: true,
    });
    expect(created.status, created.text).toBe(201);
    const source = await waitForVideo(owner.api, created.body.id, finished, 240_000);
    expect(source.status, JSON.stringify(source.failure_reason)).toBe('completed');
    const sourceScenes = (await owner.api.get(`/videos/${source.id}/scenes`)).body as any[];

    // The language it is already in is no translation.
    const same = await owner.api.post(`/videos/${source.id}/translations`, { language: 'en' });
    expect(same.status).toBe(422);
    expect(same.body.error.details[0].loc).toEqual(['body', 'language']);

    const route = receiver.route([{ status: 200 }]);
    const hook = await owner.api.post('/callbacks', { url: route.url, event: 'video.completed' });
    expect(hook.status, hook.text).toBe(201);

    const key = `translate-${source.id}`;
    const translate = (language: string) =>
      owner.api.post(`/videos/${source.id}/translations`, { language }, { 'Idempotency-Key': key });
    const res = await translate('de');
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      source_video_id: source.id,
      prompt: source.prompt,
      scene_count: 2,
      options: { language: 'de', aspect_ratio: source.options.aspect_ratio, auto_approve: true },
    });
    expect(res.body.options.voice).not.toBe(source.options.voice);
    expect(res.body.id).not.toBe(source.id);
    const replay = await translate('de');
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(res.body.id);
    // The key's claim freed, as after an api that died before answering: the retry still gets the
    // translation it made, and another body under the key is 409 CONFLICT.
    const freeClaim = () =>
      testDb().deleteFrom('idempotency_keys').where('account_id', '=', owner.accountId).execute();
    await freeClaim();
    const again = await translate('de');
    expect(again.status, again.text).toBe(201);
    expect(again.body.id).toBe(res.body.id);
    await freeClaim();
    const other = await translate('fr');
    expect(other.status, other.text).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect((await owner.api.get('/videos')).body.data.map((v: any) => v.id).sort()).toEqual(
      [source.id, res.body.id].sort(),
    );

    const translated = await waitForVideo(owner.api, res.body.id, finished, 240_000);
    expect(translated.status, JSON.stringify(translated.failure_reason)).toBe('completed');
    expect(translated).toMatchObject({ script_source: 'model', warnings: [], source_video_id: source.id });
    expect(translated.video_url).toEqual(expect.any(String));
    expect(translated.audio_url).toEqual(expect.any(String));

    const scenes = (await owner.api.get(`/videos/${translated.id}/scenes`)).body as any[];
    expect(scenes.map((s) => s.narration)).toEqual(narration.map((n) => `Auf Deutsch: ${n}`));
    expect(scenes.map((s) => s.visual_description)).toEqual(['DE A bee', 'DE A honeycomb']);
    expect(scenes.map((s) => s.image_asset_id)).toEqual(sourceScenes.map((s) => s.image_asset_id));
    expect(scenes.every((s) => s.narration_url && s.narration_url !== null)).toBe(true);
    expect(scenes.map((s) => s.narration_url)).not.toEqual(sourceScenes.map((s) => s.narration_url));

    // The model was asked for German with the source's texts (again only if an attempt was lost:
    // a script activity retried on a loaded machine asks once more).
    const chats = model.requests.filter(
      (r) =>
        r.url === '/v1/chat/completions' &&
        (r.body as RequestBody).messages!.some((m) => m.role === 'user' && m.content.includes('Scenes: ')),
    );
    expect(chats.length).toBeGreaterThanOrEqual(1);
    for (const chat of chats) expect(chat.body.messages![1]!.content).toContain('into German (BCP 47 "de")');

    // The source paid for its two pictures; the translation pays its narration only.
    const sourceCharges = (await ledgerOf(source.id)).filter((e) => e.kind === 'charged');
    expect(sourceCharges.filter((c) => c.item?.startsWith('image:'))).toHaveLength(2);
    const charges = (await ledgerOf(translated.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item)).toEqual(['narration']);
    expect(charges.some((c) => c.item?.startsWith('image:'))).toBe(false);
    expect(translated.credits_charged).toBe(charges.reduce((sum, c) => sum + Math.abs(c.amount), 0));

    // Its completion is delivered, signed, as any video's, with the record naming the source.
    const delivery = await eventually(
      () => route.received.find((r) => JSON.parse(r.rawBody.toString()).video_id === translated.id),
      'the video.completed delivery of the translation',
    );
    const payload = JSON.parse(delivery.rawBody.toString());
    expect(payload).toMatchObject({ event: 'video.completed', data: { source_video_id: source.id } });
    const timestamp = delivery.headers['x-service-timestamp'] as string;
    const signature = createHmac('sha256', hook.body.secret)
      .update(`${timestamp}.${delivery.rawBody.toString()}`)
      .digest('hex');
    expect(delivery.headers['x-service-signature']).toBe(`sha256=${signature}`);

    // It takes a slot as any video does: with three videos in progress it is refused.
    for (const narration of ['One.', 'Two.', 'Three.']) {
      const gated = await owner.api.post('/videos', { prompt: 'Slots', scenes: [{ narration }] });
      expect(gated.status, gated.text).toBe(201);
    }
    const full = await owner.api.post(`/videos/${source.id}/translations`, { language: 'fr' });
    expect(full.status).toBe(429);
    expect(full.body.error.code).toBe('MAX_CONCURRENT_VIDEOS');
  }, 600_000);

  it('refuses a video that is not completed with 409 INVALID_STATE', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const created = await owner.api.post('/videos', {
      prompt: 'Tides',
      scenes: [{ narration: 'The moon pulls the sea.' }],
    });
    const gated = await waitForVideo(owner.api, created.body.id, atGate, 120_000);
    const res = await owner.api.post(`/videos/${gated.id}/translations`, { language: 'fr' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('INVALID_STATE');
    const missing = await owner.api.post(`/videos/${crypto.randomUUID()}/translations`, { language: 'fr' });
    expect(missing.status).toBe(404);
  }, 300_000);
});
