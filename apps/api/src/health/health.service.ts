import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { type Db, sql } from '@vidgen/db';
import { CONFIG, DB, TEMPORAL, type TemporalHandle } from '../infra/infra.tokens';
import { HealthChecks } from './health.checks';

/**
 * Readiness over the api's two dependencies and the task queue's pollers
 * (docs/decisions/0008-operations.md).
 */
@Injectable()
export class HealthService {
  private readonly checks: HealthChecks;

  constructor(
    @Inject(DB) db: Db,
    @Inject(TEMPORAL) temporal: TemporalHandle,
    @Inject(CONFIG) config: AppConfig,
  ) {
    const { client } = temporal;
    this.checks = new HealthChecks(
      {
        database: async () => {
          await sql`select 1`.execute(db);
        },
        temporal: async (deadline) => {
          await client.connection.withDeadline(deadline, () => client.workflowService.getSystemInfo({}));
        },
        pollers: async (deadline) => {
          const res = await client.connection.withDeadline(deadline, () =>
            client.workflowService.describeTaskQueue({
              namespace: config.temporal.namespace,
              taskQueue: { name: config.temporal.taskQueue },
              taskQueueType: 1, // workflow tasks: every worker role that runs workflows polls them
            }),
          );
          return res.pollers?.length ?? 0;
        },
      },
      config.temporal.taskQueue,
    );
  }

  ready() {
    return this.checks.run();
  }
}
