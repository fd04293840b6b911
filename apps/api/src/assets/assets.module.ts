import { Module } from '@nestjs/common';
import {
  AssetIntake,
  AssetRepository,
  AssetStorage,
  createAssetStorage,
  MediaVerifier,
  VerificationSlots,
} from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { resolveFfmpeg } from '@vidgen/media';
import { AssetService, VideoRepository } from '@vidgen/videos';
import { CommonModule } from '../common/common.module';
import { CONFIG, overDb } from '../infra/infra.tokens';
import { AssetContentService } from './asset-content.service';
import { AssetCreateService } from './asset-create.service';
import { AssetUrls } from './asset-urls';
import { AssetsController } from './assets.controller';

/** An import gets 30 s in all (DNS, every redirect, the body) and at most 5 redirects. */
const IMPORT_TIMEOUT_MS = 30_000;
const IMPORT_MAX_REDIRECTS = 5;
/** Staged files older than this at start-up were left by a process that died mid-upload. */
const STAGING_MAX_AGE_MS = 3600_000;

/** Assets and their files; exports the storage and the URL signer that video records use too. */
@Module({
  imports: [CommonModule],
  controllers: [AssetsController],
  providers: [
    overDb(AssetRepository),
    overDb(VideoRepository),
    {
      provide: AssetStorage,
      useFactory: (config: AppConfig) => createAssetStorage(config.assets.dir, config.storage),
      inject: [CONFIG],
    },
    {
      provide: AssetIntake,
      // Client files are verified by decoding them with the same ffmpeg the worker renders with.
      useFactory: async (config: AppConfig, storage: AssetStorage) => {
        await storage.sweepStaging(STAGING_MAX_AGE_MS);
        return new AssetIntake(
          storage,
          new MediaVerifier(resolveFfmpeg(config.ffmpegPath), {
            timeoutMs: 60_000,
            // VerificationSlots hands out the turns; this bound only backs it up.
            concurrency: config.assets.verification.concurrency,
            // A 120 s 4K clip decodes on one thread in minutes, not seconds.
            videoTimeoutMs: 300_000,
            video: { maxSeconds: config.assets.videoMaxSeconds, maxSide: 4096 },
          }),
          {
            maxBytes: config.assets.uploadMaxBytes,
            import: {
              timeoutMs: IMPORT_TIMEOUT_MS,
              maxRedirects: IMPORT_MAX_REDIRECTS,
              allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
            },
          },
        );
      },
      inject: [CONFIG, AssetStorage],
    },
    {
      // Who may verify a file now, fairly between accounts (docs/decisions/0051-verification-shares.md).
      provide: VerificationSlots,
      useFactory: (config: AppConfig) => new VerificationSlots(config.assets.verification),
      inject: [CONFIG],
    },
    {
      provide: AssetService,
      useFactory: (
        assets: AssetRepository,
        videos: VideoRepository,
        storage: AssetStorage,
        intake: AssetIntake,
      ) => new AssetService(assets, videos, storage, intake),
      inject: [AssetRepository, VideoRepository, AssetStorage, AssetIntake],
    },
    AssetUrls,
    AssetContentService,
    AssetCreateService,
  ],
  exports: [AssetRepository, AssetStorage, AssetUrls],
})
export class AssetsModule {}
