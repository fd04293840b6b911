import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import {
  approveAndFinish,
  assetFilesOf,
  assetIdOf,
  cleanLog,
  closeTemporal,
  existingFiles,
  expectError,
  ledgerOf,
  scenesOf,
  toGate,
  workflowStatus,
} from '../../../test/support/lifecycle';
import { atGate, download, finished, waitForVideo } from '../../../test/support/videos';
import {
  BEES,
  completedVideo,
  expectSceneEditsRefused,
  runningVideo,
  SCENE,
  scriptingVideo,
} from './support/lifecycle-videos';

afterAll(closeTemporal);

// Each test drives whole videos through real retries and renders; on a busy 2-core machine one can take a minute.
describe.concurrent('video lifecycle (docs/lifecycle.md)', { timeout: 150_000 }, () => {
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
