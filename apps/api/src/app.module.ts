import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { AppConfig } from '@vidgen/config';
import { LoggerModule } from 'nestjs-pino';
import { AssetUrls } from './assets/asset-urls';
import { AssetsController } from './assets/assets.controller';
import { CallbacksController } from './callbacks/callbacks.controller';
import { ApiKeyGuard } from './common/auth';
import { IdempotencyInterceptor } from './common/idempotency.interceptor';
import { REDACTED_HEADERS, redactRequest } from './common/log-redaction';
import { RateLimitGuard } from './common/rate-limit.guard';
import { CreditsController } from './credits/credits.controller';
import { HealthController } from './health/health.controller';
import { InfraModule } from './infra/infra.module';
import { VideoPresenter } from './videos/video.presenter';
import { VideosController } from './videos/videos.controller';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(config),
        LoggerModule.forRoot({
          pinoHttp: {
            level: config.logLevel,
            base: { process: 'api' },
            genReqId: (req) => (req as unknown as { requestId?: string }).requestId ?? '',
            redact: REDACTED_HEADERS,
            serializers: { req: redactRequest },
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/v1/health') },
          },
        }),
      ],
      controllers: [
        VideosController,
        AssetsController,
        CreditsController,
        CallbacksController,
        HealthController,
      ],
      providers: [
        // Guards run in this order: authenticate, then count against the rate limits.
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        IdempotencyInterceptor,
        AssetUrls,
        VideoPresenter,
      ],
    };
  }
}
