import type { Client } from '@temporalio/client';
import { AssetRepository, createAssetStorage } from '@vidgen/assets';
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
  /** The process's media work order (one piece per core; the rest wait their turn). */
  mediaOrder: MediaOrder;
}

/** Every activity the worker registers, built over injected dependencies. */
export function createActivities({
  db,
  config,
  client,
  mediaOrder,
}: ActivityDeps): VideoActivities & WebhookActivities & WebhookDeliveryActivities {
  const videos = createVideoActivities({
    videos: new VideoRepository(db),
    assets: new AssetRepository(db),
    ledger: new LedgerRepository(db),
    storage: createAssetStorage(config.assets.dir, config.storage),
    providers: createProviders(config.media),
    renderer: new FfmpegRenderer({ ffmpegPath: resolveFfmpeg(config.ffmpegPath) }),
    mediaOrder,
  });
  return { ...videos, ...createWebhookActivities({ db, client, config }) };
}

/** The activities media workers run on the media queue. */
export function mediaActivities(
  all: VideoActivities,
): Pick<VideoActivities, 'generateSceneImage' | 'narrateScene' | 'renderSegment' | 'joinSegments'> {
  const { generateSceneImage, narrateScene, renderSegment, joinSegments } = all;
  return { generateSceneImage, narrateScene, renderSegment, joinSegments };
}
