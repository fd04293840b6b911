import { Logger, Module } from '@nestjs/common';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { ChargeService, LedgerRepository } from '@vidgen/ledger';
import { DailyVideoQuota, RateLimiter } from '@vidgen/limits';
import { VoiceCatalogue } from '@vidgen/media';
import { VideoWorkflowClient } from '@vidgen/temporal';
import {
  BrandService,
  StoryboardService,
  VideoEventFeed,
  VideoProgressRepository,
  VideoProgressService,
  VideoRepository,
  VideoService,
} from '@vidgen/videos';
import { AssetsModule } from '../assets/assets.module';
import { BrandsModule } from '../brands/brands.module';
import { CommonModule } from '../common/common.module';
import { CONFIG, overDb, TEMPORAL, type TemporalHandle } from '../infra/infra.tokens';
import { TemplatesModule } from '../templates/templates.module';
import { VoicesModule } from '../voices/voices.module';
import { StoryboardController } from './storyboard.controller';
import { VideoEventStreams } from './video-event-stream';
import { VideosController } from './videos.controller';

@Module({
  imports: [CommonModule, AssetsModule, VoicesModule, TemplatesModule, BrandsModule],
  controllers: [VideosController, StoryboardController],
  providers: [
    overDb(VideoRepository),
    {
      provide: VideoProgressService,
      useFactory: (videos: VideoRepository) =>
        new VideoProgressService(new VideoProgressRepository(videos.db)),
      inject: [VideoRepository],
    },
    {
      provide: VideoEventFeed,
      useFactory: (videos: VideoRepository, progress: VideoProgressService) =>
        new VideoEventFeed(videos, progress),
      inject: [VideoRepository, VideoProgressService],
    },
    VideoEventStreams,
    {
      // One client of the video workflows for the services that start and update them.
      provide: VideoWorkflowClient,
      useFactory: (temporal: TemporalHandle, config: AppConfig) =>
        new VideoWorkflowClient(
          temporal.client,
          config.temporal.taskQueue,
          config.temporal.videoUpdatesPerRun,
        ),
      inject: [TEMPORAL, CONFIG],
    },
    {
      provide: StoryboardService,
      useFactory: (
        videos: VideoRepository,
        assets: AssetRepository,
        storage: AssetStorage,
        workflows: VideoWorkflowClient,
      ) => new StoryboardService(videos, assets, storage, workflows),
      inject: [VideoRepository, AssetRepository, AssetStorage, VideoWorkflowClient],
    },
    {
      provide: VideoService,
      useFactory: (
        videos: VideoRepository,
        assets: AssetRepository,
        storage: AssetStorage,
        workflows: VideoWorkflowClient,
        config: AppConfig,
        limiter: RateLimiter,
        voices: VoiceCatalogue,
        brands: BrandService,
      ) => {
        const log = new Logger('VideoService');
        return new VideoService(videos, assets, storage, workflows, voices, {
          faultInjection: config.faultInjection,
          onStartFailure: (videoId, err) =>
            log.warn({ videoId, err }, 'workflow start failed; the worker sweeper will start it'),
          dailyQuota: new DailyVideoQuota(limiter, config.rateLimits.videoCreatesPerDay),
          stock: config.media.stock !== null,
          charges: new ChargeService(new LedgerRepository(videos.db)),
          brands,
        });
      },
      inject: [
        VideoRepository,
        AssetRepository,
        AssetStorage,
        VideoWorkflowClient,
        CONFIG,
        RateLimiter,
        VoiceCatalogue,
        BrandService,
      ],
    },
  ],
  exports: [VideoService],
})
export class VideosModule {}
