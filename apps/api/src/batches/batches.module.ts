import { Logger, Module } from '@nestjs/common';
import { AssetRepository } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { LedgerRepository } from '@vidgen/ledger';
import { DailyVideoQuota, RateLimiter } from '@vidgen/limits';
import { BatchWorkflowClient } from '@vidgen/temporal';
import {
  BatchRepository,
  BatchService,
  BrandService,
  TemplateRepository,
  VideoService,
} from '@vidgen/videos';
import { AssetsModule } from '../assets/assets.module';
import { BrandsModule } from '../brands/brands.module';
import { CommonModule } from '../common/common.module';
import { CONFIG, overDb, TEMPORAL, type TemporalHandle } from '../infra/infra.tokens';
import { TemplatesModule } from '../templates/templates.module';
import { VideosModule } from '../videos/videos.module';
import { BatchCreateService } from './batch-create.service';
import { BatchesController } from './batches.controller';

@Module({
  imports: [CommonModule, AssetsModule, TemplatesModule, VideosModule, BrandsModule],
  controllers: [BatchesController],
  providers: [
    overDb(BatchRepository),
    {
      provide: BatchService,
      useFactory: (
        batches: BatchRepository,
        templates: TemplateRepository,
        videos: VideoService,
        assets: AssetRepository,
        temporal: TemporalHandle,
        config: AppConfig,
        limiter: RateLimiter,
        brands: BrandService,
      ) => {
        const log = new Logger('BatchService');
        return new BatchService(
          batches,
          templates,
          videos,
          assets,
          new LedgerRepository(batches.db),
          new BatchWorkflowClient(temporal.client, config.temporal.taskQueue),
          {
            dailyQuota: new DailyVideoQuota(limiter, config.rateLimits.videoCreatesPerDay),
            brands,
            onStartFailure: (batchId, err) =>
              log.warn({ batchId, err }, 'batch workflow start failed; the worker sweeper will start it'),
          },
        );
      },
      inject: [
        BatchRepository,
        TemplateRepository,
        VideoService,
        AssetRepository,
        TEMPORAL,
        CONFIG,
        RateLimiter,
        BrandService,
      ],
    },
    BatchCreateService,
  ],
})
export class BatchesModule {}
