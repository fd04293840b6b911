import { Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { scriptCanTranslate } from '@vidgen/media';
import { VideoService, VideoTranslationService } from '@vidgen/videos';
import { AssetsModule } from '../assets/assets.module';
import { CommonModule } from '../common/common.module';
import { CONFIG } from '../infra/infra.tokens';
import { VideosModule } from '../videos/videos.module';
import { TranslationsController } from './translations.controller';

/**
 * POST /videos/{id}/translations: a completed video made again in another language, as a new
 * video; whether a model can translate is asked of the same picks GET /providers describes.
 */
@Module({
  imports: [CommonModule, AssetsModule, VideosModule],
  controllers: [TranslationsController],
  providers: [
    {
      provide: VideoTranslationService,
      useFactory: (videos: VideoService, config: AppConfig) =>
        new VideoTranslationService(videos, { available: () => scriptCanTranslate(config.media) }),
      inject: [VideoService, CONFIG],
    },
  ],
})
export class TranslationsModule {}
