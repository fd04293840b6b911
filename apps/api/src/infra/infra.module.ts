import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createDb, type Db } from '@vidgen/db';
import { createTemporalClient } from '@vidgen/temporal';
import { CONFIG, DB, TEMPORAL, type TemporalHandle } from './infra.tokens';

@Injectable()
class Lifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.temporal.close().catch(() => undefined);
    await this.db.destroy();
  }
}

/**
 * The process-wide resources every feature module builds on: the config, one database pool
 * and one Temporal client, closed on shutdown. Repositories and services belong to the
 * feature modules that use them.
 */
@Global()
@Module({})
export class InfraModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: CONFIG, useValue: config },
        {
          provide: DB,
          useFactory: () => createDb(requireDatabaseUrl(config), { timeoutMs: config.databaseTimeoutMs }),
        },
        {
          provide: TEMPORAL,
          useFactory: (): TemporalHandle =>
            createTemporalClient({
              address: requireTemporalAddress(config),
              namespace: config.temporal.namespace,
            }),
        },
        Lifecycle,
      ],
      exports: [CONFIG, DB, TEMPORAL],
    };
  }
}
