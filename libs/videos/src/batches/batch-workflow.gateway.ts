import type { BatchWorkflowInput } from '@vidgen/workflows';

/** How the batch service reaches a batch's workflow; implemented over the Temporal client in @vidgen/temporal. */
export interface BatchWorkflowGateway {
  /** The task queue its workflows run on, written on each batch row (as VideoWorkflowGateway's). */
  readonly taskQueue?: string;
  /** Idempotent: the workflow id is the batch's. */
  start(input: BatchWorkflowInput): Promise<void>;
  /** Asks the batch to look at its rows now (after a cancel); a closed workflow is no error. */
  nudge(batchId: string): Promise<void>;
}
