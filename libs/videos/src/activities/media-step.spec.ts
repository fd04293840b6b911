import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AssetStorage } from '@vidgen/assets';
import { DatabaseUnavailableError } from '@vidgen/db';
import { type GeneratedImage, ProviderError, ProviderTimeoutError } from '@vidgen/media';
import { eventKeys } from '@vidgen/workflows';
import { describe, expect, it } from 'vitest';
import {
  activityEnv,
  aScene,
  aVideo,
  failureOf,
  fakeAssets,
  fakeVideos,
  NO_FAULT,
  sceneId,
  VIDEO_ID,
} from '../../test/support/activity-fakes';
import type { VideoRepository } from '../video.repository';
import { createMediaStep } from './media-step';
import { createSceneImageActivity } from './scene-image.activity';

/** The scene image activity over fakes; `image` plays the provider, writing into the step's temp dir. */
function setup(
  opts: {
    image?: (outPath: string) => Promise<GeneratedImage>;
    imageAssetId?: string;
    databaseWaitMs?: number;
  } = {},
) {
  const scenes = [aScene(1, { imageAssetId: opts.imageAssetId ?? null }), aScene(2)];
  const v = fakeVideos(aVideo(), scenes);
  const a = fakeAssets();
  const outPaths: string[] = [];
  const image =
    opts.image ??
    (async (outPath: string) => {
      await writeFile(outPath, 'png');
      return { path: outPath, mimeType: 'image/png', width: 1280, height: 720, depicts: [], attribution: [] };
    });
  const providers = {
    image: {
      generateImage: async (_input: unknown, outPath: string) => {
        outPaths.push(outPath);
        return image(outPath);
      },
    },
  };
  const storage = a.storage;
  const runStep = createMediaStep({
    videos: v.videos,
    assets: a.assets,
    storage,
    ...(opts.databaseWaitMs !== undefined && { databaseWaitMs: opts.databaseWaitMs }),
  });
  const { generateSceneImage } = createSceneImageActivity({ videos: v.videos, providers, runStep });
  const run = (fault = NO_FAULT, run = 1) =>
    activityEnv().run(generateSceneImage, {
      videoId: VIDEO_ID,
      sceneId: sceneId(1),
      run,
      fault,
    });
  return { ...v, ...a, scenes, outPaths, run };
}

describe('media step (scene image)', () => {
  it('reuses what an earlier run produced: no fault, no provider call, nothing stored or logged', async () => {
    const s = setup({ imageAssetId: 'asset-from-run-1' });
    await s.run({ ...NO_FAULT, failScenes: [1] }, 2);
    expect(s.outPaths).toEqual([]);
    expect(s.puts).toEqual([]);
    expect(s.calls.transactions).toBe(0);
    expect(s.events).toEqual([]);
  });

  it('stores the image once: one file, one asset row, the scene pointed at it and one keyed event, in one transaction', async () => {
    const s = setup();
    await s.run();
    // Each attempt writes its own file name, so two attempts never share one file.
    expect(s.puts).toEqual([
      { name: expect.stringMatching(new RegExp(`^scene-${sceneId(1)}-\\w+\\.png$`)), source: s.outPaths[0] },
    ]);
    expect(s.rows).toHaveLength(1);
    expect(s.rows[0]).toMatchObject({ type: 'image', sceneId: sceneId(1), width: 1280, height: 720 });
    expect(s.calls.transactions).toBe(1);
    expect(s.calls.sceneImages).toEqual([{ sceneId: sceneId(1), assetId: s.rows[0]!.id }]);
    expect(s.events).toEqual([
      {
        key: eventKeys.run.image(1, sceneId(1)),
        type: 'scene_image_generated',
        stage: 'visualising',
        data: { scene_id: sceneId(1), position: 1, asset_id: s.rows[0]!.id, visual: 'generated' },
      },
    ]);
    // A retried attempt finds the scene done and produces nothing more.
    await s.run();
    expect(s.outPaths).toHaveLength(1);
    expect(s.rows).toHaveLength(1);
    expect(s.events).toHaveLength(1);
  });

  it('an attempt that finds the image stored meanwhile by another attempt writes nothing and discards its file', async () => {
    const s = setup({
      image: async (outPath) => {
        await writeFile(outPath, 'png');
        // Another attempt of the same scene (one that outlived its timeout) finished first.
        s.scenes[0]!.imageAssetId = 'asset-of-the-other-attempt';
        return {
          path: outPath,
          mimeType: 'image/png',
          width: 1280,
          height: 720,
          depicts: [],
          attribution: [],
        };
      },
    });
    await s.run();
    expect(s.rows).toEqual([]);
    expect(s.events).toEqual([]);
    expect(s.removed).toEqual([expect.stringMatching(/scene-.*\.png$/)]);
  });

  it('an attempt whose item the workflow already refunded writes nothing: no asset for a refunded image', async () => {
    const s = setup({
      image: async (outPath) => {
        await writeFile(outPath, 'png');
        s.events.push({ key: eventKeys.run.refund(1, `image:${sceneId(1)}`), type: 'refunded' });
        return {
          path: outPath,
          mimeType: 'image/png',
          width: 1280,
          height: 720,
          depicts: [],
          attribution: [],
        };
      },
    });
    await s.run();
    expect(s.rows).toEqual([]);
    expect(s.calls.sceneImages).toEqual([]);
    expect(s.removed).toHaveLength(1);
  });

  it('removes its temp dir when the provider fails, and stores nothing', async () => {
    const s = setup({
      image: async (outPath) => {
        await writeFile(outPath, 'half an image');
        throw new ProviderError('content rejected', false);
      },
    });
    const failure = await failureOf(s.run());
    expect(failure.type).toBe('PROVIDER_ERROR');
    expect(failure.nonRetryable).toBe(true);
    expect(existsSync(path.dirname(s.outPaths[0]!))).toBe(false);
    expect(s.puts).toEqual([]);
    expect(s.calls.transactions).toBe(0);
  });

  it('removes its temp dir when storing fails after the provider succeeded', async () => {
    const s = setup();
    (s.storage as { put: AssetStorage['put'] }).put = async () => {
      throw new Error('disk full');
    };
    await expect(s.run()).rejects.toThrow('disk full');
    expect(existsSync(path.dirname(s.outPaths[0]!))).toBe(false);
    expect(s.events).toEqual([]);
  });

  it('maps a provider timeout to a retryable PROVIDER_TIMEOUT', async () => {
    const s = setup({
      image: async () => {
        throw new ProviderTimeoutError('no answer in 60 s');
      },
    });
    const failure = await failureOf(s.run());
    expect(failure.type).toBe('PROVIDER_TIMEOUT');
    expect(failure.nonRetryable).toBe(false);
  });

  it('injects a scene fault before any work is done', async () => {
    const s = setup();
    const failure = await failureOf(s.run({ ...NO_FAULT, failScenes: [1] }));
    expect(failure.type).toBe('INJECTED_FAULT');
    expect(s.outPaths).toEqual([]);
    expect(s.events).toEqual([]);
  });

  it('refuses a scene the video does not have, for good', async () => {
    const s = setup();
    const { generateSceneImage } = createSceneImageActivity({
      videos: s.videos,
      providers: { image: { generateImage: async () => Promise.reject(new Error('not called')) } },
      runStep: createMediaStep({ videos: s.videos, assets: s.assets, storage: s.storage }),
    });
    const failure = await failureOf(
      activityEnv().run(generateSceneImage, {
        videoId: VIDEO_ID,
        sceneId: sceneId(9),
        run: 1,
        fault: NO_FAULT,
      }),
    );
    expect(failure.type).toBe('INVALID_INPUT');
    expect(failure.nonRetryable).toBe(true);
  });

  describe('while PostgreSQL does not answer', () => {
    const outage = () =>
      new DatabaseUnavailableError('PostgreSQL did not answer within 3000 ms (Connection terminated)');
    type Tx = VideoRepository['transaction'];

    /** Replaces the fake's transaction with `each(n, real)`, n counting from 1. */
    function transactions(s: ReturnType<typeof setup>, each: (n: number, real: Tx) => Tx) {
      const real = s.videos.transaction.bind(s.videos) as Tx;
      let n = 0;
      (s.videos as { transaction: Tx }).transaction = ((fn: Parameters<Tx>[0]) => each(++n, real)(fn)) as Tx;
      return () => n;
    }

    it('records the image once the database answers again: the picture is made once, nothing discarded', async () => {
      const s = setup();
      const tries = transactions(s, (n, real) =>
        n <= 2
          ? async () => {
              throw outage();
            }
          : real,
      );
      await s.run();
      expect(tries()).toBe(3);
      expect(s.outPaths).toHaveLength(1);
      expect(s.puts).toHaveLength(1);
      expect(s.rows).toHaveLength(1);
      expect(s.events.map((e) => e.type)).toEqual(['scene_image_generated']);
      expect(s.removed).toEqual([]);
    });

    it('reads the video again until the database answers, then works as usual', async () => {
      const s = setup();
      const find = s.videos.findForWorkflow.bind(s.videos);
      let reads = 0;
      (s.videos as { findForWorkflow: typeof find }).findForWorkflow = async (id) => {
        if (++reads <= 2) throw new Error('reading the video failed', { cause: outage() });
        return find(id);
      };
      await s.run();
      expect(reads).toBe(3);
      expect(s.outPaths).toHaveLength(1);
      expect(s.events).toHaveLength(1);
    });

    it('keeps its files when a try it lost the answer of had committed: the next try finds it recorded', async () => {
      const s = setup();
      transactions(s, (n, real) =>
        n === 1
          ? async (fn) => {
              await real(fn);
              throw outage();
            }
          : real,
      );
      await s.run();
      expect(s.rows).toHaveLength(1);
      expect(s.events).toHaveLength(1);
      // The asset row committed by the first try points at the file: it stays.
      expect(s.removed).toEqual([]);
    });

    it('fails as before once the wait is over, with the outage', async () => {
      const s = setup({ databaseWaitMs: 400 });
      const tries = transactions(s, () => async () => {
        throw outage();
      });
      await expect(s.run()).rejects.toThrow(DatabaseUnavailableError);
      expect(tries()).toBeGreaterThan(1);
      expect(s.events).toEqual([]);
    });

    it('does not try again after an error that is not an outage', async () => {
      const s = setup();
      const tries = transactions(s, () => async () => {
        throw new Error('duplicate key value violates unique constraint');
      });
      await expect(s.run()).rejects.toThrow('duplicate key');
      expect(tries()).toBe(1);
    });
  });
});
