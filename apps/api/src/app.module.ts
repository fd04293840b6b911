import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { LoggerModule } from 'nestjs-pino';
import { AssetsModule } from './assets/assets.module';
import { CallbacksModule } from './callbacks/callbacks.module';
import { CommonModule } from './common/common.module';
import { REDACTED_HEADERS, redactRequest } from './common/log-redaction';
import { CreditsModule } from './credits/credits.module';
import { HealthModule } from './health/health.module';
import { InfraModule } from './infra/infra.module';
import { VideosModule } from './videos/videos.module';

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
        // Holds the global guards, so it is imported here whether or not a feature imports it.
        CommonModule,
        VideosModule,
        AssetsModule,
        CreditsModule,
        CallbacksModule,
        HealthModule,
      ],
    };
  }
}
