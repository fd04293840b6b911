import os from 'node:os';
import { Client, Connection } from '@temporalio/client';
import {
  type ActivityInterceptorsFactory,
  bundleWorkflowCode,
  makeTelemetryFilterString,
  NativeConnection,
  Runtime,
  Worker,
} from '@temporalio/worker';
import { type AppConfig, requireDatabaseUrl, requireTemporalAddress } from '@vidgen/config';
import { createLogger } from '@vidgen/core';
import { createDb } from '@vidgen/db';
import { prebuiltWorkflowBundlePath, workflowsPath } from '@vidgen/workflows';
import { controlActivities, createActivities, mediaActivities } from './activities';
import { bookkeepingHeartbeatInterceptor } from './interceptors/bookkeeping-heartbeat.interceptor';
import { logAttributesInterceptor } from './interceptors/log-attributes.interceptor';
import { workerAttemptsInterceptor } from './interceptors/worker-attempts.interceptor';
import { MediaLanes } from './media-lanes';
import { sdkLogger } from './sdk-logger';
import { WorkerAttempts } from './worker-attempts';
import { workerConcurrency } from './worker-concurrency';
import { newWorkerInstance, temporalIdentity } from './worker-instance';
import { sdkMetricsAddress, startWorkerMetrics } from './worker-metrics';
import { startWorkflowSweeper } from './workflow-sweeper';

/** The longest Temporal's SDK holds back an activity's heartbeat (see the worker options). */
const HEARTBEAT_THROTTLE = '2 seconds';
/** How long running activities have to finish after a stop (under the 30 s before a SIGKILL). */
const SHUTDOWN_GRACE = '20 seconds';
/**
 * When a stopped worker gives up waiting: its activities have had the grace period and a few
 * seconds to take their cancellation. Reached only when Temporal does not answer: the server
 * completes a stopping worker's polls (docs/decisions/0087-a-stopping-worker-keeps-its-tasks.md),
 * and the SDK waits for that answer as long as the server is unreachable.
 */
const SHUTDOWN_FORCE = '25 seconds';

/**
 * Runs the worker until SIGINT/SIGTERM. Temporal's Runtime handles those signals: the worker
 * stops polling, lets running activities finish (up to the grace period) and then run()
 * resolves, after which the database pool closes.
 */
export async function runWorker(config: AppConfig): Promise<void> {
  const log = createLogger({ level: config.logLevel, process: 'worker' });
  // Who this process is to Temporal and to other workers: never host name and pid alone.
  const instance = newWorkerInstance();
  const identity = temporalIdentity(instance);
  const sdkMetrics = config.metrics.workerPort > 0 ? await sdkMetricsAddress() : undefined;
  Runtime.install({
    logger: sdkLogger(log),
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
      ...(sdkMetrics && { metrics: { prometheus: { bindAddress: sdkMetrics } } }),
    },
  });
  if (sdkMetrics) {
    const url = await startWorkerMetrics(config.metrics.workerPort, sdkMetrics);
    log.info({ url }, 'metrics served');
  }
  const db = createDb(requireDatabaseUrl(config), { timeoutMs: config.databaseTimeoutMs });
  // Only the control role runs workflows: a media worker starts without them.
  const workflowBundle = config.workerRoles.control ? await loadWorkflowBundle() : undefined;
  // One client for the sweeper and for activities that start workflows (webhook deliveries).
  const clientConnection = await Connection.connect({ address: requireTemporalAddress(config) });
  const client = new Client({ connection: clientConnection, namespace: config.temporal.namespace, identity });
  const roles = config.workerRoles;
  const concurrency = workerConcurrency(roles, os.availableParallelism());
  // The main queue's worker connection while it runs: delivery workflows are started through it
  // so Temporal can hand their first workflow task straight back to this worker (eager start).
  let workerClient: Client | undefined;
  const activities = createActivities({ db, config, client, workerClient: () => workerClient });
  // The long attempts this process holds, on a lease file; those of stopped processes failed when theirs goes stale.
  const attempts = new WorkerAttempts(config.dataDir, client, log, instance);
  const stopWatching = attempts.watch();
  // Every activity's interceptors, outermost first (apps/worker/src/interceptors/).
  const activityInterceptors: ActivityInterceptorsFactory[] = [
    logAttributesInterceptor,
    bookkeepingHeartbeatInterceptor,
    workerAttemptsInterceptor(attempts),
  ];
  const mainQueue = config.temporal.taskQueue;
  // Only the control role starts workflows whose start was not confirmed.
  const stopSweeper = roles.control
    ? startWorkflowSweeper({
        db,
        client,
        taskQueue: mainQueue,
        updatesPerRun: config.temporal.videoUpdatesPerRun,
        log,
      })
    : () => undefined;
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      stopping = true;
    });
  try {
    // A worker that fails (Temporal unreachable for too long, a fatal poll error under load)
    // is built again on a fresh connection instead of taking the process down with it.
    for (let failures = 0; ; failures++) {
      let connection: NativeConnection | undefined;
      try {
        connection = await NativeConnection.connect({ address: requireTemporalAddress(config) });
        const common = {
          connection,
          namespace: config.temporal.namespace,
          identity,
          shutdownGraceTime: SHUTDOWN_GRACE,
          shutdownForceTime: SHUTDOWN_FORCE,
          // Heartbeats reach Temporal at least every 2 s. By default the SDK holds them back to
          // 0.8 × the heartbeat timeout (8 s of a media step's 10 s), which left a loaded
          // machine 2 s before a live attempt timed out as lost and counted as a failed attempt.
          maxHeartbeatThrottleInterval: HEARTBEAT_THROTTLE,
          interceptors: { activity: activityInterceptors },
        } as const;
        const workers: Worker[] = [];
        if (roles.control) {
          workerClient = new Client({ connection, namespace: config.temporal.namespace, identity });
          workers.push(
            await Worker.create({
              ...common,
              taskQueue: mainQueue,
              workflowBundle,
              activities: controlActivities(activities),
              ...concurrency.control,
              // A dead worker's cached workflows move to another worker after this, not Temporal's 10 s.
              stickyQueueScheduleToStartTimeout: '3 seconds',
            }),
          );
        }
        if (concurrency.media) {
          // It takes only the tasks it can start now (as many as its slots); Temporal decides
          // which, by priority and the account's fairness key (docs/decisions/0062-scheduling-by-temporal.md).
          // The first lane's pieces never wait for a slot the other lane's hold (0084); soundtracks
          // and joins have a slot of their own (0090).
          for (const { taskQueue, tuner } of new MediaLanes(concurrency.media.slots).workers(mainQueue))
            workers.push(
              await Worker.create({ ...common, taskQueue, activities: mediaActivities(activities), tuner }),
            );
        }
        log.info(
          {
            instance: instance.id,
            roles,
            concurrency,
            ...(workflowBundle && {
              workflowBundle: 'codePath' in workflowBundle ? workflowBundle.codePath : 'bundled at start-up',
            }),
            taskQueues: workers.map((w) => w.options.taskQueue),
            address: config.temporal.address,
          },
          'worker started',
        );
        await runAll(workers);
        break; // run() resolves only after a requested shutdown
      } catch (err) {
        if (stopping) {
          // Among them the SDK giving up after SHUTDOWN_FORCE (Temporal did not answer).
          log.warn({ err }, 'the worker stopped with an error');
          break;
        }
        const delay = Math.min(30_000, 1000 * 2 ** Math.min(failures, 5));
        log.error({ err, retryInMs: delay }, 'worker failed; starting it again');
        await new Promise((r) => setTimeout(r, delay));
      } finally {
        workerClient = undefined;
        await connection?.close().catch(() => undefined);
      }
    }
  } finally {
    stopWatching();
    attempts.close();
    stopSweeper();
    await clientConnection.close();
    await db.destroy();
    log.info('worker stopped');
  }
}

/** Runs the workers until all stop; when one fails, the others are shut down before the failure is passed on. */
async function runAll(workers: Worker[]): Promise<void> {
  const runs = workers.map((w) => w.run());
  try {
    await Promise.all(runs);
  } catch (err) {
    for (const w of workers) if (w.getState() === 'RUNNING') w.shutdown();
    await Promise.allSettled(runs);
    throw err;
  }
}

/** The workflows a control worker runs: the bundle `npm run build` wrote when compiled, else bundled now. */
async function loadWorkflowBundle(): Promise<{ codePath: string } | { code: string }> {
  const codePath = prebuiltWorkflowBundlePath();
  return codePath
    ? { codePath }
    : bundleWorkflowCode({ workflowsPath: workflowsPath(), logger: quietBundlerLogger });
}

const quietBundlerLogger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => console.warn(m),
  error: (m: string) => console.error(m),
  log: () => undefined,
};
