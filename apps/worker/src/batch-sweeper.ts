import type { Client } from '@temporalio/client';
import type { Db } from '@vidgen/db';
import { BatchWorkflowClient } from '@vidgen/temporal';
import { BatchRepository } from '@vidgen/videos';
import type { Logger } from 'pino';

/**
 * The api writes a batch and then starts its workflow; if it dies in between, this finds the
 * batch and starts the workflow. The workflow id is the batch id, so a start that happened is
 * found again, never duplicated.
 */
export async function sweepBatches(opts: {
  db: Db;
  client: Client;
  taskQueue: string;
  log: Logger;
  graceSeconds?: number;
}): Promise<void> {
  const batches = new BatchRepository(opts.db);
  for (const b of await batches.unstarted(opts.graceSeconds ?? 10)) {
    // On the queue its row names, else this worker's (as the video sweeper).
    await new BatchWorkflowClient(opts.client, b.taskQueue ?? opts.taskQueue).start({
      batchId: b.id,
      accountId: b.accountId,
    });
    await batches.markWorkflowStarted(b.accountId, b.id);
    opts.log.info({ batchId: b.id }, 'started the workflow of a batch whose start was not confirmed');
  }
}
