import { Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { createSpeechProvider, VoiceCatalogue } from '@vidgen/media';
import { CommonModule } from '../common/common.module';
import { CONFIG } from '../infra/infra.tokens';
import { VoicesController } from './voices.controller';

/**
 * The configured speech provider's voices, read in this process (the api needs no worker for
 * them): espeak-ng's from the catalogue file written from its data, OpenAI's is fixed.
 * Exported for the checks on POST /videos.
 */
@Module({
  imports: [CommonModule],
  controllers: [VoicesController],
  providers: [
    {
      provide: VoiceCatalogue,
      useFactory: (config: AppConfig) => new VoiceCatalogue(createSpeechProvider(config.media)),
      inject: [CONFIG],
    },
  ],
  exports: [VoiceCatalogue],
})
export class VoicesModule {}
