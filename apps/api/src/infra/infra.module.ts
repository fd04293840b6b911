import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Client } from '@temporalio/client';
import { AssetRepository, AssetStorage } from '@vidgen/assets';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createDb, type Db } from '@vidgen/db';
import { CreditsService, LedgerRepository, LocalPaymentProvider } from '@vidgen/ledger';
import { IdempotencyStore, RateLimiter } from '@vidgen/limits';
import { createTemporalClient, VideoWorkflowClient } from '@vidgen/temporal';
import { AssetService, VideoRepository, VideoService } from '@vidgen/videos';
import {
  WebhookDeliveryRepository,
  WebhookDeliveryService,
  WebhookDeliveryWorkflows,
  WebhookRepository,
  WebhookService,
} from '@vidgen/webhooks';

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
        {
          provide: WebhookDeliveryService,
          useFactory: (db: Db, webhooks: WebhookRepository, temporal: TemporalHandle) =>
            new WebhookDeliveryService(
              webhooks,
              new WebhookDeliveryRepository(db),
              new WebhookDeliveryWorkflows(temporal.client, config.temporal.taskQueue, config.webhooks),
            ),
          inject: [DB, WebhookRepository, TEMPORAL],
        },
        { provide: RateLimiter, useFactory: (db: Db) => new RateLimiter(db), inject: [DB] },
        { provide: IdempotencyStore, useFactory: (db: Db) => new IdempotencyStore(db), inject: [DB] },
        {
          provide: CreditsService,
          useFactory: (db: Db) => new CreditsService(new LedgerRepository(db), new LocalPaymentProvider()),
          inject: [DB],
        },
        { provide: AssetStorage, useFactory: () => new AssetStorage(config.assets.dir) },
        { provide: AssetRepository, useFactory: (db: Db) => new AssetRepository(db), inject: [DB] },
        { provide: VideoRepository, useFactory: (db: Db) => new VideoRepository(db), inject: [DB] },
        {
          provide: VideoService,
          useFactory: (
            videos: VideoRepository,
            assets: AssetRepository,
            storage: AssetStorage,
            temporal: TemporalHandle,
          ) => {
            const log = new Logger('VideoService');
            return new VideoService(
              videos,
              assets,
              storage,
              new VideoWorkflowClient(temporal.client, config.temporal.taskQueue),
              {
                faultInjection: config.faultInjection,
                onStartFailure: (videoId, err) =>
                  log.warn({ videoId, err }, 'workflow start failed; the worker sweeper will start it'),
              },
            );
          },
          inject: [VideoRepository, AssetRepository, AssetStorage, TEMPORAL],
        },
        {
          provide: AssetService,
          useFactory: (assets: AssetRepository, videos: VideoRepository, storage: AssetStorage) =>
            new AssetService(assets, videos, storage),
          inject: [AssetRepository, VideoRepository, AssetStorage],
        },
      ],
      exports: [
        AccountRepository,
        CreditsService,
        RateLimiter,
        IdempotencyStore,
        CONFIG,
        DB,
        TEMPORAL,
        AuthService,
        WebhookService,
        WebhookDeliveryService,
        VideoService,
        AssetService,
      ],
    };
  }
}
