/**
 * A worker process for worker-attempts.int.spec.ts: polls one task queue for `hold` activities
 * with the worker's attempts interceptor and watches the shared DATA_DIR for stopped workers, as
 * apps/worker does. Started under `unshare --pid --fork --mount-proc`, in a pid namespace of its own
 * with its own /proc, as in a container.
 * Says what happens as JSON lines on stdout; its log goes to stderr.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createLogger } from '@vidgen/core';
import { workerAttemptsInterceptor } from '../../src/interceptors/worker-attempts.interceptor';
import { WorkerAttempts } from '../../src/worker-attempts';
import { newWorkerInstance, temporalIdentity } from '../../src/worker-instance';
import type { HoldActivities } from './hold.workflow';

const { TEMPORAL_ADDRESS, DATA_DIR, TASK_QUEUE } = process.env as Record<string, string>;

function say(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify({ ...event, at: Date.now() })}\n`);
}

async function main(): Promise<void> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const instance = newWorkerInstance();
  const identity = temporalIdentity(instance);
  const log = createLogger({ level: 'info', process: 'worker' }, { write: (l) => process.stderr.write(l) });
  const client = new Client({
    connection: await Connection.connect({ address: TEMPORAL_ADDRESS }),
    identity,
  });
  const attempts = new WorkerAttempts(DATA_DIR, client, log, instance);
  attempts.watch();
  const activities: HoldActivities = {
    async hold() {
      const ctx = Context.current();
      const { attempt } = ctx.info;
      say({ event: 'started', attempt });
      for (;;) {
        if (existsSync(path.join(DATA_DIR, 'release'))) return { instance: instance.id, attempt };
        ctx.heartbeat();
        try {
          await ctx.sleep(500);
        } catch (err) {
          say({ event: 'cancelled', attempt, reason: String(err) });
          throw err;
        }
      }
    },
  };
  const worker = await Worker.create({
    connection: await NativeConnection.connect({ address: TEMPORAL_ADDRESS }),
    taskQueue: TASK_QUEUE,
    identity,
    activities,
    interceptors: { activity: [workerAttemptsInterceptor(attempts)] },
    maxConcurrentActivityTaskExecutions: 1,
    maxHeartbeatThrottleInterval: '2 seconds',
  });
  say({ event: 'ready', pid: process.pid, instance: instance.id });
  await worker.run();
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.exit(1);
});
