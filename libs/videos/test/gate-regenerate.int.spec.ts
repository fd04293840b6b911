import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AssetRepository } from '@vidgen/assets';
import { LedgerRepository } from '@vidgen/ledger';
import { videoOptions } from '@vidgen/videos';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { gateActivitiesOnPostgres } from './support/gate-activities';

describe('gate activities on PostgreSQL: regenerating and purging', () => {
  const gate = gateActivitiesOnPostgres();
  const { run, videos, videoAtGate, approve, storageRoot } = gate;
  let a: ReturnType<typeof gate.activities>;
  beforeAll(() => {
    a = gate.activities();
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
    await approve(videoId, 1, []);
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
    await approve(videoId, 1, []);
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
    await approve(videoId, 2, plan.charges);
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
