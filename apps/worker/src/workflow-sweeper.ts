import type { Client } from '@temporalio/client';
import type { Db } from '@vidgen/db';
import { VideoWorkflowClient } from '@vidgen/temporal';
import { VideoRepository } from '@vidgen/videos';
import type { Faults } from '@vidgen/workflows';
import type { Logger } from 'pino';
import { sweepBatches } from './batch-sweeper';

/**
 * The api writes a video row and then starts its workflow. If it dies in between, the row
 * would wait forever; this loop finds such rows and starts their workflows. The workflow id
 * is the video id, so a start that did happen is found again, never duplicated.
 */
export function startWorkflowSweeper(opts: {
  db: Db;
  client: Client;
  taskQueue: string;
  updatesPerRun?: number;
  log: Logger;
  intervalMs?: number;
  graceSeconds?: number;
}): () => void {
  const videos = new VideoRepository(opts.db);
  // Each video goes to the queue its row names (deployments with queues of their own may share
  // the database, docs/decisions/0086-a-row-keeps-its-task-queue.md), else to this worker's.
  const workflows = (queue: string | null) =>
    new VideoWorkflowClient(opts.client, queue ?? opts.taskQueue, opts.updatesPerRun);
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      for (const v of await videos.unstarted(opts.graceSeconds ?? 10)) {
        await workflows(v.taskQueue).start({
          videoId: v.id,
          accountId: v.accountId,
          autoApprove: v.autoApprove,
          faults: (v.faults ?? undefined) as Faults | undefined,
        });
        await videos.markWorkflowStarted(v.accountId, v.id);
        opts.log.info({ videoId: v.id }, 'started the workflow of a video whose start was not confirmed');
      }
      await sweepBatches(opts);
    } catch (err) {
      opts.log.warn({ err }, 'workflow sweep failed; will retry');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void sweep(), opts.intervalMs ?? 5000);
  void sweep();
  return () => clearInterval(timer);
}
