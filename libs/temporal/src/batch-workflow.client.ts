import { type Client, WorkflowExecutionAlreadyStartedError, WorkflowNotFoundError } from '@temporalio/client';
import type { BatchWorkflowGateway } from '@vidgen/videos';
import { type BatchWorkflowInput, batchLookSignal, batchWorkflowId } from '@vidgen/workflows';

export class BatchWorkflowClient implements BatchWorkflowGateway {
  constructor(
    private readonly client: Client,
    readonly taskQueue: string,
  ) {}

  /** Idempotent: the workflow id is the batch's, so a sweeper's second start finds the first. */
  async start(input: BatchWorkflowInput): Promise<void> {
    try {
      await this.client.workflow.start('batchWorkflow', {
        taskQueue: this.taskQueue,
        workflowId: batchWorkflowId(input.batchId),
        args: [input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  async nudge(batchId: string): Promise<void> {
    try {
      await this.client.workflow.getHandle(batchWorkflowId(batchId)).signal(batchLookSignal);
    } catch (err) {
      if (!(err instanceof WorkflowNotFoundError)) throw err;
    }
  }
}
