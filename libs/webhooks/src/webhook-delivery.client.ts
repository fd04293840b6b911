import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import {
  type FirstAttempt,
  SearchAttributes,
  type WebhookDeliveryInput,
  workflowIds,
} from '@vidgen/workflows';

export interface DeliverySettings {
  backoffBaseSeconds: number;
  backoffFactor: number;
  timeoutSeconds: number;
}

/** How long a redelivery waits for the previous run, already finished in the database, to close. */
const CLOSING_WAIT_MS = 10_000;

/** Starts delivery workflows (`webhook-delivery-<deliveryId>`) with the settings of the starter's config. */
export class WebhookDeliveryWorkflows {
  constructor(
    private readonly client: Client,
    private readonly taskQueue: string,
    private readonly settings: DeliverySettings,
    /** A client sharing a running worker's connection (of this task queue), for eager starts. */
    private readonly workerClient?: () => Client | undefined,
  ) {}

  /** The backoff and timeout of a delivery's attempts, from the starter's config. */
  get attemptSettings(): Omit<WebhookDeliveryInput, 'deliveryId' | 'first'> {
    return {
      backoff: { baseSeconds: this.settings.backoffBaseSeconds, factor: this.settings.backoffFactor },
      timeoutSeconds: this.settings.timeoutSeconds,
    };
  }

  /**
   * The first run, going on from the publisher's `first` attempt when it made one. The
   * workflow id never takes a second run from here, so a retried or replayed publish that finds
   * the workflow (running or closed) starts nothing. Returns the id of the run it started.
   */
  async startFirst(
    delivery: { id: string; accountId: string },
    first?: FirstAttempt,
  ): Promise<string | undefined> {
    try {
      return await this.start(delivery, 'REJECT_DUPLICATE', this.workerClient?.(), first);
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      return undefined;
    }
  }

  /**
   * A new run of a delivery whose previous run is closed. Returns false while a run is still
   * open: Temporal refuses a second open run of one workflow id, which is what makes
   * "one delivery in progress at a time" hold under concurrent requests.
   */
  async startAgain(delivery: { id: string; accountId: string }, closingRunId?: string): Promise<boolean> {
    try {
      await this.start(delivery, 'ALLOW_DUPLICATE');
      return true;
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
      if (!closingRunId || !(await this.waitForClose(delivery.id, closingRunId))) return false;
      return this.startAgain(delivery);
    }
  }

  /**
   * Waits (at most CLOSING_WAIT_MS) for the open run to close when it is `runId`, the run that
   * already recorded the delivery's outcome. False when another run is open or it does not close.
   */
  private async waitForClose(deliveryId: string, runId: string): Promise<boolean> {
    const handle = this.client.workflow.getHandle(workflowIds.webhookDelivery(deliveryId));
    const open = await handle.describe().catch(() => undefined);
    if (!open || open.runId !== runId) return open !== undefined && open.status.name !== 'RUNNING';
    const closed = this.client.workflow
      .getHandle(workflowIds.webhookDelivery(deliveryId), runId)
      .result()
      .then(
        () => true,
        () => true,
      );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSING_WAIT_MS);
    });
    return Promise.race([closed, late]).finally(() => clearTimeout(timer));
  }

  private async start(
    delivery: { id: string; accountId: string },
    workflowIdReusePolicy: 'REJECT_DUPLICATE' | 'ALLOW_DUPLICATE',
    eagerClient?: Client,
    first?: FirstAttempt,
  ): Promise<string> {
    const input: WebhookDeliveryInput = {
      deliveryId: delivery.id,
      ...this.attemptSettings,
      ...(first && { first }),
    };
    // Eager start: the first workflow task comes back with the start's answer to the worker
    // sharing the connection, when it has a free slot, instead of waiting in the task queue.
    const handle = await (eagerClient ?? this.client).workflow.start('webhookDeliveryWorkflow', {
      ...(eagerClient && { requestEagerStart: true }),
      taskQueue: this.taskQueue,
      workflowId: workflowIds.webhookDelivery(delivery.id),
      args: [input],
      workflowIdReusePolicy,
      typedSearchAttributes: [{ key: SearchAttributes.accountId, value: delivery.accountId }],
    });
    return handle.firstExecutionRunId;
  }
}
