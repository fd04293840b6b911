import {
  type Client,
  WorkflowExecutionAlreadyStartedError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
} from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import {
  InsufficientCreditsError,
  InvalidStateError,
  MaxConcurrentVideosError,
  NotFoundError,
  ValidationError,
} from '@vidgen/core';
import { type VideoWorkflowGateway, WorkflowClosedError } from '@vidgen/videos';
import {
  approveUpdate,
  deleteUpdate,
  editScenesUpdate,
  previewUpdate,
  regenerateUpdate,
  type SceneEdit,
  SearchAttributes,
  storyboardUpdate,
  UpdateErrorTypes,
  type VideoWorkflowInput,
  workflowIds,
} from '@vidgen/workflows';

/** Turns an update's refusal into the domain error the api reports; anything else passes through. */
function toDomainError(err: unknown): unknown {
  if (err instanceof WorkflowNotFoundError) return new WorkflowClosedError(err.message);
  if (err instanceof Error && /workflow execution already completed/i.test(err.message)) {
    return new WorkflowClosedError(err.message);
  }
  if (!(err instanceof WorkflowUpdateFailedError) || !(err.cause instanceof ApplicationFailure)) return err;
  const cause = err.cause;
  switch (cause.type) {
    case UpdateErrorTypes.invalidState:
      return new InvalidStateError(cause.message);
    case UpdateErrorTypes.insufficientCredits: {
      const d = (cause.details?.[0] ?? {}) as { required?: number; available?: number };
      return new InsufficientCreditsError(d.required ?? 0, d.available ?? 0);
    }
    case UpdateErrorTypes.maxConcurrent:
      return new MaxConcurrentVideosError(3);
    case UpdateErrorTypes.notFound:
      return new NotFoundError('Scene');
    case UpdateErrorTypes.validation:
      return new ValidationError([{ loc: ['body'], msg: cause.message }]);
    default:
      return err;
  }
}

export class VideoWorkflowClient implements VideoWorkflowGateway {
  constructor(
    private readonly client: Client,
    readonly taskQueue: string,
    /** Updates one workflow run accepts before it continues as new; the workflow's default when absent. */
    private readonly updatesPerRun?: number,
  ) {}

  /** Idempotent: the workflow id is the video's, so a second start (a sweeper after a crash) finds the first. */
  async start(input: VideoWorkflowInput, opts: { priorityKey?: number } = {}): Promise<void> {
    try {
      await this.client.workflow.start('videoPipelineWorkflow', {
        ...(opts.priorityKey !== undefined && { priority: { priorityKey: opts.priorityKey } }),
        taskQueue: this.taskQueue,
        workflowId: workflowIds.video(input.videoId),
        args: [this.updatesPerRun ? { ...input, updatesPerRun: this.updatesPerRun } : input],
        workflowIdReusePolicy: 'REJECT_DUPLICATE',
        typedSearchAttributes: [
          { key: SearchAttributes.status, value: 'pending' },
          { key: SearchAttributes.accountId, value: input.accountId },
          { key: SearchAttributes.stage, value: 'none' },
        ],
      });
    } catch (err) {
      if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    }
  }

  private handle(videoId: string) {
    return this.client.workflow.getHandle(workflowIds.video(videoId));
  }

  private async update<R>(run: () => Promise<R>): Promise<R> {
    try {
      return await run();
    } catch (err) {
      throw toDomainError(err);
    }
  }

  async approve(videoId: string): Promise<void> {
    await this.update(() => this.handle(videoId).executeUpdate(approveUpdate));
  }

  async regenerate(videoId: string, feedback: string): Promise<void> {
    await this.update(() => this.handle(videoId).executeUpdate(regenerateUpdate, { args: [{ feedback }] }));
  }

  editScenes(videoId: string, edit: SceneEdit): Promise<{ sceneId: string | null }> {
    return this.update(() => this.handle(videoId).executeUpdate(editScenesUpdate, { args: [edit] }));
  }

  async delete(videoId: string): Promise<void> {
    await this.update(() => this.handle(videoId).executeUpdate(deleteUpdate));
  }

  async storyboard(videoId: string): Promise<void> {
    await this.update(() => this.handle(videoId).executeUpdate(storyboardUpdate));
  }

  async preview(videoId: string): Promise<void> {
    await this.update(() => this.handle(videoId).executeUpdate(previewUpdate));
  }
}
