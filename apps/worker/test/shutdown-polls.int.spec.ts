import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { NativeConnection, Worker } from '@temporalio/worker';
import { REPO_ROOT, waitFor } from '@vidgen/devstack';
import { describe, expect, inject, it } from 'vitest';
import { temporalForTests } from '../../../libs/workflows/test/support/temporal-for-tests';
import type { HoldResult } from './support/hold.workflow';
import { slowAnswers } from './support/slow-answers';

const STARTED = 2; // PENDING_ACTIVITY_STATE_STARTED
/** How long the proxy holds what Temporal sends the worker: a poll's answer in flight for that long. */
const ANSWER_DELAY_MS = 2000;

/**
 * A worker that stops keeps the tasks Temporal gave its polls just before: the server completes
 * a stopping worker's polls (`frontend.enableCancelWorkerPollsOnShutdown`, which makes the
 * namespace advertise `workerPollCompleteOnShutdown`), and the SDK then waits for the answers
 * instead of cancelling its polls, so an answer still on its way is run, not lost until its
 * heartbeat timeout (docs/decisions/0087-a-stopping-worker-keeps-its-tasks.md).
 */
describe('a worker that stops while Temporal answers its poll', () => {
  const temporal = temporalForTests();

  it('is told by the namespace that Temporal completes a stopping worker’s polls', async () => {
    const { namespaceInfo } = await temporal().client.workflowService.describeNamespace({
      namespace: 'default',
    });
    expect(namespaceInfo?.capabilities?.workerPollCompleteOnShutdown).toBe(true);
  });

  it('runs the activity Temporal started on it as it was told to stop', async () => {
    const queue = `shutdown-polls-${randomUUID()}`;
    const activityQueue = `${queue}-activity`;
    const proxy = await slowAnswers(inject('stack').temporalAddress, ANSWER_DELAY_MS);
    const ran: number[] = [];
    const connection = await NativeConnection.connect({ address: proxy.address });
    const activityWorker = await Worker.create({
      connection,
      taskQueue: activityQueue,
      shutdownGraceTime: '20 seconds',
      activities: {
        async hold(): Promise<HoldResult> {
          ran.push(Context.current().info.attempt);
          return { instance: 'behind the proxy', attempt: Context.current().info.attempt };
        },
      },
    });
    const workflowWorker = await Worker.create({
      connection: temporal().connection,
      taskQueue: queue,
      workflowsPath: path.join(REPO_ROOT, 'apps', 'worker', 'test', 'support', 'hold.workflow.ts'),
    });
    const handle = await workflowWorker.runUntil(async () => {
      const running = activityWorker.run();
      const started = await temporal().client.workflow.start('holdOnEach', {
        taskQueue: queue,
        workflowId: queue,
        args: [[activityQueue]],
      });
      // Temporal has given the activity to the worker's poll; its answer is on the way.
      await waitFor(
        async () => ((await started.describe()).raw.pendingActivities ?? []).some((a) => a.state === STARTED),
        { timeoutMs: 30_000, intervalMs: 20, what: 'the activity started' },
      );
      expect(ran).toEqual([]);
      activityWorker.shutdown();
      await running;
      return started;
    });
    try {
      expect(ran).toEqual([1]);
      const events = (await handle.fetchHistory()).events ?? [];
      expect(events.filter((e) => e.activityTaskCompletedEventAttributes)).toHaveLength(1);
    } finally {
      await handle.terminate('spec done').catch(() => undefined);
      await connection.close();
      proxy.close();
    }
  });
});
