import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Client } from '@temporalio/client';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createDb, type Db } from '@vidgen/db';
import { createTemporalClient } from '@vidgen/temporal';
import { WebhookRepository, WebhookService } from '@vidgen/webhooks';

export const CONFIG = Symbol('CONFIG');
export const DB = Symbol('DB');
export const TEMPORAL = Symbol('TEMPORAL');

export interface TemporalHandle {
  client: Client;
  close(): Promise<void>;
}

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
 * Wires the framework-free libraries into Nest: one database pool, one Temporal client,
 * and the repositories and services built over them.
 */
@Global()
@Module({})
export class InfraModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: CONFIG, useValue: config },
        { provide: DB, useFactory: () => createDb(requireDatabaseUrl(config)) },
        {
          provide: TEMPORAL,
          useFactory: (): TemporalHandle =>
            createTemporalClient({
              address: requireTemporalAddress(config),
              namespace: config.temporal.namespace,
            }),
        },
        Lifecycle,
        { provide: AccountRepository, useFactory: (db: Db) => new AccountRepository(db), inject: [DB] },
        { provide: ApiKeyRepository, useFactory: (db: Db) => new ApiKeyRepository(db), inject: [DB] },
        {
          provide: AuthService,
          useFactory: (keys: ApiKeyRepository, accounts: AccountRepository) =>
            new AuthService(keys, accounts),
          inject: [ApiKeyRepository, AccountRepository],
        },
        { provide: WebhookRepository, useFactory: (db: Db) => new WebhookRepository(db), inject: [DB] },
        {
          provide: WebhookService,
          useFactory: (repo: WebhookRepository) =>
            new WebhookService(repo, { allowPrivateNetworks: config.webhooks.allowPrivateNetworks }),
          inject: [WebhookRepository],
        },
      ],
      exports: [CONFIG, DB, TEMPORAL, AuthService, WebhookService],
    };
  }
}
