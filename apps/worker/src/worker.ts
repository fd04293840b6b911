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
  const db = createDb(requireDatabaseUrl(config));
  const connection = await NativeConnection.connect({ address: requireTemporalAddress(config) });
  const workflowBundle = await bundleWorkflowCode({
    workflowsPath: workflowsPath(),
    logger: quietBundlerLogger,
  });
  // One client for the sweeper and for activities that start workflows (webhook deliveries).
  const clientConnection = await Connection.connect({ address: requireTemporalAddress(config) });
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  const worker = await Worker.create({
    connection,
    namespace: config.temporal.namespace,
    taskQueue: config.temporal.taskQueue,
    workflowBundle,
    activities: createActivities({ db, config, client }),
    shutdownGraceTime: '20 seconds',
  });
  log.info({ taskQueue: config.temporal.taskQueue, address: config.temporal.address }, 'worker started');
  const stopSweeper = startWorkflowSweeper({
    db,
    client,
    taskQueue: config.temporal.taskQueue,
    log,
  });
  try {
    await worker.run();
  } finally {
    stopSweeper();
    await clientConnection.close();
    await connection.close();
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
