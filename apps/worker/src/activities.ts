import type { Client } from '@temporalio/client';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { LedgerRepository } from '@vidgen/ledger';
import { createProviders, FfmpegRenderer, resolveFfmpeg } from '@vidgen/media';
import { createVideoActivities, VideoRepository } from '@vidgen/videos';
import { createWebhookActivities } from '@vidgen/webhooks';
import type { VideoActivities, WebhookActivities, WebhookDeliveryActivities } from '@vidgen/workflows';

export interface ActivityDeps {
  db: Db;
  config: AppConfig;
  client: Client;
}

/** Every activity the worker registers, built over injected dependencies. */
export function createActivities({
  db,
  config,
  client,
}: ActivityDeps): VideoActivities & WebhookActivities & WebhookDeliveryActivities {
  const videos = createVideoActivities({
    videos: new VideoRepository(db),
    assets: new AssetRepository(db),
    ledger: new LedgerRepository(db),
    storage: new AssetStorage(config.assets.dir),
    providers: createProviders(config.media),
    renderer: new FfmpegRenderer({ ffmpegPath: resolveFfmpeg(config.ffmpegPath) }),
  });
  return { ...videos, ...createWebhookActivities({ db, client, config }) };
}
