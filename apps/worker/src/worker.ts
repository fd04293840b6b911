import { Client, Connection } from '@temporalio/client';
import {
  bundleWorkflowCode,
  makeTelemetryFilterString,
  NativeConnection,
  Runtime,
  Worker,
} from '@temporalio/worker';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createDb } from '@vidgen/db';
import { workflowsPath } from '@vidgen/workflows';
import pino from 'pino';
import { createActivities } from './activities';
import { startWorkflowSweeper } from './workflow-sweeper';

/**
 * Runs the worker until SIGINT/SIGTERM. Temporal's Runtime handles those signals: the worker
 * stops polling, lets running activities finish (up to the grace period) and then run()
 * resolves, after which the database pool closes.
 */
export async function runWorker(config: AppConfig): Promise<void> {
  const log = pino({ level: config.logLevel, base: { process: 'worker' } });
  Runtime.install({
    logger: {
      log: (level, message, meta) =>
        log[level === 'TRACE' ? 'trace' : (level.toLowerCase() as 'info')]({ ...meta }, message),
      trace: (m, meta) => log.trace(meta, m),
      debug: (m, meta) => log.debug(meta, m),
      info: (m, meta) => log.info(meta, m),
      warn: (m, meta) => log.warn(meta, m),
      error: (m, meta) => log.error(meta, m),
    },
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
  const db = createDb(requireDatabaseUrl(config), { timeoutMs: config.databaseTimeoutMs });
  const workflowBundle = await bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    logger: quietBundlerLogger,
  });
  // One client for the sweeper and for activities that start workflows (webhook deliveries).
  const clientConnection = await Connection.connect({ address: requireTemporalAddress(config) });
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  const activities = createActivities({ db, config, client });
  const stopSweeper = startWorkflowSweeper({
    db,
    client,
    taskQueue: config.temporal.taskQueue,
    log,
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (stopping = true));
  try {
    // A worker that fails (Temporal unreachable for too long, a fatal poll error under load)
    // is built again on a fresh connection instead of taking the process down with it.
    for (let failures = 0; ; failures++) {
      let connection: NativeConnection | undefined;
      try {
        connection = await NativeConnection.connect({ address: requireTemporalAddress(config) });
        const worker = await Worker.create({
          connection,
          namespace: config.temporal.namespace,
          taskQueue: config.temporal.taskQueue,
          workflowBundle,
          activities,
          shutdownGraceTime: '20 seconds',
        });
        log.info(
          { taskQueue: config.temporal.taskQueue, address: config.temporal.address },
          'worker started',
        );
        await worker.run();
        break; // run() resolves only after a requested shutdown
      } catch (err) {
        if (stopping) break;
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
        log.error({ err, retryInMs: delay }, 'worker failed; starting it again');
        await new Promise((r) => setTimeout(r, delay));
      } finally {
        await connection?.close().catch(() => undefined);
      }
    }
  } finally {
    stopSweeper();
    await clientConnection.close();
    await db.destroy();
    log.info('worker stopped');
  }
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
  log: () => undefined,
};
