import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { AssetsModule } from './assets/assets.module';
import { BatchesModule } from './batches/batches.module';
import { BrandsModule } from './brands/brands.module';
import { CallbacksModule } from './callbacks/callbacks.module';
import { CommonModule } from './common/common.module';
import { CreditsModule } from './credits/credits.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { FontsModule } from './fonts/fonts.module';
import { HealthModule } from './health/health.module';
import { InfraModule } from './infra/infra.module';
import { ProvidersModule } from './providers/providers.module';
import { TemplatesModule } from './templates/templates.module';
import { TranslationsModule } from './translations/translations.module';
import { VideosModule } from './videos/videos.module';
import { VoicesModule } from './voices/voices.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(config),
        // Holds the global guards, so it is imported here whether or not a feature imports it.
        CommonModule,
        VideosModule,
        TranslationsModule,
        TemplatesModule,
        BatchesModule,
        VoicesModule,
        FontsModule,
        BrandsModule,
        ProvidersModule,
        AssetsModule,
        CreditsModule,
        CallbacksModule,
        HealthModule,
        DashboardModule,
      ],
    };
  }
}
