import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockActivityEnvironment } from '@temporalio/testing';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import { AccountRepository } from '@vidgen/auth';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import type { FfmpegRenderer, MediaProviders } from '@vidgen/media';
import { videoOptions } from '@vidgen/videos';
import { afterAll, beforeAll } from 'vitest';
import { testDb } from '../../../../test/support/api';
import { createVideoActivities, VideoRepository } from '../../src';

type Activities = ReturnType<typeof createVideoActivities>;
type Charges = Parameters<Activities['approveProduction']>[0]['charges'];

/**
 * The review gate's activities against the real database, called as Temporal would call them
 * (MockActivityEnvironment), including the second call a retry makes. Called inside a describe:
 * the activities are made before its tests, and the database pool is closed after them.
 */
export function gateActivitiesOnPostgres() {
  const env = new MockActivityEnvironment();
  const storageRoot = mkdtempSync(path.join(os.tmpdir(), 'vidgen-gate-'));
  const videos = () => new VideoRepository(testDb());
  const run = <T>(fn: () => Promise<T>) => env.run(fn) as Promise<T>;
  let activities: Activities;
  beforeAll(() => {
    activities = createVideoActivities({
      videos: videos(),
      assets: new AssetRepository(testDb()),
      ledger: new LedgerRepository(testDb()),
      storage: new AssetStorage(storageRoot),
      providers: {} as MediaProviders,
      renderer: {} as FfmpegRenderer,
    });
  });
  afterAll(async () => {
    await testDb().destroy();
  });

  /** A video of a new account (holding `credits`) whose script of `scenes` scenes awaits approval. */
  /** A video at the gate, of a new account granted `credits`, or of `accountId` (granted nothing more). */
  async function videoAtGate(credits = 20, scenes = 2, accountId?: string) {
    const account = accountId
      ? { id: accountId }
      : await new AccountRepository(testDb()).create({ name: 'gate', plan: 'pro' });
    if (credits && !accountId)
      await new LedgerService(new LedgerRepository(testDb())).grant(account.id, credits);
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

  /** The approval of run `runNo` with these charges, production starting at visualising. */
  const approve = (videoId: string, runNo: number, charges: Charges) =>
    run(() =>
      activities.approveProduction({
        videoId,
        run: runNo,
        charges,
        resumeStage: 'visualising',
        isRetry: false,
      }),
    );

  return { storageRoot, videos, run, videoAtGate, approve, activities: () => activities };
}
