import type { Client } from '@temporalio/client';
import { AssetIntake, AssetRepository, createAssetStorage, MediaVerifier } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { LedgerRepository } from '@vidgen/ledger';
import { createProviders, FfmpegRenderer, resolveFfmpeg } from '@vidgen/media';
import { createVideoActivities, type MediaOrder, VideoRepository } from '@vidgen/videos';
import { createWebhookActivities } from '@vidgen/webhooks';
import type { VideoActivities, WebhookActivities, WebhookDeliveryActivities } from '@vidgen/workflows';

export interface ActivityDeps {
  db: Db;
  config: AppConfig;
  client: Client;
  /** A client on the running worker's own connection, when there is one (eager workflow start). */
  workerClient?: () => Client | undefined;
  /** The process's media work order (one piece per core; the rest wait their turn). */
  mediaOrder: MediaOrder;
}

/** Every activity the worker registers, built over injected dependencies. */
export function createActivities({
  db,
  config,
  client,
  workerClient,
  mediaOrder,
}: ActivityDeps): VideoActivities & WebhookActivities & WebhookDeliveryActivities {
  const storage = createAssetStorage(config.assets.dir, config.storage);
  const ffmpegPath = resolveFfmpeg(config.ffmpegPath);
  // The same factory describes these providers to GET /providers.
  const { stock: stockProvider, ...providers } = createProviders(config.media);
  const videos = createVideoActivities({
    videos: new VideoRepository(db),
    assets: new AssetRepository(db),
    ledger: new LedgerRepository(db),
    storage,
    providers,
    renderer: new FfmpegRenderer({ ffmpegPath }),
    mediaOrder,
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
  return { ...videos, ...createWebhookActivities({ db, client, workerClient, config }) };
}

/** The activities media workers run on the media queue. */
export function mediaActivities(
  all: VideoActivities,
): Pick<VideoActivities, 'generateSceneImage' | 'narrateScene' | 'renderSegment' | 'joinSegments'> {
  const { generateSceneImage, narrateScene, renderSegment, joinSegments } = all;
  return { generateSceneImage, narrateScene, renderSegment, joinSegments };
}
