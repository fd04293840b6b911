import type { SceneEdit, VideoWorkflowInput } from '@vidgen/workflows';

/** The workflow is no longer running (completed, or closed by an operator): its updates cannot be delivered. */
export class WorkflowClosedError extends Error {}

/**
 * How the video service reaches a video's workflow. Implemented over the Temporal client
 * in @vidgen/temporal; update refusals arrive as domain errors (InvalidStateError, …).
 */
export interface VideoWorkflowGateway {
  /**
   * The task queue its workflows run on, written on each video row it starts: a start that was
   * never confirmed is made there by whichever worker sweeps it (0086).
   */
  readonly taskQueue?: string;
  /** `priorityKey`: the Temporal priority of the video's tasks (a batch's videos yield to single ones). */
  start(input: VideoWorkflowInput, opts?: { priorityKey?: number }): Promise<void>;
  approve(videoId: string): Promise<void>;
  regenerate(videoId: string, feedback: string): Promise<void>;
  editScenes(videoId: string, edit: SceneEdit): Promise<{ sceneId: string | null }>;
  delete(videoId: string): Promise<void>;
  /** Makes the missing storyboard pictures now (docs/decisions/0068-storyboard-and-draft.md). */
  storyboard(videoId: string): Promise<void>;
  /** Starts a draft, or finds the one rendering. */
  preview(videoId: string): Promise<void>;
}
