import { errorMessage } from '@vidgen/client';
import { afterAll, describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import {
  assetIdOf,
  balanceOf,
  closeTemporal,
  ledgerOf,
  PRODUCTION_STATUSES,
} from '../../../test/support/lifecycle';
import {
  after,
  approveAndFinish,
  atGate,
  cleanLog,
  createVideo,
  expectApiError,
  finished,
  scenesOf,
  stagesStarted,
  toGate,
  videoOf,
  videoPath,
  waitFor,
} from '../../../test/support/video-client';
import { download } from '../../../test/support/videos';
import { BEES, completedVideo, runningVideo, scriptingVideo } from './support/lifecycle-videos';

afterAll(closeTemporal);

// Each test drives whole videos through real retries and renders; on a busy 2-core machine one can take a minute.
describe.concurrent('video lifecycle (docs/lifecycle.md)', { timeout: 150_000 }, () => {
  describe('approve', () => {
    it('at the gate: 200, charges exactly the estimate, starts production and completes', async () => {
      const { client, accountId } = await createAccount({ credits: 20 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 2 });
      expect(gated.credits_charged).toBe(0);
      expect(gated.estimated_credits).toBe(3); // 2 images + 1 narration
      expect(await ledgerOf(gated.id)).toEqual([]);

      // Two approvals at once: one wins, the other finds production running.
      const both = await Promise.all(
        [1, 2].map(() => client.POST('/api/v1/videos/{id}/approve', videoPath(gated.id))),
      );
      both.sort((a, b) => a.response.status - b.response.status);
      expect(both.map((r) => r.response.status)).toEqual([200, 409]);
      expectApiError(both[1]!, 409, 'INVALID_STATE');
      const res = both[0]!;
      expect(res.data).toMatchObject({ awaiting_approval: false, credits_charged: 3, failure_reason: null });
      expect(PRODUCTION_STATUSES).toContain(res.data?.status);
      expect(await balanceOf(accountId)).toBe(17);
      const scenes = await scenesOf(client, gated.id);
      const charges = await ledgerOf(gated.id);
      expect(charges.map((c) => [c.kind, c.item, c.amount]).sort()).toEqual(
        [
          ['charged', `image:${scenes[0]!.id}`, -1],
          ['charged', `image:${scenes[1]!.id}`, -1],
          ['charged', 'narration', -1],
        ].sort(),
      );

      const done = await waitFor(client, gated.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 3, credits_refunded: 0 });
      expect(await balanceOf(accountId)).toBe(17);
      const log = await cleanLog(client, gated.id);
      expect(log.filter((e) => e.type === 'approved')).toHaveLength(1);
    });

    it('a retry resumes at the earliest stage whose outputs are missing: a video failed at rendering whose scene image is gone makes the image again and completes', async () => {
      const { client } = await createAccount({ credits: 20 });
      const gated = await toGate(client, {
        prompt: BEES,
        scene_count: 2,
        faults: { rendering: { timeout: true } },
      });
      const failed = await approveAndFinish(client, gated.id);
      expect(failed).toMatchObject({ status: 'failed', credits_charged: 3 });
      expect(failed.failure_reason).toMatchObject({ stage: 'rendering' });
      const [first] = await scenesOf(client, gated.id);
      const lost = assetIdOf(first!.image_url)!;
      // As a DELETE /assets/{id} left a failed video before the asset counted as in use.
      await testDb()
        .updateTable('assets')
        .set({ deleted_at: new Date().toISOString() } as any)
        .where('id', '=', lost)
        .execute();
      await testDb()
        .updateTable('scenes')
        .set({ image_asset_id: null })
        .where('image_asset_id', '=', lost)
        .execute();

      const retry = await client.POST('/api/v1/videos/{id}/approve', videoPath(gated.id));
      expect(retry.response.status).toBe(200);
      expect(retry.data).toMatchObject({ status: 'visualising', failure_reason: null });
      const done = await waitFor(client, gated.id, finished);
      expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
      const [remade] = await scenesOf(client, gated.id);
      expect(remade!.image_url).not.toBeNull();
      expect(assetIdOf(remade!.image_url)).not.toBe(lost);
      expect((await download(done.video_url!)).status).toBe(200);
    });

    it('on a failed video with scenes: retries from the failed stage, reuses every image that succeeded, charges only the redone one', async () => {
      const { client, accountId } = await createAccount({ credits: 20 });
      const gated = await toGate(client, {
        prompt: BEES,
        scene_count: 3,
        faults: { visualising: { fail_scenes: [2] } },
      });
      const failed = await approveAndFinish(client, gated.id);
      expect(failed).toMatchObject({ status: 'failed', credits_charged: 4, credits_refunded: 1 });
      expect(failed.failure_reason).toMatchObject({ code: 'IMAGE_GENERATION_ERROR', stage: 'visualising' });

      const before = await scenesOf(client, gated.id);
      expect(before.map((s) => s.image_url === null)).toEqual([false, true, false]);
      const keptIds = [assetIdOf(before[0]!.image_url), assetIdOf(before[2]!.image_url)];
      const keptBytes = await Promise.all([download(before[0]!.image_url!), download(before[2]!.image_url!)]);
      for (const b of keptBytes) expect(b.status).toBe(200);
      const balance = await balanceOf(accountId);

      const retry = await client.POST('/api/v1/videos/{id}/approve', videoPath(gated.id));
      expect(retry.response.status).toBe(200);
      expect(retry.data).toMatchObject({ status: 'visualising', failure_reason: null, credits_charged: 5 });
      expect(await balanceOf(accountId)).toBe(balance - 1);

      const done = await waitFor(client, gated.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 5, credits_refunded: 1 });
      const afterScenes = await scenesOf(client, gated.id);
      expect(afterScenes.map((s) => s.id)).toEqual(before.map((s) => s.id));
      // The untouched scenes keep the very same files: same asset ids, identical bytes.
      expect([assetIdOf(afterScenes[0]!.image_url), assetIdOf(afterScenes[2]!.image_url)]).toEqual(keptIds);
      const again = await Promise.all([
        download(afterScenes[0]!.image_url!),
        download(afterScenes[2]!.image_url!),
      ]);
      expect(again[0].body.equals(keptBytes[0].body)).toBe(true);
      expect(again[1].body.equals(keptBytes[1].body)).toBe(true);
      // Only the failed scene got a new image.
      const newImage = assetIdOf(afterScenes[1]!.image_url);
      expect(newImage).not.toBeNull();
      expect(keptIds).not.toContain(newImage);

      const log = await cleanLog(client, gated.id);
      const retried = after(log, 'retry_approved');
      expect(stagesStarted(retried)).toEqual(['visualising', 'narrating', 'curating', 'rendering']);
      const images = retried.filter((e) => e.type === 'scene_image_generated');
      expect(images.map((e) => e.data.scene_id)).toEqual([before[1]!.id]);
      expect(images[0]!.data.asset_id).toBe(newImage);
      const retryCharges = (await ledgerOf(gated.id)).filter((e) => e.idempotency_key?.includes(':run2:'));
      expect(retryCharges.map((c) => [c.kind, c.item, c.amount])).toEqual([
        ['charged', `image:${before[1]!.id}`, -1],
      ]);
    });

    it('on a failed video without scenes: 409 INVALID_STATE telling to regenerate first; regenerate → gate → approve → completed', async () => {
      const { client, accountId } = await createAccount({ credits: 20 });
      const created = await createVideo(client, {
        prompt: BEES,
        scene_count: 2,
        faults: { scripting: { timeout: true } },
      });
      const failed = await waitFor(client, created.id, finished);
      expect(failed.status).toBe('failed');
      expect(await scenesOf(client, created.id)).toEqual([]);

      const res = await client.POST('/api/v1/videos/{id}/approve', videoPath(created.id));
      expectApiError(res, 409, 'INVALID_STATE');
      expect(errorMessage(res.error)).toMatch(/regenerate/);
      const still = await videoOf(client, created.id);
      expect(still).toMatchObject({ status: 'failed', credits_charged: 0 });
      expect(await balanceOf(accountId)).toBe(20);

      const regen = await client.POST('/api/v1/videos/{id}/regenerate', {
        ...videoPath(created.id),
        body: { feedback: '' },
      });
      expect(regen.response.status).toBe(200);
      expect(regen.data).toMatchObject({ status: 'pending', awaiting_approval: true, failure_reason: null });
      expect(await scenesOf(client, created.id)).toHaveLength(2);

      const done = await approveAndFinish(client, created.id);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 3 });
      expect(await balanceOf(accountId)).toBe(17);
      await cleanLog(client, created.id);
    });

    it('on a completed video: 409 INVALID_STATE, nothing charged', async () => {
      const { client, accountId, video } = await completedVideo();
      const balance = await balanceOf(accountId);
      expectApiError(
        await client.POST('/api/v1/videos/{id}/approve', videoPath(video.id)),
        409,
        'INVALID_STATE',
      );
      const still = await videoOf(client, video.id);
      expect(still).toMatchObject({ status: 'completed', credits_charged: video.credits_charged });
      expect(still.video_url).not.toBeNull();
      expect(await balanceOf(accountId)).toBe(balance);
    });

    it('while a stage runs (scripting, visualising): 409 INVALID_STATE and the run goes on, charged once', async () => {
      const { client, accountId } = await createAccount({ credits: 20 });
      const scripting = await scriptingVideo(client);
      expectApiError(
        await client.POST('/api/v1/videos/{id}/approve', videoPath(scripting.id)),
        409,
        'INVALID_STATE',
      );

      const running = await runningVideo(client);
      const res = await client.POST('/api/v1/videos/{id}/approve', videoPath(running.id));
      expectApiError(res, 409, 'INVALID_STATE');
      expect(errorMessage(res.error)).toMatch(/being processed/);
      const done = await waitFor(client, running.id, finished);
      expect(done).toMatchObject({ status: 'completed', credits_charged: 2 });
      const log = await cleanLog(client, running.id);
      expect(log.filter((e) => e.type === 'approved')).toHaveLength(1);

      // The held-back script still reaches the gate untouched by the refused approval.
      expect((await waitFor(client, scripting.id, atGate)).awaiting_approval).toBe(true);
      expect(await balanceOf(accountId)).toBe(18);
    });
  });

  describe('regenerate', () => {
    it('at the gate with feedback: 200, scenes replaced by new ones that follow the feedback, back at the gate', async () => {
      const { client } = await createAccount({ credits: 0 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 2 });
      const old = await scenesOf(client, gated.id);

      const res = await client.POST('/api/v1/videos/{id}/regenerate', {
        ...videoPath(gated.id),
        body: {
          feedback: 'Mention the queen and pollen',
        },
      });
      expect(res.response.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'pending', awaiting_approval: true, scene_count: 2 });
      expect(res.data?.estimated_credits).toBeGreaterThan(0);
      const fresh = await scenesOf(client, gated.id);
      expect(fresh).toHaveLength(2);
      expect(fresh.map((s) => s.position)).toEqual([1, 2]);
      for (const s of fresh) {
        expect(old.map((o) => o.id)).not.toContain(s.id);
        expect(`${s.visual_description} ${s.narration}`).toMatch(/queen|pollen/i);
      }
      const log = await cleanLog(client, gated.id);
      expect(stagesStarted(log)).toEqual(['scripting', 'refining', 'scripting', 'refining']);
      expect(log.at(-1)?.type).toBe('awaiting_approval');
    });

    it('at the gate with empty feedback: 200, a different take with new scenes, back at the gate', async () => {
      const { client } = await createAccount({ credits: 0 });
      const gated = await toGate(client, { prompt: BEES, scene_count: 2 });
      const old = await scenesOf(client, gated.id);

      const res = await client.POST('/api/v1/videos/{id}/regenerate', {
        ...videoPath(gated.id),
        body: { feedback: '' },
      });
      expect(res.response.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'pending', awaiting_approval: true });
      const fresh = await scenesOf(client, gated.id);
      expect(fresh).toHaveLength(2);
      for (const s of fresh) expect(old.map((o) => o.id)).not.toContain(s.id);
      // A regenerate asks for another script, so it must not repeat the previous one word for word.
      expect(fresh.map((s) => [s.visual_description, s.narration])).not.toEqual(
        old.map((s) => [s.visual_description, s.narration]),
      );
    });

    it('on a failed video with scenes: 200, scenes and their files replaced, back at the gate, then completes', async () => {
      const { client } = await createAccount({ credits: 20 });
      const gated = await toGate(client, {
        prompt: BEES,
        scene_count: 2,
        faults: { visualising: { fail_scenes: [1] } },
      });
      const failed = await approveAndFinish(client, gated.id);
      expect(failed.status).toBe('failed');
      const old = await scenesOf(client, gated.id);
      expect(old[1]!.image_url).not.toBeNull();

      const res = await client.POST('/api/v1/videos/{id}/regenerate', {
        ...videoPath(gated.id),
        body: { feedback: 'Focus on the hive' },
      });
      expect(res.response.status).toBe(200);
      expect(res.data).toMatchObject({ status: 'pending', awaiting_approval: true, failure_reason: null });
      const fresh = await scenesOf(client, gated.id);
      expect(fresh).toHaveLength(2);
      for (const s of fresh) {
        expect(old.map((o) => o.id)).not.toContain(s.id);
        expect(s.image_url).toBeNull();
      }
      expect((await download(old[1]!.image_url!)).status).toBe(404);

      const done = await approveAndFinish(client, gated.id);
      expect(done.status).toBe('completed');
      await cleanLog(client, gated.id);
    });

    it('on a completed video: 409 INVALID_STATE, scenes unchanged', async () => {
      const { client, video, scenes } = await completedVideo();
      expectApiError(
        await client.POST('/api/v1/videos/{id}/regenerate', {
          ...videoPath(video.id),
          body: { feedback: '' },
        }),
        409,
        'INVALID_STATE',
      );
      expect((await scenesOf(client, video.id)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
      expect((await videoOf(client, video.id)).status).toBe('completed');
    });

    it('while a stage runs (scripting, visualising): 409 INVALID_STATE, scenes unchanged', async () => {
      const { client } = await createAccount({ credits: 20 });
      const scripting = await scriptingVideo(client);
      expectApiError(
        await client.POST('/api/v1/videos/{id}/regenerate', {
          ...videoPath(scripting.id),
          body: { feedback: 'x' },
        }),
        409,
        'INVALID_STATE',
      );

      const running = await runningVideo(client);
      const scenes = await scenesOf(client, running.id);
      expectApiError(
        await client.POST('/api/v1/videos/{id}/regenerate', {
          ...videoPath(running.id),
          body: { feedback: '' },
        }),
        409,
        'INVALID_STATE',
      );
      const done = await waitFor(client, running.id, finished);
      expect(done.status).toBe('completed');
      expect((await scenesOf(client, running.id)).map((s) => s.id)).toEqual(scenes.map((s) => s.id));
      const log = await cleanLog(client, running.id);
      expect(stagesStarted(log).filter((s) => s === 'scripting')).toHaveLength(1);
    });
  });
});
