import path from 'node:path';
import { narrationCredits } from '@vidgen/ledger';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ApiClient, createAccount } from '../../../test/support/api';
import {
  after,
  approveAndFinish,
  assetIdOf,
  balanceOf,
  cleanLog,
  grant,
  ledgerOf,
  scenesOf,
  stagesStarted,
  toGate,
} from '../../../test/support/lifecycle';
import { createVideo, download, finished, waitForVideo } from '../../../test/support/videos';

// One sentence per scene: the planner writes no more scenes than the prompt has clauses.
const PROMPT =
  'How a lighthouse keeps ships safe at night. Its lamp turns and flashes. Its beam reaches far out to sea.';
const ALL_STAGES = ['scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering'];

/** The video failed once, with exactly one `failed` event that carries the record's failure_reason. */
function expectOneFailure(log: any[], video: any) {
  const failures = log.filter((e) => e.type === 'failed');
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatchObject({ status: 'failed', data: { failure_reason: video.failure_reason } });
  return failures[0];
}

/** Approves the failed video again (a retry, docs/lifecycle.md#retries) and waits for it to complete. */
async function retryToCompletion(api: ApiClient, video: any) {
  const res = await api.post(`/videos/${video.id}/approve`);
  expect(res.status, res.text).toBe(200);
  expect(res.body.failure_reason).toBeNull();
  const done = await waitForVideo(api, video.id, finished);
  expect(done).toMatchObject({ status: 'completed', failure_reason: null });
  for (const k of ['video_url', 'audio_url', 'thumbnail_url', 'subtitles_url'])
    expect(done[k]).toMatch(/^http/);
  expect((await download(done.video_url)).status).toBe(200);
  return { approved: res.body, done };
}

// Each test drives whole videos through real retries and renders; on a busy 2-core machine one can take a minute.
describe.concurrent('injected faults (docs/fault-injection.md)', { timeout: 150_000 }, () => {
  it('scripting timeout: failed with AI_SERVICE_TIMEOUT, no scenes, nothing charged; regenerate + approve completes', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const created = await createVideo(api, { prompt: PROMPT, faults: { scripting: { timeout: true } } });
    const failed = await waitForVideo(api, created.id, finished);
    expect(failed).toMatchObject({
      status: 'failed',
      awaiting_approval: false,
      credits_charged: 0,
      credits_refunded: 0,
    });
    expect(failed.failure_reason).toEqual({
      code: 'AI_SERVICE_TIMEOUT',
      message: expect.stringMatching(/timed out/),
      stage: 'scripting',
    });
    expect(await scenesOf(api, created.id)).toEqual([]);
    const log = await cleanLog(api, created.id);
    expectOneFailure(log, failed);
    expect(stagesStarted(log)).toEqual(['scripting']);
    expect(log.filter((e) => e.type === 'refunded')).toEqual([]);
    expect(await ledgerOf(created.id)).toEqual([]);

    const regen = await api.post(`/videos/${created.id}/regenerate`, { feedback: '' });
    expect(regen.status).toBe(200);
    expect(regen.body).toMatchObject({ awaiting_approval: true, failure_reason: null });
    const done = await approveAndFinish(api, created.id);
    expect(done).toMatchObject({ status: 'completed', credits_charged: 3, credits_refunded: 0 });
    expect(await balanceOf(accountId)).toBe(7);
    expect(stagesStarted(await cleanLog(api, created.id))).toEqual(['scripting', ...ALL_STAGES]);
  });

  it('one scene image fails: IMAGE_GENERATION_ERROR, exactly 1 credit refunded, the other images kept; a retry completes', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const gated = await toGate(api, {
      prompt: PROMPT,
      scene_count: 3,
      faults: { visualising: { fail_scenes: [2] } },
    });
    const failed = await approveAndFinish(api, gated.id);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 4, credits_refunded: 1 });
    expect(failed.failure_reason).toEqual({
      code: 'IMAGE_GENERATION_ERROR',
      message: 'Image generation failed for scene 2',
      stage: 'visualising',
    });
    expect(await balanceOf(accountId)).toBe(10 - 4 + 1);
    const scenes = await scenesOf(api, gated.id);
    expect(scenes.map((s) => s.image_url !== null)).toEqual([true, false, true]);
    for (const s of [scenes[0], scenes[2]]) expect((await download(s.image_url)).status).toBe(200);

    const log = await cleanLog(api, gated.id);
    const failure = expectOneFailure(log, failed);
    const refunds = log.filter((e) => e.type === 'refunded');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].data).toMatchObject({ item: `image:${scenes[1].id}`, credits: 1 });
    expect(refunds[0].seq).toBeLessThan(failure.seq);
    expect(
      log
        .filter((e) => e.type === 'scene_image_generated')
        .map((e) => e.data.position)
        .sort(),
    ).toEqual([1, 3]);
    const refunded = (await ledgerOf(gated.id)).filter((e) => e.kind === 'refunded');
    expect(refunded.map((e) => [e.item, e.amount])).toEqual([[`image:${scenes[1].id}`, 1]]);

    const { approved, done } = await retryToCompletion(api, failed);
    expect(approved.credits_charged).toBe(5);
    expect(done).toMatchObject({ credits_charged: 5, credits_refunded: 1 });
    expect(await balanceOf(accountId)).toBe(10 - 5 + 1);
    const final = await scenesOf(api, gated.id);
    expect([assetIdOf(final[0].image_url), assetIdOf(final[2].image_url)]).toEqual([
      assetIdOf(scenes[0].image_url),
      assetIdOf(scenes[2].image_url),
    ]);
    const retried = after(await cleanLog(api, gated.id), 'retry_approved');
    expect(retried.filter((e) => e.type === 'scene_image_generated').map((e) => e.data.position)).toEqual([
      2,
    ]);
  });

  it('narration fails: AUDIO_GENERATION_ERROR, the narration credits refunded, images kept; a retry completes', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const gated = await toGate(api, {
      prompt: PROMPT,
      scene_count: 2,
      faults: { narrating: { fail: true } },
    });
    const scenes = await scenesOf(api, gated.id);
    const audio = narrationCredits(scenes.reduce((n, s) => n + s.narration.length, 0));
    const failed = await approveAndFinish(api, gated.id);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 2 + audio, credits_refunded: audio });
    expect(failed.failure_reason).toMatchObject({ code: 'AUDIO_GENERATION_ERROR', stage: 'narrating' });
    expect(failed.failure_reason.message).toMatch(/narrating/);
    expect(await balanceOf(accountId)).toBe(10 - 2);

    const withImages = await scenesOf(api, gated.id);
    for (const s of withImages) {
      expect(s.image_url).not.toBeNull();
      expect(s.narration_url).toBeNull();
    }
    const log = await cleanLog(api, gated.id);
    const failure = expectOneFailure(log, failed);
    const refunds = log.filter((e) => e.type === 'refunded');
    expect(refunds.map((e) => e.data)).toMatchObject([{ item: 'narration', credits: audio }]);
    expect(refunds[0].seq).toBeLessThan(failure.seq);
    expect(log.filter((e) => e.type === 'scene_narrated')).toEqual([]);

    const { approved, done } = await retryToCompletion(api, failed);
    // Only the narration is redone and charged again; the images were kept.
    expect(approved.credits_charged).toBe(2 + 2 * audio);
    expect(done).toMatchObject({ credits_refunded: audio });
    expect(await balanceOf(accountId)).toBe(10 - 2 - audio);
    const retried = after(await cleanLog(api, gated.id), 'retry_approved');
    expect(stagesStarted(retried)).toEqual(['narrating', 'curating', 'rendering']);
    expect(retried.filter((e) => e.type === 'scene_image_generated')).toEqual([]);
    expect(retried.filter((e) => e.type === 'scene_narrated')).toHaveLength(2);
  });

  it('render timeout: RENDER_TIMEOUT, nothing refunded; a retry renders only, charges nothing and completes', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const gated = await toGate(api, {
      prompt: PROMPT,
      scene_count: 2,
      faults: { rendering: { timeout: true } },
    });
    const failed = await approveAndFinish(api, gated.id);
    expect(failed).toMatchObject({
      status: 'failed',
      credits_charged: 3,
      credits_refunded: 0,
      video_url: null,
    });
    expect(failed.failure_reason).toEqual({
      code: 'RENDER_TIMEOUT',
      message: 'Rendering did not finish in time',
      stage: 'rendering',
    });
    const log = await cleanLog(api, gated.id);
    expectOneFailure(log, failed);
    expect(log.filter((e) => e.type === 'refunded')).toEqual([]);
    expect(await balanceOf(accountId)).toBe(7);

    const { approved, done } = await retryToCompletion(api, failed);
    expect(approved).toMatchObject({ status: 'rendering', credits_charged: 3 });
    expect(done).toMatchObject({ credits_charged: 3, credits_refunded: 0 });
    expect(await balanceOf(accountId)).toBe(7);
    const retried = after(await cleanLog(api, gated.id), 'retry_approved');
    expect(stagesStarted(retried)).toEqual(['rendering']);
    // The retry renders the scenes' segments again (one each) and mixes the soundtrack beside
    // them, then joins them.
    expect(retried.filter((e) => e.type === 'segment_rendered')).toHaveLength(2);
    const others = retried.filter((e) => e.type !== 'segment_rendered').map((e) => e.type);
    expect(others).toEqual(['stage_started', 'soundtrack_mixed', 'rendered', 'stage_completed', 'completed']);
  });

  it('fail_attempts: 2 on every stage: each stage recovers within its retries and the video completes on its own', async () => {
    const { api } = await createAccount({ credits: 10 });
    const faults = Object.fromEntries(ALL_STAGES.map((s) => [s, { fail_attempts: 2 }]));
    const created = await createVideo(api, { prompt: PROMPT, scene_count: 2, auto_approve: true, faults });
    const done = await waitForVideo(api, created.id, finished, 150_000);
    expect(done).toMatchObject({
      status: 'completed',
      failure_reason: null,
      credits_charged: 3,
      credits_refunded: 0,
    });
    const log = await cleanLog(api, created.id);
    expect(log.filter((e) => e.type === 'failed' || e.type === 'refunded')).toEqual([]);
    expect(stagesStarted(log)).toEqual(ALL_STAGES);
    // Each stage took its two failed attempts and their backoff (1 s + 2 s) before it went through.
    // The narration is made beside the pictures (docs/decisions/0074-overlapped-production.md), so
    // its retries count from the start of visualising, not of its own stage.
    const bounds = [
      ...log.filter((e) => e.type === 'stage_started'),
      log.find((e) => e.type === 'completed'),
    ].map((e) => Date.parse(e.created_at));
    for (let i = 0; i + 1 < bounds.length; i++) {
      const from = ALL_STAGES[i] === 'narrating' ? ALL_STAGES.indexOf('visualising') : i;
      expect(bounds[i + 1]! - bounds[from]!, ALL_STAGES[i]).toBeGreaterThanOrEqual(2900);
    }
  });

  it('auto_approve: passes the gate by itself and completes, charging the estimate', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const created = await createVideo(api, { prompt: PROMPT, scene_count: 2, auto_approve: true });
    expect(created.options.auto_approve).toBe(true);
    const done = await waitForVideo(api, created.id, finished);
    expect(done).toMatchObject({ status: 'completed', awaiting_approval: false, credits_charged: 3 });
    expect(await balanceOf(accountId)).toBe(7);
    const log = await cleanLog(api, created.id);
    const at = (pred: (e: any) => boolean) => log.findIndex(pred);
    // Approved right after the script was refined, without ever waiting at the gate.
    expect(log.map((e) => e.type)).not.toContain('awaiting_approval');
    expect(at((e) => e.type === 'approved')).toBe(
      at((e) => e.type === 'stage_completed' && e.stage === 'refining') + 1,
    );
    expect(at((e) => e.type === 'stage_started' && e.status === 'visualising')).toBeGreaterThan(
      at((e) => e.type === 'approved'),
    );
    expect(log.at(-1).type).toBe('completed');
  });

  it('auto_approve with too few credits: failed with INSUFFICIENT_CREDITS and nothing charged; after a grant, approve completes it', async () => {
    const { api, accountId } = await createAccount({ credits: 2 });
    const created = await createVideo(api, { prompt: PROMPT, scene_count: 2, auto_approve: true });
    const failed = await waitForVideo(api, created.id, finished);
    expect(failed).toMatchObject({ status: 'failed', credits_charged: 0, credits_refunded: 0 });
    expect(failed.failure_reason).toMatchObject({ code: 'INSUFFICIENT_CREDITS' });
    expect(failed.failure_reason.message).toMatch(/3 required, 2 available/);
    expect(await balanceOf(accountId)).toBe(2);
    expect(await ledgerOf(created.id)).toEqual([]);
    expect(await scenesOf(api, created.id)).toHaveLength(2);
    expectOneFailure(await cleanLog(api, created.id), failed);

    await grant(accountId, 1);
    const { done } = await retryToCompletion(api, failed);
    expect(done.credits_charged).toBe(3);
    expect(await balanceOf(accountId)).toBe(0);
  });

  describe('without VIDGEN_FAULT_INJECTION', () => {
    let stack: Stack | undefined;
    afterAll(async () => {
      await stack?.stop();
    });

    it('a faults field is 422 VALIDATION_ERROR at body.faults; the same body without it is accepted', async () => {
      const ctx = inject('stack');
      stack = await startStack({
        databaseUrl: ctx.databaseUrl,
        temporalAddress: ctx.temporalAddress,
        taskQueue: ctx.taskQueue,
        dataDir: path.join(ctx.dataDir, 'shared'),
        apiOnly: true,
        env: { VIDGEN_FAULT_INJECTION: '0' },
      });
      const { api } = await createAccount({ credits: 0, baseUrl: stack.baseUrl });
      const body = { prompt: PROMPT, scene_count: 1 };
      const res = await api.post('/videos', { ...body, faults: { rendering: { timeout: true } } });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.body.error.details[0].loc).toEqual(['body', 'faults']);
      expect((await api.get('/videos')).body.data).toEqual([]);
      expect((await api.post('/videos', body)).status).toBe(201);
    });
  });
});
