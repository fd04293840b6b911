import os from 'node:os';
import {
  type DynamicModule,
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createDb, type Db } from '@vidgen/db';
import { INSTANCE_LEASE_SECONDS, InstanceLease } from '@vidgen/limits';
import { createTemporalClient } from '@vidgen/temporal';
import { CONFIG, DB, TEMPORAL, type TemporalHandle } from './infra.tokens';

@Injectable()
class Lifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
    private readonly lease: InstanceLease,
  ) {}
  /** Before the api listens: registered, and the claims of instances found gone freed. */
  async onApplicationBootstrap(): Promise<void> {
    await this.lease.start();
  }
  async onApplicationShutdown(): Promise<void> {
    await this.temporal.close().catch(() => undefined);
    await this.db.destroy();
    // Only now, with no request of this process able to write, may its own claims go.
    await this.lease.close();
  }
}

/**
 * This process's identity for the Idempotency-Key claims: a random id and a lease renewed over
 * a one-connection pool of its own (docs/decisions/0049-idempotency-claim-owners.md).
 */
function instanceLease(config: AppConfig): InstanceLease {
  const logger = new Logger('InstanceLease');
  const db = createDb(requireDatabaseUrl(config), {
    max: 1,
    // A renewal that could outlast half the lease is given up for the next one.
    timeoutMs: Math.min(config.databaseTimeoutMs, (INSTANCE_LEASE_SECONDS * 1000) / 2),
  });
  return new InstanceLease(
    db,
    { host: os.hostname(), port: config.port, pid: process.pid },
    {
      onLapse: () =>
        logger.warn(
          'this api instance went unrenewed past its lease and was taken for gone: claims it held may have been freed',
        ),
    },
  );
}

/**
 * The process-wide resources every feature module builds on: the config, one database pool,
 * one Temporal client and the process's instance lease, closed on shutdown. Repositories and services belong to the
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
        { provide: InstanceLease, useFactory: () => instanceLease(config) },
        Lifecycle,
      ],
      exports: [CONFIG, DB, TEMPORAL, InstanceLease],
    };
  }
}
