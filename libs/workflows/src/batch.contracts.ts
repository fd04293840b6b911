import { defineSignal } from '@temporalio/workflow';
import { MEDIA_PRIORITY } from './media-priority';

/**
 * Temporal priority a batch's video workflows start with (their workflow tasks and the
 * activities that name no priority of their own inherit it); their media work says `batchRow`
 * itself (VideoWorkflowInput.batchRow, media-priority.ts).
 */
export const BATCH_ROW_PRIORITY = MEDIA_PRIORITY.batchRow;

/** How long the batch workflow waits between looks at its rows when no signal wakes it. */
export const BATCH_POLL_SECONDS = 1;

/** Looks one batch workflow run takes before it continues as new (its history stays small). */
export const BATCH_LOOKS_PER_RUN = 500;

export const batchWorkflowId = (batchId: string) => `batch-${batchId}`;

export interface BatchWorkflowInput {
  batchId: string;
  accountId: string;
  pollSeconds?: number;
}

export interface BatchLook {
  /** The batch is completed or cancelled: the workflow ends. */
  finished: boolean;
  /** The batch's status after the look (absent from looks recorded before it was reported). */
  status?: 'running' | 'completed' | 'cancelled';
  /** Rows whose video this look created. */
  started: number;
  waiting: number;
  inProgress: number;
}

export interface BatchActivities {
  /**
   * Starts the batch's next rows as the account's slots allow, each row's video created at most
   * once (keyed by batch id and row index), and closes the batch once every row has finished.
   */
  advanceBatch(input: { batchId: string; accountId: string }): Promise<BatchLook>;
}

/** The publisher of `batch.completed`: one delivery per subscribed webhook, made once however often it runs. */
export interface BatchEventActivities {
  publishBatchEvent(input: { batchId: string; accountId: string }): Promise<void>;
}

/** Sent by the api after a cancel, or when a row's video may have freed a slot: look now. */
export const batchLookSignal = defineSignal('batchLook');
