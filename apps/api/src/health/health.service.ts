import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { type Db, sql } from '@vidgen/db';
import { type HealthProbeResult, workflowIds } from '@vidgen/workflows';
import { CONFIG, DB, TEMPORAL, type TemporalHandle } from '../infra/infra.tokens';

@Injectable()
export class HealthService {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(TEMPORAL) private readonly temporal: TemporalHandle,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  /** Liveness plus the two dependencies the api itself talks to. */
  async check(): Promise<{ status: 'ok'; database: 'ok'; temporal: 'ok' }> {
    await sql`select 1`.execute(this.db);
    await this.temporal.client.connection.workflowService.getSystemInfo({});
    return { status: 'ok', database: 'ok', temporal: 'ok' };
  }

  /** A full round trip: the api starts a workflow, a worker runs its activity against PostgreSQL. */
  async workerRoundTrip(): Promise<{ status: 'ok'; round_trip_ms: number; worker: HealthProbeResult }> {
    const started = Date.now();
    const result = await this.temporal.client.workflow.execute('healthCheckWorkflow', {
      taskQueue: this.config.temporal.taskQueue,
      workflowId: workflowIds.health(randomUUID()),
      workflowExecutionTimeout: '15 seconds',
      args: [],
    });
    return { status: 'ok', round_trip_ms: Date.now() - started, worker: result as HealthProbeResult };
  }
}
