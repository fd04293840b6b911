import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { type ApiClient, createAccount } from '../../../test/support/api';
import {
  after,
  approveAndFinish,
  assetFilesOf,
  assetIdOf,
  balanceOf,
  cleanLog,
  closeTemporal,
  existingFiles,
  expectError,
  ledgerOf,
  PRODUCTION_STATUSES,
  scenesOf,
  shared,
  stagesStarted,
  toGate,
  workflowStatus,
} from '../../../test/support/lifecycle';
import { atGate, createVideo, download, finished, waitForVideo } from '../../../test/support/videos';

const BEES = 'How honey bees turn nectar into honey. They work together as a team.';
const SCENE = {
  visual_description: 'A beekeeper lifts a frame from the hive',
  narration: 'The keeper checks the frames.',
};

/** The three scene edits (docs/lifecycle.md#calls-by-state), each expected to be a 409 INVALID_STATE. */
async function expectSceneEditsRefused(api: ApiClient, videoId: string, sceneId: string) {
  expectError(
    await api.patch(`/videos/${videoId}/scenes/${sceneId}`, { narration: 'Changed.' }),
    409,
    'INVALID_STATE',
  );
  expectError(await api.post(`/videos/${videoId}/scenes`, SCENE), 409, 'INVALID_STATE');
  expectError(await api.delete(`/videos/${videoId}/scenes/${sceneId}`), 409, 'INVALID_STATE');
}

/**
 * A video approved at the gate whose first image attempts fail twice (fault injection), so
 * it stays in `visualising` for at least 3 s (1 s + 2 s retry backoff) after the approval
 * answers: long enough for a handful of requests against a running stage.
 */
async function runningVideo(api: ApiClient) {
  const gated = await toGate(api, {
    prompt: BEES,
    scene_count: 1,
    faults: { visualising: { fail_attempts: 2 } },
  });
  const approved = await api.post(`/videos/${gated.id}/approve`);
  expect(approved.status).toBe(200);
  expect(approved.body.status).toBe('visualising');
  return approved.body;
}

/** A video created with scripting held back (two failed attempts), so it sits queued/scripting for 3 s. */
async function scriptingVideo(api: ApiClient) {
  const created = await createVideo(api, {
    prompt: BEES,
    scene_count: 1,
    faults: { scripting: { fail_attempts: 2 } },
  });
  expect(created).toMatchObject({ status: 'pending', awaiting_approval: false });
  return created;
}

const completedVideo = shared(async () => {
  const account = await createAccount({ credits: 20 });
  const gated = await toGate(account.api, { prompt: BEES, scene_count: 2 });
  const done = await approveAndFinish(account.api, gated.id);
  expect(done.status).toBe('completed');
  return { ...account, video: done, scenes: await scenesOf(account.api, done.id) };
});

afterAll(closeTemporal);

// Each test drives whole videos through real retries and renders; on a busy 2-core machine one can take a minute.
describe.concurrent('video lifecycle (docs/lifecycle.md)', { timeout: 150_000 }, () => {
  describe('approve', () => {
    it('at the gate: 200, charges exactly the estimate, starts production and completes', async () => {
      const { api, accountId } = await createAccount({ credits: 20 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 2 });
      expect(gated.credits_charged).toBe(0);
      expect(gated.estimated_credits).toBe(3); // 2 images + 1 narration
      expect(await ledgerOf(gated.id)).toEqual([]);

      // Two approvals at once: one wins, the other finds production running.
      const both = await Promise.all([1, 2].map(() => api.post(`/videos/${gated.id}/approve`)));
      both.sort((a, b) => a.status - b.status);
      expect(both.map((r) => r.status)).toEqual([200, 409]);
      expectError(both[1]!, 409, 'INVALID_STATE');
      const res = both[0]!;
      expect(res.body).toMatchObject({ awaiting_approval: false, credits_charged: 3, failure_reason: null });
      expect(PRODUCTION_STATUSES).toContain(res.body.status);
      expect(await balanceOf(accountId)).toBe(17);
      const scenes = await scenesOf(api, gated.id);
      const charges = await ledgerOf(gated.id);
      expect(charges.map((c) => [c.kind, c.item, c.amount]).sort()).toEqual(
        [
          ['charged', `image:${scenes[0].id}`, -1],
          ['charged', `image:${scenes[1].id}`, -1],
          ['charged', 'narration', -1],
        ].sort(),
      );

      const done = await waitForVideo(api, gated.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 3, credits_refunded: 0 });
      expect(await balanceOf(accountId)).toBe(17);
      const log = await cleanLog(api, gated.id);
      expect(log.filter((e) => e.type === 'approved')).toHaveLength(1);
    });

    it('on a failed video with scenes: retries from the failed stage, reuses every image that succeeded, charges only the redone one', async () => {
      const { api, accountId } = await createAccount({ credits: 20 });
      const gated = await toGate(api, {
        prompt: BEES,
        scene_count: 3,
        faults: { visualising: { fail_scenes: [2] } },
      });
      const failed = await approveAndFinish(api, gated.id);
      expect(failed).toMatchObject({ status: 'failed', credits_charged: 4, credits_refunded: 1 });
      expect(failed.failure_reason).toMatchObject({ code: 'IMAGE_GENERATION_ERROR', stage: 'visualising' });

      const before = await scenesOf(api, gated.id);
      expect(before.map((s) => s.image_url === null)).toEqual([false, true, false]);
      const keptIds = [assetIdOf(before[0].image_url), assetIdOf(before[2].image_url)];
      const keptBytes = await Promise.all([download(before[0].image_url), download(before[2].image_url)]);
      for (const b of keptBytes) expect(b.status).toBe(200);
      const balance = await balanceOf(accountId);

      const retry = await api.post(`/videos/${gated.id}/approve`);
      expect(retry.status).toBe(200);
      expect(retry.body).toMatchObject({ status: 'visualising', failure_reason: null, credits_charged: 5 });
      expect(await balanceOf(accountId)).toBe(balance - 1);

      const done = await waitForVideo(api, gated.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 5, credits_refunded: 1 });
      const afterScenes = await scenesOf(api, gated.id);
      expect(afterScenes.map((s) => s.id)).toEqual(before.map((s) => s.id));
      // The untouched scenes keep the very same files: same asset ids, identical bytes.
      expect([assetIdOf(afterScenes[0].image_url), assetIdOf(afterScenes[2].image_url)]).toEqual(keptIds);
      const again = await Promise.all([
        download(afterScenes[0].image_url),
        download(afterScenes[2].image_url),
      ]);
      expect(again[0].body.equals(keptBytes[0].body)).toBe(true);
      expect(again[1].body.equals(keptBytes[1].body)).toBe(true);
      // Only the failed scene got a new image.
      const newImage = assetIdOf(afterScenes[1].image_url);
      expect(newImage).not.toBeNull();
      expect(keptIds).not.toContain(newImage);

      const log = await cleanLog(api, gated.id);
      const retried = after(log, 'retry_approved');
      expect(stagesStarted(retried)).toEqual(['visualising', 'narrating', 'curating', 'rendering']);
      const images = retried.filter((e) => e.type === 'scene_image_generated');
      expect(images.map((e) => e.data.scene_id)).toEqual([before[1].id]);
      expect(images[0].data.asset_id).toBe(newImage);
      const retryCharges = (await ledgerOf(gated.id)).filter((e) => e.idempotency_key?.includes(':run2:'));
      expect(retryCharges.map((c) => [c.kind, c.item, c.amount])).toEqual([
        ['charged', `image:${before[1].id}`, -1],
      ]);
    });

    it('on a failed video without scenes: 409 INVALID_STATE telling to regenerate first; regenerate → gate → approve → completed', async () => {
      const { api, accountId } = await createAccount({ credits: 20 });
      const created = await createVideo(api, {
        prompt: BEES,
        scene_count: 2,
        faults: { scripting: { timeout: true } },
      });
      const failed = await waitForVideo(api, created.id, finished);
      expect(failed.status).toBe('failed');
      expect(await scenesOf(api, created.id)).toEqual([]);

      const res = await api.post(`/videos/${created.id}/approve`);
      expectError(res, 409, 'INVALID_STATE');
      expect(res.body.error.message).toMatch(/regenerate/);
      const still = (await api.get(`/videos/${created.id}`)).body;
      expect(still).toMatchObject({ status: 'failed', credits_charged: 0 });
      expect(await balanceOf(accountId)).toBe(20);

      const regen = await api.post(`/videos/${created.id}/regenerate`, { feedback: '' });
      expect(regen.status).toBe(200);
      expect(regen.body).toMatchObject({ status: 'pending', awaiting_approval: true, failure_reason: null });
      expect(await scenesOf(api, created.id)).toHaveLength(2);

      const done = await approveAndFinish(api, created.id);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 3 });
      expect(await balanceOf(accountId)).toBe(17);
      await cleanLog(api, created.id);
    });

    it('on a completed video: 409 INVALID_STATE, nothing charged', async () => {
      const { api, accountId, video } = await completedVideo();
      const balance = await balanceOf(accountId);
      expectError(await api.post(`/videos/${video.id}/approve`), 409, 'INVALID_STATE');
      const still = (await api.get(`/videos/${video.id}`)).body;
      expect(still).toMatchObject({ status: 'completed', credits_charged: video.credits_charged });
      expect(still.video_url).not.toBeNull();
      expect(await balanceOf(accountId)).toBe(balance);
    });

    it('while a stage runs (scripting, visualising): 409 INVALID_STATE and the run goes on, charged once', async () => {
      const { api, accountId } = await createAccount({ credits: 20 });
      const scripting = await scriptingVideo(api);
      expectError(await api.post(`/videos/${scripting.id}/approve`), 409, 'INVALID_STATE');

      const running = await runningVideo(api);
      const res = await api.post(`/videos/${running.id}/approve`);
      expectError(res, 409, 'INVALID_STATE');
      expect(res.body.error.message).toMatch(/being processed/);
      const done = await waitForVideo(api, running.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 2 });
      const log = await cleanLog(api, running.id);
      expect(log.filter((e) => e.type === 'approved')).toHaveLength(1);

      // The held-back script still reaches the gate untouched by the refused approval.
      expect((await waitForVideo(api, scripting.id, atGate)).awaiting_approval).toBe(true);
      expect(await balanceOf(accountId)).toBe(18);
    });
  });

  describe('regenerate', () => {
    it('at the gate with feedback: 200, scenes replaced by new ones that follow the feedback, back at the gate', async () => {
      const { api } = await createAccount({ credits: 0 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 2 });
      const old = await scenesOf(api, gated.id);

      const res = await api.post(`/videos/${gated.id}/regenerate`, {
        feedback: 'Mention the queen and pollen',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', awaiting_approval: true, scene_count: 2 });
      expect(res.body.estimated_credits).toBeGreaterThan(0);
      const fresh = await scenesOf(api, gated.id);
      expect(fresh).toHaveLength(2);
      expect(fresh.map((s) => s.position)).toEqual([1, 2]);
      for (const s of fresh) {
        expect(old.map((o) => o.id)).not.toContain(s.id);
        expect(`${s.visual_description} ${s.narration}`).toMatch(/queen|pollen/i);
      }
      const log = await cleanLog(api, gated.id);
      expect(stagesStarted(log)).toEqual(['scripting', 'refining', 'scripting', 'refining']);
      expect(log.at(-1).type).toBe('awaiting_approval');
    });

    it('at the gate with empty feedback: 200, a different take with new scenes, back at the gate', async () => {
      const { api } = await createAccount({ credits: 0 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 2 });
      const old = await scenesOf(api, gated.id);

      const res = await api.post(`/videos/${gated.id}/regenerate`, { feedback: '' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', awaiting_approval: true });
      const fresh = await scenesOf(api, gated.id);
      expect(fresh).toHaveLength(2);
      for (const s of fresh) expect(old.map((o) => o.id)).not.toContain(s.id);
      // A regenerate asks for another script, so it must not repeat the previous one word for word.
      expect(fresh.map((s) => [s.visual_description, s.narration])).not.toEqual(
        old.map((s) => [s.visual_description, s.narration]),
      );
    });

    it('on a failed video with scenes: 200, scenes and their files replaced, back at the gate, then completes', async () => {
      const { api } = await createAccount({ credits: 20 });
      const gated = await toGate(api, {
        prompt: BEES,
        scene_count: 2,
        faults: { visualising: { fail_scenes: [1] } },
      });
      const failed = await approveAndFinish(api, gated.id);
      expect(failed.status).toBe('failed');
      const old = await scenesOf(api, gated.id);
      expect(old[1].image_url).not.toBeNull();

      const res = await api.post(`/videos/${gated.id}/regenerate`, { feedback: 'Focus on the hive' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'pending', awaiting_approval: true, failure_reason: null });
      const fresh = await scenesOf(api, gated.id);
      expect(fresh).toHaveLength(2);
      for (const s of fresh) {
        expect(old.map((o) => o.id)).not.toContain(s.id);
        expect(s.image_url).toBeNull();
      }
      expect((await download(old[1].image_url)).status).toBe(404);

      const done = await approveAndFinish(api, gated.id);
      expect(done.status).toBe('completed');
      await cleanLog(api, gated.id);
    });

    it('on a completed video: 409 INVALID_STATE, scenes unchanged', async () => {
      const { api, video, scenes } = await completedVideo();
      expectError(await api.post(`/videos/${video.id}/regenerate`, { feedback: '' }), 409, 'INVALID_STATE');
      expect((await scenesOf(api, video.id)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
      expect((await api.get(`/videos/${video.id}`)).body.status).toBe('completed');
    });

    it('while a stage runs (scripting, visualising): 409 INVALID_STATE, scenes unchanged', async () => {
      const { api } = await createAccount({ credits: 20 });
      const scripting = await scriptingVideo(api);
      expectError(
        await api.post(`/videos/${scripting.id}/regenerate`, { feedback: 'x' }),
        409,
        'INVALID_STATE',
      );

      const running = await runningVideo(api);
      const scenes = await scenesOf(api, running.id);
      expectError(await api.post(`/videos/${running.id}/regenerate`, { feedback: '' }), 409, 'INVALID_STATE');
      const done = await waitForVideo(api, running.id, finished);
      expect(done.status).toBe('completed');
      expect((await scenesOf(api, running.id)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
      const log = await cleanLog(api, running.id);
      expect(stagesStarted(log).filter((s) => s === 'scripting')).toHaveLength(1);
    });
  });

  describe('scene edits', () => {
    it('at the gate: modify, add and delete are allowed; positions renumber, scene_count and estimated_credits follow', async () => {
      const { api } = await createAccount({ credits: 0 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 2 });
      expect(gated.estimated_credits).toBe(3);
      const [first, second] = await scenesOf(api, gated.id);

      const long = 'Bees dance to tell each other where the flowers are. '
        .repeat(8)
        .slice(0, 399)
        .concat('.');
      expect(long).toHaveLength(400);
      const patched = await api.patch(`/videos/${gated.id}/scenes/${second.id}`, { narration: long });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ id: second.id, position: 2, narration: long });
      const visual = await api.patch(`/videos/${gated.id}/scenes/${first.id}`, {
        visual_description: 'A single bee on a sunflower',
        narration: long,
      });
      expect(visual.status).toBe(200);
      expect(visual.body).toMatchObject({ position: 1, visual_description: 'A single bee on a sunflower' });
      expect((await api.get(`/videos/${gated.id}`)).body).toMatchObject({
        scene_count: 2,
        estimated_credits: 3,
      });

      const added = await api.post(`/videos/${gated.id}/scenes`, { ...SCENE, narration: long, position: 1 });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ position: 1, visual_description: SCENE.visual_description });
      let scenes = await scenesOf(api, gated.id);
      expect(scenes.map((s) => [s.id, s.position])).toEqual([
        [added.body.id, 1],
        [first.id, 2],
        [second.id, 3],
      ]);
      let video = (await api.get(`/videos/${gated.id}`)).body;
      const chars = scenes.reduce((n, s) => n + s.narration.length, 0);
      expect(chars).toBeGreaterThan(1000);
      expect(video).toMatchObject({ scene_count: 3, estimated_credits: 3 + 2, awaiting_approval: true });

      const removed = await api.delete(`/videos/${gated.id}/scenes/${first.id}`);
      expect(removed.status).toBe(204);
      scenes = await scenesOf(api, gated.id);
      expect(scenes.map((s) => [s.id, s.position])).toEqual([
        [added.body.id, 1],
        [second.id, 2],
      ]);
      video = (await api.get(`/videos/${gated.id}`)).body;
      expect(video).toMatchObject({ scene_count: 2, estimated_credits: 2 + 1, status: 'pending' });

      const log = await cleanLog(api, gated.id);
      expect(log.filter((e) => e.type === 'scene_edited').map((e) => e.data.op)).toEqual([
        'update',
        'update',
        'add',
        'delete',
      ]);
    });

    it('at the gate: an unknown scene id is 404 NOT_FOUND', async () => {
      const { api } = await createAccount({ credits: 0 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 1 });
      const other = await toGate(api, { prompt: 'Rivers carve canyons over time.', scene_count: 1 });
      const [foreign] = await scenesOf(api, other.id);
      for (const sceneId of [randomUUID(), foreign.id]) {
        expectError(
          await api.patch(`/videos/${gated.id}/scenes/${sceneId}`, { narration: 'x' }),
          404,
          'NOT_FOUND',
        );
        expectError(await api.delete(`/videos/${gated.id}/scenes/${sceneId}`), 404, 'NOT_FOUND');
      }
      expect((await scenesOf(api, other.id))[0].narration).toBe(foreign.narration);
      expect(await scenesOf(api, gated.id)).toHaveLength(1);
    });

    it('on a completed video: 409 INVALID_STATE', async () => {
      const { api, video, scenes } = await completedVideo();
      await expectSceneEditsRefused(api, video.id, scenes[0].id);
      const now = await scenesOf(api, video.id);
      expect(now.map((s) => [s.id, s.narration])).toEqual(scenes.map((s) => [s.id, s.narration]));
      expect((await api.get(`/videos/${video.id}`)).body.scene_count).toBe(2);
    });

    it('on a failed video: 409 INVALID_STATE', async () => {
      const { api } = await createAccount({ credits: 20 });
      const gated = await toGate(api, {
        prompt: BEES,
        scene_count: 2,
        faults: { rendering: { timeout: true } },
      });
      const failed = await approveAndFinish(api, gated.id);
      expect(failed.status).toBe('failed');
      const scenes = await scenesOf(api, gated.id);
      await expectSceneEditsRefused(api, gated.id, scenes[0].id);
      const now = await scenesOf(api, gated.id);
      expect(now.map((s) => [s.id, s.narration])).toEqual(scenes.map((s) => [s.id, s.narration]));
    });

    it('while a stage runs: 409 INVALID_STATE', async () => {
      const { api } = await createAccount({ credits: 20 });
      const running = await runningVideo(api);
      const scenes = await scenesOf(api, running.id);
      await expectSceneEditsRefused(api, running.id, scenes[0].id);
      const done = await waitForVideo(api, running.id, finished);
      expect(done).toMatchObject({ status: 'completed', scene_count: 1 });
      expect((await scenesOf(api, running.id)).map((s) => s.narration)).toEqual(
        scenes.map((s) => s.narration),
      );
    });
  });

  describe('delete video', () => {
    it('at the gate: 204, then 404 everywhere and its workflow ends', async () => {
      const { api } = await createAccount({ credits: 0 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 1 });
      const res = await api.delete(`/videos/${gated.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      for (const path of ['', '/scenes', '/events'])
        expectError(await api.get(`/videos/${gated.id}${path}`), 404, 'NOT_FOUND');
      expectError(await api.post(`/videos/${gated.id}/approve`), 404, 'NOT_FOUND');
      expect((await api.get('/videos')).body.data.map((v: any) => v.id)).not.toContain(gated.id);
      expect(await workflowStatus(gated.id)).toBe('COMPLETED');
    });

    it('on a failed video: 204, its files are gone, its ledger events stay, its workflow ends', async () => {
      const { api } = await createAccount({ credits: 20 });
      const gated = await toGate(api, {
        prompt: BEES,
        scene_count: 2,
        faults: { visualising: { fail_scenes: [2] } },
      });
      const failed = await approveAndFinish(api, gated.id);
      expect(failed.status).toBe('failed');
      const [kept] = await scenesOf(api, gated.id);
      const image = await download(kept.image_url);
      expect(image.status).toBe(200);
      const ledger = await ledgerOf(gated.id);
      expect(ledger.map((e) => e.kind).sort()).toEqual(['charged', 'charged', 'charged', 'refunded']);
      const files = await assetFilesOf(gated.id);
      expect(existingFiles(files)).toHaveLength(1);

      expect((await api.delete(`/videos/${gated.id}`)).status).toBe(204);
      expectError(await api.get(`/videos/${gated.id}`), 404, 'NOT_FOUND');
      expect((await download(kept.image_url)).status).toBe(404);
      expectError(await api.get(`/assets/${assetIdOf(kept.image_url)}/content`), 404, 'NOT_FOUND');
      expectError(await api.get(`/assets/${assetIdOf(kept.image_url)}`), 404, 'NOT_FOUND');
      expect(existingFiles(files)).toEqual([]);
      expect(await ledgerOf(gated.id)).toEqual(ledger);
      expect(await workflowStatus(gated.id)).toBe('COMPLETED');
    });

    it('on a completed video: 204, its files are gone, its ledger events stay', async () => {
      const { api } = await createAccount({ credits: 20 });
      const gated = await toGate(api, { prompt: BEES, scene_count: 1 });
      const done = await approveAndFinish(api, gated.id);
      expect(done.status).toBe('completed');
      const scenes = await scenesOf(api, gated.id);
      const urls = [
        done.video_url,
        done.audio_url,
        done.thumbnail_url,
        done.subtitles_url,
        scenes[0].image_url,
        scenes[0].narration_url,
      ];
      for (const u of urls) expect((await download(u)).status).toBe(200);
      const ledger = await ledgerOf(gated.id);
      expect(ledger.map((e) => e.kind)).toEqual(['charged', 'charged']);
      const files = await assetFilesOf(gated.id);
      expect(existingFiles(files)).toHaveLength(6);

      expect((await api.delete(`/videos/${gated.id}`)).status).toBe(204);
      expectError(await api.get(`/videos/${gated.id}`), 404, 'NOT_FOUND');
      for (const u of urls) expect((await download(u)).status).toBe(404);
      expect((await api.get(`/assets?video_id=${gated.id}`)).body.data).toEqual([]);
      expect(existingFiles(files)).toEqual([]);
      expect(await ledgerOf(gated.id)).toEqual(ledger);
      expectError(await api.delete(`/videos/${gated.id}`), 404, 'NOT_FOUND');
    });

    it('while it is processed (queued pending, scripting, a production stage): 409 INVALID_STATE and it carries on', async () => {
      const { api } = await createAccount({ credits: 20 });
      const queued = await scriptingVideo(api);
      const res = await api.delete(`/videos/${queued.id}`);
      expectError(res, 409, 'INVALID_STATE');

      const running = await runningVideo(api);
      expectError(await api.delete(`/videos/${running.id}`), 409, 'INVALID_STATE');
      expect((await api.get(`/videos/${running.id}`)).status).toBe(200);
      const done = await waitForVideo(api, running.id, finished);
      expect(done.status).toBe('completed');
      expect((await download(done.video_url)).status).toBe(200);
      expect((await waitForVideo(api, queued.id, atGate)).awaiting_approval).toBe(true);
    });
  });
});
