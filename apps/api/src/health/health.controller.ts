import { Controller, Get, HttpCode, Inject, Res } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { AppConfig } from '@vidgen/config';
import { type Db, sql } from '@vidgen/db';
import type { Response } from 'express';
import { Public } from '../common/auth';
import { CONFIG, DB, TEMPORAL, type TemporalHandle } from '../infra/infra.module';
import { type CheckResult, HealthChecks } from './health.checks';

/**
 * Probes for orchestrators (docs/decisions.md, Operations): public, cheap, bounded. Neither
 * starts a workflow; readiness checks each dependency within 2 s and reports the worker
 * pollers Temporal has seen on the task queue (cached, informational).
 */
@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  private readonly checks: HealthChecks;

  constructor(
    @Inject(DB) db: Db,
    @Inject(TEMPORAL) temporal: TemporalHandle,
    @Inject(CONFIG) config: AppConfig,
  ) {
    this.checks = new HealthChecks(
      {
        database: async () => {
          await sql`select 1`.execute(db);
        },
        temporal: async (deadline) => {
          const { client } = temporal;
          await client.connection.withDeadline(deadline, () => client.workflowService.getSystemInfo({}));
        },
        pollers: async (deadline) => {
          const { client } = temporal;
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

  /** The process answers. */
  @Get('live')
  @HttpCode(200)
  @ApiOkResponse({ description: 'the api process is up' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The database and Temporal answer, each within 2 s; 503 names the parts that did not. */
  @Get('ready')
  @ApiOkResponse({ description: 'database and Temporal reachable' })
  @ApiServiceUnavailableResponse({ description: 'a dependency did not answer within 2 s' })
  async ready(@Res({ passthrough: true }) res: Response): Promise<{
    status: 'ok' | 'unavailable';
    checks: Record<'database' | 'temporal', CheckResult>;
    workers: { task_queue: string; pollers: number | null };
  }> {
    const report = await this.checks.run();
    res.status(report.status === 'ok' ? 200 : 503);
    return report;
  }
}
