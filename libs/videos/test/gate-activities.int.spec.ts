import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import { AccountRepository } from '@vidgen/auth';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import type { FfmpegRenderer, MediaProviders } from '@vidgen/media';
import { videoOptions } from '@vidgen/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { createVideoActivities, VideoRepository } from '../src';

/**
 * The review gate's activities against the real database, called as Temporal would call them
 * (MockActivityEnvironment), including the second call a retry makes.
 */
describe('gate activities on PostgreSQL', () => {
  const env = new MockActivityEnvironment();
  const storageRoot = mkdtempSync(path.join(os.tmpdir(), 'vidgen-gate-'));
  const videos = () => new VideoRepository(testDb());
  const acts = () =>
    createVideoActivities({
      videos: videos(),
      assets: new AssetRepository(testDb()),
      ledger: new LedgerRepository(testDb()),
      storage: new AssetStorage(storageRoot),
      providers: {} as MediaProviders,
      renderer: {} as FfmpegRenderer,
    });
  const run = <T>(fn: () => Promise<T>) => env.run(fn) as Promise<T>;

  async function videoAtGate(credits = 20, scenes = 2) {
    const account = await new AccountRepository(testDb()).create({ name: 'gate', plan: 'pro' });
    if (credits) await new LedgerService(new LedgerRepository(testDb())).grant(account.id, credits);
    const video = await videos().create(account.id, {
      prompt: 'Lighthouses.',
      sceneCount: scenes,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: null,
    });
    await videos().transaction((trx) =>
      videos().scenes.replace(
        account.id,
        video.id,
        Array.from({ length: scenes }, (_, i) => ({
          visual_description: `Shot ${i + 1}`,
          narration: `Line ${i + 1}.`,
        })),
        trx,
      ),
    );
    await videos().events.record(account.id, video.id, {
      key: 'script1:awaiting_approval',
      type: 'awaiting_approval',
      status: 'pending',
      awaitingApproval: true,
    });
    return { accountId: account.id, videoId: video.id };
  }

  let a: ReturnType<typeof acts>;
  beforeAll(() => {
    a = acts();
  });
  afterAll(async () => {
    await testDb().destroy();
  });

  it('a scene edit applied twice (a retried activity) adds one scene and answers the same both times', async () => {
    const { videoId, accountId } = await videoAtGate();
    const edit = { op: 'add' as const, visual_description: 'A new shot', narration: 'A new line.' };
    const first = await run(() => a.applySceneEdit({ videoId, editId: 'e-add', edit }));
    const second = await run(() => a.applySceneEdit({ videoId, editId: 'e-add', edit }));
    expect(second).toEqual(first);
    expect(await videos().scenes.list(accountId, videoId)).toHaveLength(3);
  });

  it('a delete applied twice deletes once and does not answer "not found" the second time', async () => {
    const { videoId, accountId } = await videoAtGate(20, 3);
    const [, doomed] = await videos().scenes.list(accountId, videoId);
    const edit = { op: 'delete' as const, sceneId: doomed!.id };
    await run(() => a.applySceneEdit({ videoId, editId: 'e-del', edit }));
    await expect(run(() => a.applySceneEdit({ videoId, editId: 'e-del', edit }))).resolves.toEqual({
      sceneId: null,
    });
    expect((await videos().scenes.list(accountId, videoId)).map((s) => s.narration)).toEqual([
      'Line 1.',
      'Line 3.',
    ]);
  });

  it('an edited narration is tidied like a written one: no control characters or markup reach speech', async () => {
    const { videoId, accountId } = await videoAtGate();
    const [scene] = await videos().scenes.list(accountId, videoId);
    const narration = 'the **bell**\u0007 rings\u001b[31m twice';
    await run(() =>
      a.applySceneEdit({ videoId, editId: 'e-tidy', edit: { op: 'update', sceneId: scene!.id, narration } }),
    );
    const [edited] = await videos().scenes.list(accountId, videoId);
    expect(edited!.narration).toBe('The bell rings [31m twice.');
    expect(edited!.narration).not.toMatch(/\p{Cc}/u);
  });

  it('a clearScenes attempt that outlived its timeout leaves the script written after the successful retry alone', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    expect(await videos().scenes.list(accountId, videoId)).toEqual([]);
    // The new script of version 2 is written after the retry cleared the old one.
    await videos().transaction((trx) =>
      videos().scenes.replace(
        accountId,
        videoId,
        [{ visual_description: 'New', narration: 'New line.' }],
        trx,
      ),
    );
    // The first attempt, still running, reaches its clear only now.
    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    expect((await videos().scenes.list(accountId, videoId)).map((s) => s.narration)).toEqual(['New line.']);
    const cleared = (await videos().events.list(accountId, videoId)).filter(
      (e) => e.type === 'scenes_cleared',
    );
    expect(cleared).toHaveLength(1);
  });

  it('a regenerate gives back the credits held for images and narration the old script never made, once; made images stay paid', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    await run(() =>
      a.approveProduction({ videoId, run: 1, charges: [], resumeStage: 'visualising', isRetry: false }),
    );
    const ledger = new LedgerRepository(testDb());
    expect((await ledger.account(accountId))!.balance).toBe(17); // two images, the narration
    // Visualising made scene 1's image, failed on scene 2 before its refund, and narration never ran.
    const [first] = await videos().scenes.list(accountId, videoId);
    const image = await new AssetRepository(testDb()).insert({
      accountId,
      videoId,
      type: 'image',
      path: `${accountId}/${videoId}/scene-1.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
    });
    await videos().transaction((trx) =>
      videos().scenes.setImage(accountId, videoId, first!.id, image.id, trx),
    );

    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    expect((await ledger.account(accountId))!.balance).toBe(19);
    expect((await videos().find(accountId, videoId))!.creditsRefunded).toBe(2);
    const refunds = (await videos().events.list(accountId, videoId)).filter((e) => e.type === 'refunded');
    expect(refunds.map((e) => (e.data as { item: string }).item).sort()).toEqual(
      ['narration', expect.stringMatching(/^image:/)].sort(),
    );
  });

  it('a regenerate of a fully narrated video charges the new narration in full, and a later refund gives back only that', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    const ledger = new LedgerRepository(testDb());
    const balance = async () => (await ledger.account(accountId))!.balance;
    await run(() =>
      a.approveProduction({ videoId, run: 1, charges: [], resumeStage: 'visualising', isRetry: false }),
    );
    expect(await balance()).toBe(17); // two images, the narration
    // Run 1 made every image and every narration, then failed in rendering: all of it stays paid.
    const assets = new AssetRepository(testDb());
    for (const scene of await videos().scenes.list(accountId, videoId)) {
      const file = (type: 'image' | 'narration') =>
        assets.insert({
          accountId,
          videoId,
          type,
          path: `${accountId}/${videoId}/${scene.id}-${type}`,
          mimeType: type === 'image' ? 'image/png' : 'audio/wav',
          sizeBytes: 10,
        });
      const image = await file('image');
      const narration = await file('narration');
      await videos().transaction(async (trx) => {
        await videos().scenes.setImage(accountId, videoId, scene.id, image.id, trx);
        await videos().scenes.setNarration(
          accountId,
          videoId,
          scene.id,
          { assetId: narration.id, seconds: 1, words: [] },
          trx,
        );
      });
    }
    // A regenerate replaces the script: nothing was left unmade, nothing goes back.
    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    await run(() => a.clearScenes({ videoId, scriptVersion: 2 }));
    expect(await balance()).toBe(17);
    await videos().transaction((trx) =>
      videos().scenes.replace(
        accountId,
        videoId,
        [
          { visual_description: 'New shot 1', narration: 'New line 1.' },
          { visual_description: 'New shot 2', narration: 'New line 2.' },
        ],
        trx,
      ),
    );
    // The new script's images and narration are made anew and paid anew: the old narration's
    // credit paid for the old narration, which was spoken.
    const plan = await run(() => a.planProduction({ videoId, run: 2 }));
    expect(plan.charges.map((c) => [c.item.replace(/:.*/, ''), c.amount]).sort()).toEqual([
      ['image', 1],
      ['image', 1],
      ['narration', 1],
    ]);
    await run(() =>
      a.approveProduction({
        videoId,
        run: 2,
        charges: plan.charges,
        resumeStage: 'visualising',
        isRetry: false,
      }),
    );
    expect(await balance()).toBe(14);
    // Deleted before the new narration is made: its credit goes back, not the old one's too.
    await run(() => a.purgeVideo({ videoId }));
    expect(await balance()).toBe(17);
  });

  it('purging or regenerating a video leaves the image it made in place while another video uses it', async () => {
    const maker = await videoAtGate(20, 1);
    const { accountId } = maker;
    const user = await videos().create(accountId, {
      prompt: 'Reuses a picture.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: null,
    });
    const made = async (name: string) => {
      const key = `${accountId}/${maker.videoId}/${name}`;
      mkdirSync(path.dirname(path.join(storageRoot, key)), { recursive: true });
      writeFileSync(path.join(storageRoot, key), 'png');
      return new AssetRepository(testDb()).insert({
        accountId,
        videoId: maker.videoId,
        type: 'image',
        path: key,
        mimeType: 'image/png',
        sizeBytes: 3,
      });
    };
    const shared = await made('shared.png');
    const own = await made('own.png');
    await videos().transaction((trx) =>
      videos().scenes.replace(
        accountId,
        user.id,
        [{ visual_description: 'Reused', narration: 'Again.', image_asset_id: shared.id }],
        trx,
      ),
    );
    const live = async (id: string) =>
      (await new AssetRepository(testDb()).find(accountId, id)) !== undefined;

    await run(() => a.clearScenes({ videoId: maker.videoId, scriptVersion: 2 }));
    expect([await live(shared.id), await live(own.id)]).toEqual([true, false]);
    expect(existsSync(path.join(storageRoot, shared.path))).toBe(true);
    expect(existsSync(path.join(storageRoot, own.path))).toBe(false);

    await run(() => a.purgeVideo({ videoId: maker.videoId }));
    expect(await videos().find(accountId, maker.videoId)).toBeUndefined();
    expect(await live(shared.id)).toBe(true);
    expect(existsSync(path.join(storageRoot, shared.path))).toBe(true);
  });

  it('an approval prices the scenes as they stand when it commits: a client image deleted after planning is charged, not free', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    const image = await new AssetRepository(testDb()).insert({
      accountId,
      videoId: null,
      source: 'upload',
      type: 'image',
      path: `${accountId}/client/picture.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
    });
    const [first] = await videos().scenes.list(accountId, videoId);
    await videos().transaction((trx) =>
      videos().scenes.updateText(accountId, videoId, first!.id, { image_asset_id: image.id }, trx),
    );
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    expect(plan.charges.reduce((n, c) => n + c.amount, 0)).toBe(2); // one image, the narration
    // The client's picture goes between the plan and the approval (as a DELETE /assets/{id} would).
    await videos().transaction(async (trx) => {
      await new AssetRepository(testDb()).markDeleted(accountId, image.id, trx);
      await videos().scenes.detachClientImage(accountId, image.id, trx);
    });
    await run(() =>
      a.approveProduction({
        videoId,
        run: 1,
        charges: plan.charges,
        resumeStage: 'visualising',
        isRetry: false,
      }),
    );
    expect((await videos().find(accountId, videoId))!.creditsCharged).toBe(3);
    expect((await new LedgerRepository(testDb()).account(accountId))!.balance).toBe(17);
  });

  it('an approval settled as abandoned can no longer be booked by a late attempt, and charges nothing', async () => {
    const { videoId, accountId } = await videoAtGate();
    const settled = await run(() =>
      a.settleOutcome({ videoId, doneKey: 'run1:approved', abandonedKey: 'run1:approval_abandoned' }),
    );
    expect(settled).toEqual({ done: false });
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    await expect(
      run(() =>
        a.approveProduction({
          videoId,
          run: 1,
          charges: plan.charges,
          resumeStage: 'visualising',
          isRetry: false,
        }),
      ),
    ).rejects.toMatchObject({ type: 'INVALID_STATE' });
    expect((await new LedgerRepository(testDb()).account(accountId))!.balance).toBe(20);
    expect((await videos().find(accountId, videoId))!.awaitingApproval).toBe(true);
  });

  it('an approval that committed settles as done', async () => {
    const { videoId } = await videoAtGate();
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    await run(() =>
      a.approveProduction({
        videoId,
        run: 1,
        charges: plan.charges,
        resumeStage: 'visualising',
        isRetry: false,
      }),
    );
    await expect(
      run(() =>
        a.settleOutcome({ videoId, doneKey: 'run1:approved', abandonedKey: 'run1:approval_abandoned' }),
      ),
    ).resolves.toEqual({ done: true });
  });

  it('a regenerate takes a slot: refused with MAX_CONCURRENT_VIDEOS when three videos are in progress', async () => {
    const { videoId, accountId } = await videoAtGate();
    for (let i = 0; i < 3; i++) {
      await videos().create(accountId, {
        prompt: `Busy ${i}`,
        sceneCount: 1,
        options: videoOptions({ aspect_ratio: '16:9' }),
        faults: null,
      });
    }
    await expect(run(() => a.beginRegeneration({ videoId, scriptVersion: 2 }))).rejects.toMatchObject({
      type: 'MAX_CONCURRENT_VIDEOS',
    });
    expect((await videos().find(accountId, videoId))!).toMatchObject({
      status: 'pending',
      awaitingApproval: true,
    });
  });

  it('a regenerate with a free slot moves the video to scripting once, however often it is retried', async () => {
    const { videoId, accountId } = await videoAtGate();
    await run(() => a.beginRegeneration({ videoId, scriptVersion: 2 }));
    await run(() => a.beginRegeneration({ videoId, scriptVersion: 2 }));
    expect((await videos().find(accountId, videoId))!).toMatchObject({
      status: 'scripting',
      awaitingApproval: false,
    });
    const log = await videos().events.list(accountId, videoId);
    expect(log.filter((e) => e.type === 'regeneration_started')).toHaveLength(1);
  });
});
