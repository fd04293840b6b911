import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { logDestination } from '@vidgen/core';
import { LoggerModule } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import { AssetsModule } from './assets/assets.module';
import { CallbacksModule } from './callbacks/callbacks.module';
import { CommonModule } from './common/common.module';
import { REDACTED_HEADERS, redactRequest } from './common/log-redaction';
import { CreditsModule } from './credits/credits.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { HealthModule } from './health/health.module';
import { InfraModule } from './infra/infra.module';
import { ProvidersModule } from './providers/providers.module';
import { VideosModule } from './videos/videos.module';
import { VoicesModule } from './voices/voices.module';

/**
 * A request line per request: written asynchronously (pino flushes what is pending on exit), so
 * lines arriving together go out in one write, off the request's path, instead of one
 * synchronous write to the pipe each (docs/decisions.md, "The api's hot path").
 */
function withDestination<T>(options: T): [T, DestinationStream] {
  return [options, logDestination() ?? pino.destination({ dest: 1, sync: false })];
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(config),
        LoggerModule.forRoot({
          // One logger (@vidgen/core's): pretty lines on a terminal, JSON otherwise.
          pinoHttp: withDestination({
            level: config.logLevel,
            base: { process: 'api' },
            genReqId: (req) => (req as unknown as { requestId?: string }).requestId ?? '',
            redact: REDACTED_HEADERS,
            serializers: { req: redactRequest },
            autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/api/v1/health') },
          }),
        }),
        // Holds the global guards, so it is imported here whether or not a feature imports it.
        CommonModule,
        VideosModule,
        VoicesModule,
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
