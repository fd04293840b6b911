import { condition, continueAsNew, proxyActivities, setHandler } from '@temporalio/workflow';
import {
  BATCH_LOOKS_PER_RUN,
  BATCH_POLL_SECONDS,
  type BatchActivities,
  type BatchEventActivities,
  type BatchLook,
  type BatchWorkflowInput,
  batchLookSignal,
} from './batch.contracts';

/** Bookkeeping against PostgreSQL: retried until the database answers. */
const { advanceBatch, publishBatchEvent } = proxyActivities<BatchActivities & BatchEventActivities>({
  startToCloseTimeout: '60 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * A batch (docs/decisions/0063-templates-and-batches.md): looks at its rows, starting the next
 * ones as the account's slots free up, until every row has finished or the batch is cancelled.
 * What has been started lives in PostgreSQL, written in the transaction that creates each row's
 * video, so a lost worker, a restarted Temporal or api replays a look that creates nothing twice.
 */
export async function batchWorkflow(input: BatchWorkflowInput): Promise<BatchLook> {
  let nudged = false;
  setHandler(batchLookSignal, () => {
    nudged = true;
  });
  const pause = (input.pollSeconds ?? BATCH_POLL_SECONDS) * 1000;
  for (let look = 0; look < BATCH_LOOKS_PER_RUN; look++) {
    const seen = await advanceBatch({ batchId: input.batchId, accountId: input.accountId });
    if (seen.finished) {
      // batch.completed: published once per webhook (the deliveries' unique key), also when retried.
      if (seen.status === 'completed')
        await publishBatchEvent({ batchId: input.batchId, accountId: input.accountId });
      return seen;
    }
    await condition(() => nudged, pause);
    nudged = false;
  }
  return continueAsNew<typeof batchWorkflow>(input);
}
