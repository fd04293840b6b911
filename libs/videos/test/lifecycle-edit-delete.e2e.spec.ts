import { randomUUID } from 'node:crypto';
import type { Scene } from '@vidgen/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import {
  assetFilesOf,
  assetIdOf,
  balanceOf,
  closeTemporal,
  existingFiles,
  ledgerOf,
  workflowStatus,
} from '../../../test/support/lifecycle';
import {
  approveAndFinish,
  atGate,
  cleanLog,
  createVideo,
  expectApiError,
  finished,
  scenePath,
  scenesOf,
  toGate,
  videoOf,
  videoPath,
  waitFor,
} from '../../../test/support/video-client';
import { download } from '../../../test/support/videos';
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
      const { client } = await createAccount({ credits: 0 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 2 });
      expect(gated.estimated_credits).toBe(3);
      const [first, second] = (await scenesOf(client, gated.id)) as [Scene, Scene];

      const long = 'Bees dance to tell each other where the flowers are. '
        .repeat(8)
        .slice(0, 399)
        .concat('.');
      expect(long).toHaveLength(400);
      const patched = await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
        ...scenePath(gated.id, second.id),
        body: { narration: long },
      });
      expect(patched.response.status).toBe(200);
      expect(patched.data).toMatchObject({ id: second.id, position: 2, narration: long });
      const visual = await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
        ...scenePath(gated.id, first.id),
        body: { visual_description: 'A single bee on a sunflower', narration: long },
      });
      expect(visual.response.status).toBe(200);
      expect(visual.data).toMatchObject({ position: 1, visual_description: 'A single bee on a sunflower' });
      expect(await videoOf(client, gated.id)).toMatchObject({
        scene_count: 2,
        estimated_credits: 3,
      });

      const added = await client.POST('/api/v1/videos/{id}/scenes', {
        ...videoPath(gated.id),
        body: { ...SCENE, narration: long, position: 1 },
      });
      expect(added.response.status).toBe(201);
      expect(added.data).toMatchObject({ position: 1, visual_description: SCENE.visual_description });
      let scenes = await scenesOf(client, gated.id);
      expect(scenes.map((s) => [s.id, s.position])).toEqual([
        [added.data?.id, 1],
        [first.id, 2],
        [second.id, 3],
      ]);
      let video = await videoOf(client, gated.id);
      const chars = scenes.reduce((n, s) => n + s.narration.length, 0);
      expect(chars).toBeGreaterThan(1000);
      expect(video).toMatchObject({ scene_count: 3, estimated_credits: 3 + 2, awaiting_approval: true });

      const removed = await client.DELETE(
        '/api/v1/videos/{id}/scenes/{sceneId}',
        scenePath(gated.id, first.id),
      );
      expect(removed.response.status).toBe(204);
      scenes = await scenesOf(client, gated.id);
      expect(scenes.map((s) => [s.id, s.position])).toEqual([
        [added.data?.id, 1],
        [second.id, 2],
      ]);
      video = await videoOf(client, gated.id);
      expect(video).toMatchObject({ scene_count: 2, estimated_credits: 2 + 1, status: 'pending' });

      const log = await cleanLog(client, gated.id);
      expect(log.filter((e) => e.type === 'scene_edited').map((e) => e.data.op)).toEqual([
        'update',
        'update',
        'add',
        'delete',
      ]);
    });

    it('at the gate: an unknown scene id is 404 NOT_FOUND', async () => {
      const { client } = await createAccount({ credits: 0 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 1 });
      const other = await toGate(client, { prompt: 'Rivers carve canyons over time.', scene_count: 1 });
      const [foreign] = (await scenesOf(client, other.id)) as [Scene];
      for (const sceneId of [randomUUID(), foreign.id]) {
        expectApiError(
          await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
            ...scenePath(gated.id, sceneId),
            body: { narration: 'x' },
          }),
          404,
          'NOT_FOUND',
        );
        expectApiError(
          await client.DELETE('/api/v1/videos/{id}/scenes/{sceneId}', scenePath(gated.id, sceneId)),
          404,
          'NOT_FOUND',
        );
      }
      expect((await scenesOf(client, other.id))[0]?.narration).toBe(foreign.narration);
      expect(await scenesOf(client, gated.id)).toHaveLength(1);
    });

    it('on a completed video: 409 INVALID_STATE', async () => {
      const { client, video, scenes } = await completedVideo();
      await expectSceneEditsRefused(client, video.id, scenes[0]!.id);
      const now = await scenesOf(client, video.id);
      expect(now.map((s) => [s.id, s.narration])).toEqual(scenes.map((s) => [s.id, s.narration]));
      expect((await videoOf(client, video.id)).scene_count).toBe(2);
    });

    it('on a failed video: 409 INVALID_STATE', async () => {
      const { client } = await createAccount({ credits: 20 });
      const gated = await toGate(client, {
        prompt: BEES,
        scene_count: 2,
        faults: { rendering: { timeout: true } },
      });
      const failed = await approveAndFinish(client, gated.id);
      expect(failed.status).toBe('failed');
      const scenes = await scenesOf(client, gated.id);
      await expectSceneEditsRefused(client, gated.id, scenes[0]!.id);
      const now = await scenesOf(client, gated.id);
      expect(now.map((s) => [s.id, s.narration])).toEqual(scenes.map((s) => [s.id, s.narration]));
    });

    it('state comes before the body: on a completed video an unknown image_asset_id or an over-long narration is still 409 INVALID_STATE', async () => {
      const { client, video, scenes } = await completedVideo();
      const sceneId = scenes[0]!.id;
      for (const body of [{ image_asset_id: randomUUID() }, { narration: 'x'.repeat(5000) }]) {
        expectApiError(
          await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
            ...scenePath(video.id, sceneId),
            body: body as never,
          }),
          409,
          'INVALID_STATE',
        );
        expectApiError(
          await client.POST('/api/v1/videos/{id}/scenes', {
            ...videoPath(video.id),
            body: { ...SCENE, ...body } as never,
          }),
          409,
          'INVALID_STATE',
        );
      }
      expect((await scenesOf(client, video.id)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
    });

    it('on a video that failed while scripting (no scenes): PATCH, POST and DELETE are 409 INVALID_STATE, not 404', async () => {
      const { client } = await createAccount({ credits: 0 });
      const created = await createVideo(client, {
        prompt: BEES,
        scene_count: 1,
        faults: { scripting: { fail: true } },
      });
      expect((await waitFor(client, created.id, finished)).status).toBe('failed');
      expect(await scenesOf(client, created.id)).toEqual([]);
      await expectSceneEditsRefused(client, created.id, randomUUID());
      expectApiError(
        await client.PATCH('/api/v1/videos/{id}/scenes/{sceneId}', {
          ...scenePath(created.id, randomUUID()),
          body: { image_asset_id: randomUUID() } as never,
        }),
        409,
        'INVALID_STATE',
      );
    });

    it('while a stage runs: 409 INVALID_STATE', async () => {
      const { client } = await createAccount({ credits: 20 });
      const running = await runningVideo(client);
      const scenes = await scenesOf(client, running.id);
      await expectSceneEditsRefused(client, running.id, scenes[0]!.id);
      const done = await waitFor(client, running.id, finished);
      expect(done).toMatchObject({ status: 'completed', scene_count: 1 });
      expect((await scenesOf(client, running.id)).map((s) => s.narration)).toEqual(
        scenes.map((s) => s.narration),
      );
    });
  });

  describe('delete video', () => {
    it('at the gate: 204, then 404 everywhere and its workflow ends', async () => {
      const { client } = await createAccount({ credits: 0 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 1 });
      const res = await client.DELETE('/api/v1/videos/{id}', videoPath(gated.id));
      expect(res.response.status).toBe(204);
      expect(res.data).toBeUndefined();
      expectApiError(await client.GET('/api/v1/videos/{id}', videoPath(gated.id)), 404, 'NOT_FOUND');
      expectApiError(await client.GET('/api/v1/videos/{id}/scenes', videoPath(gated.id)), 404, 'NOT_FOUND');
      expectApiError(await client.GET('/api/v1/videos/{id}/events', videoPath(gated.id)), 404, 'NOT_FOUND');
      expectApiError(await client.POST('/api/v1/videos/{id}/approve', videoPath(gated.id)), 404, 'NOT_FOUND');
      const list = await client.GET('/api/v1/videos');
      expect(list.data?.data.map((v) => v.id)).not.toContain(gated.id);
      expect(await workflowStatus(gated.id)).toBe('COMPLETED');
    });

    it('on a failed video: 204, its files are gone, its ledger events stay, the narration credits held for narration never made go back once, its workflow ends', async () => {
      // The narration is made beside the pictures (docs/decisions/0074-overlapped-production.md):
      // how much of it exists when the picture's failure stops the run depends on the timing, and
      // what was made stays paid, as the picture made does.
      const { client, accountId } = await createAccount({ credits: 20 });
      const gated = await toGate(client, {
        prompt: BEES,
        scene_count: 2,
        faults: { visualising: { fail_scenes: [2] } },
      });
      const failed = await approveAndFinish(client, gated.id);
      expect(failed.status).toBe('failed');
      const scenes = (await scenesOf(client, gated.id)) as Scene[];
      const kept = scenes[0]!;
      const narrated = scenes.filter((s) => s.narration_url !== null).length;
      const image = await download(kept.image_url!);
      expect(image.status).toBe(200);
      const ledger = await ledgerOf(gated.id);
      expect(ledger.map((e) => e.kind).sort()).toEqual(['charged', 'charged', 'charged', 'refunded']);
      const files = await assetFilesOf(gated.id);
      expect(existingFiles(files)).toHaveLength(1 + narrated);
      // A failed video's own generated image is in use: its retry resumes from it.
      const assetId = assetIdOf(kept.image_url)!;
      expectApiError(await client.DELETE('/api/v1/assets/{id}', videoPath(assetId)), 409, 'INVALID_STATE');
      const before = await balanceOf(accountId);

      expect((await client.DELETE('/api/v1/videos/{id}', videoPath(gated.id))).response.status).toBe(204);
      // The narration's credit goes back unless every scene was narrated; the image made stays paid.
      const after = await ledgerOf(gated.id);
      expect(after.slice(0, ledger.length)).toEqual(ledger);
      const refunded = after.slice(ledger.length).map((e) => [e.kind, e.item, e.amount]);
      if (narrated === 0) expect(refunded).toEqual([['refunded', 'narration', 1]]);
      if (narrated === scenes.length) expect(refunded).toEqual([]);
      expect(refunded.every(([kind, item]) => kind === 'refunded' && item === 'narration')).toBe(true);
      const back = refunded.reduce((sum, [, , amount]) => sum + Number(amount), 0);
      expect(await balanceOf(accountId)).toBe(before + back);
      expectApiError(await client.DELETE('/api/v1/videos/{id}', videoPath(gated.id)), 404, 'NOT_FOUND');
      expect(await ledgerOf(gated.id)).toEqual(after);
      expectApiError(await client.GET('/api/v1/videos/{id}', videoPath(gated.id)), 404, 'NOT_FOUND');
      expect((await download(kept.image_url!)).status).toBe(404);
      expectApiError(
        await client.GET('/api/v1/assets/{id}/content', { ...videoPath(assetId), parseAs: 'stream' }),
        404,
        'NOT_FOUND',
      );
      expectApiError(await client.GET('/api/v1/assets/{id}', videoPath(assetId)), 404, 'NOT_FOUND');
      expect(existingFiles(files)).toEqual([]);
      expect(await workflowStatus(gated.id)).toBe('COMPLETED');
    });

    it('on a completed video: 204, its files are gone, its ledger events stay', async () => {
      const { client } = await createAccount({ credits: 20 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 1 });
      const done = await approveAndFinish(client, gated.id);
      expect(done.status).toBe('completed');
      const scenes = await scenesOf(client, gated.id);
      const urls = [
        done.video_url,
        done.audio_url,
        done.thumbnail_url,
        done.subtitles_url,
        scenes[0]!.image_url,
        scenes[0]!.narration_url,
      ] as string[];
      for (const u of urls) expect((await download(u)).status).toBe(200);
      const ledger = await ledgerOf(gated.id);
      expect(ledger.map((e) => e.kind)).toEqual(['charged', 'charged']);
      const files = await assetFilesOf(gated.id);
      expect(existingFiles(files)).toHaveLength(6);

      expect((await client.DELETE('/api/v1/videos/{id}', videoPath(gated.id))).response.status).toBe(204);
      expectApiError(await client.GET('/api/v1/videos/{id}', videoPath(gated.id)), 404, 'NOT_FOUND');
      for (const u of urls) expect((await download(u)).status).toBe(404);
      const assets = await client.GET('/api/v1/assets', { params: { query: { video_id: gated.id } } });
      expect(assets.data?.data).toEqual([]);
      expect(existingFiles(files)).toEqual([]);
      expect(await ledgerOf(gated.id)).toEqual(ledger);
      expectApiError(await client.DELETE('/api/v1/videos/{id}', videoPath(gated.id)), 404, 'NOT_FOUND');
    });

    it('while it is processed (queued pending, scripting, a production stage): 409 INVALID_STATE and it carries on', async () => {
      const { client } = await createAccount({ credits: 20 });
      const queued = await scriptingVideo(client);
      expectApiError(await client.DELETE('/api/v1/videos/{id}', videoPath(queued.id)), 409, 'INVALID_STATE');

      const running = await runningVideo(client);
      expectApiError(await client.DELETE('/api/v1/videos/{id}', videoPath(running.id)), 409, 'INVALID_STATE');
      expect((await client.GET('/api/v1/videos/{id}', videoPath(running.id))).response.status).toBe(200);
      const done = await waitFor(client, running.id, finished);
      expect(done.status).toBe('completed');
      expect((await download(done.video_url!)).status).toBe(200);
      expect((await waitFor(client, queued.id, atGate)).awaiting_approval).toBe(true);
    });
  });
});
