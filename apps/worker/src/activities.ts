import type { Client } from '@temporalio/client';
import { AssetIntake, AssetRepository, createAssetStorage, MediaVerifier } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { LedgerRepository } from '@vidgen/ledger';
import { createProviders, FfmpegRenderer, resolveFfmpeg } from '@vidgen/media';
import { createVideoActivities, VideoRepository } from '@vidgen/videos';
import { createWebhookActivities } from '@vidgen/webhooks';
import type { VideoActivities, WebhookActivities, WebhookDeliveryActivities } from '@vidgen/workflows';
import { createBatchWorkerActivities } from './batch-activities';

export interface ActivityDeps {
  db: Db;
  config: AppConfig;
  client: Client;
  /** A client on the running worker's own connection, when there is one (eager workflow start). */
  workerClient?: () => Client | undefined;
}

/** Every activity the worker registers, built over injected dependencies. */
export function createActivities({ db, config, client, workerClient }: ActivityDeps): AllActivities {
  const storage = createAssetStorage(config.assets.dir, config.storage);
  const ffmpegPath = resolveFfmpeg(config.ffmpegPath);
  // The same factory describes these providers to GET /providers.
  const { stock: stockProvider, ...providers } = createProviders(config.media);
  const webhooks = createWebhookActivities({ db, client, workerClient, config });
  const videos = createVideoActivities({
    // The gate and stage changes are published where the workflow records them.
    publish: webhooks.publishVideoEvent,
    videos: new VideoRepository(db),
    assets: new AssetRepository(db),
    ledger: new LedgerRepository(db),
    storage,
    providers,
    renderer: new FfmpegRenderer({ ffmpegPath }),
    // Stock downloads obey the import rules of POST /assets: SSRF, size, and a decode.
    stock: stockProvider && {
      provider: stockProvider,
      intake: new AssetIntake(
        storage,
        new MediaVerifier(ffmpegPath, {
          timeoutMs: 60_000,
          concurrency: 1,
          videoTimeoutMs: 300_000,
          video: { maxSeconds: config.assets.videoMaxSeconds, maxSide: 4096 },
        }),
        {
          maxBytes: config.assets.uploadMaxBytes,
          import: {
            timeoutMs: config.media.providerTimeoutSeconds * 1000,
            maxRedirects: 3,
            allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
          },
        },
      ),
    },
  });
  return {
    ...videos,
    ...webhooks,
    ...createBatchWorkerActivities({ db, client, config }),
  };
}

type AllActivities = VideoActivities & WebhookActivities & WebhookDeliveryActivities;
const MEDIA_ACTIVITIES = [
  'generateSceneImage',
  'narrateScene',
  'renderSegment',
  'mixSoundtrack',
  'joinSegments',
] as const;
type MediaActivityName = (typeof MEDIA_ACTIVITIES)[number];

/** The activities media workers run on the media queue. */
export function mediaActivities(all: VideoActivities): Pick<VideoActivities, MediaActivityName> {
  const { generateSceneImage, narrateScene, renderSegment, mixSoundtrack, joinSegments } = all;
  return { generateSceneImage, narrateScene, renderSegment, mixSoundtrack, joinSegments };
}

/**
 * The activities of the main queue: all but the media queue's, so a process runs no more media
 * pieces than its media slots (the workflows schedule media work on the media queue only).
 */
export function controlActivities(all: AllActivities): Omit<AllActivities, MediaActivityName> {
  const rest: Partial<AllActivities> = { ...all };
  for (const name of MEDIA_ACTIVITIES) delete rest[name];
  return rest as Omit<AllActivities, MediaActivityName>;
}
