import { defineQuery, defineUpdate } from '@temporalio/workflow';

export const PRODUCTION_STAGES = ['visualising', 'narrating', 'curating', 'rendering'] as const;
export type ProductionStage = (typeof PRODUCTION_STAGES)[number];
export const SCRIPT_STAGES = ['scripting', 'refining'] as const;
export type ScriptStage = (typeof SCRIPT_STAGES)[number];
export type Stage = ScriptStage | ProductionStage;
export const STAGES: readonly Stage[] = [...SCRIPT_STAGES, ...PRODUCTION_STAGES];

export const VIDEO_STATUSES = ['pending', ...STAGES, 'completed', 'failed'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
/** These count towards the concurrent-video limit (docs/lifecycle.md#limit-of-3). */
export const IN_PROGRESS_STATUSES: readonly VideoStatus[] = ['pending', ...STAGES];

/** The codes of a failed video's `failure_reason` (docs/runbook.md). */
export const FAILURE_CODES = [
  'AI_SERVICE_TIMEOUT',
  'AI_SERVICE_ERROR',
  'IMAGE_GENERATION_ERROR',
  'AUDIO_GENERATION_ERROR',
  'RENDER_TIMEOUT',
  'RENDER_ERROR',
  'INSUFFICIENT_CREDITS',
  'INTERNAL_ERROR',
] as const;
export type FailureCode = (typeof FAILURE_CODES)[number];

export interface FailureReason {
  code: FailureCode;
  message: string;
  stage: Stage | 'approval';
}

/** Fault injection (docs/fault-injection.md#the-faults-field), accepted only when the server runs with VIDGEN_FAULT_INJECTION=1. */
export interface StageFault {
  timeout?: boolean;
  fail?: boolean;
  /** 1-based scene positions whose image fails (visualising only). */
  fail_scenes?: number[];
  /** Fail the stage's first N activity attempts over the video's life, then succeed. */
  fail_attempts?: number;
}
export type Faults = Partial<Record<Stage, StageFault>>;

/** What an activity is told about the faults that apply to this very call. */
export interface ActiveFault {
  timeout: boolean;
  fail: boolean;
  failScenes: number[];
  /** Attempts of this stage that already failed in earlier executions (fail_attempts counts across the video's life). */
  priorAttempts: number;
  failAttempts: number;
}

export interface VideoWorkflowInput {
  videoId: string;
  accountId: string;
  autoApprove: boolean;
  faults?: Faults;
  /** A row of a batch: its media work yields to the account's single videos (media-priority.ts). */
  batchRow?: boolean;
  /**
   * Updates one run accepts before it continues as new at the next safe point (idle at the
   * gate or failed). Temporal refuses updates past 2,000 per run; absent: the default below.
   */
  updatesPerRun?: number;
  /** The state a previous run of this video handed over when it continued as new. */
  carried?: CarriedVideoState;
}

/** Default of VideoWorkflowInput.updatesPerRun: well below Temporal's limit of 2,000 per run. */
export const DEFAULT_UPDATES_PER_RUN = 500;

/** What a video workflow run hands to the next when it continues as new. */
export interface CarriedVideoState {
  phase: 'gate' | 'failed';
  run: number;
  scriptVersion: number;
  feedback: string | null;
  failedStage: Stage | null;
  retryFrom: ProductionStage | null;
  resumeStage: ProductionStage;
  stageRuns: Partial<Record<Stage, number>>;
  failedAttempts: Partial<Record<Stage, number>>;
}

export interface VideoWorkflowResult {
  videoId: string;
  status: 'completed' | 'deleted';
}

/** A scene as a script writer drafts it; the client's own scenes may name their image. */
export interface ScriptDraft {
  visual_description: string;
  narration: string;
  image_asset_id?: string | null;
  /** The client's words for a stock search. */
  search_terms?: string | null;
}

/** `image_asset_id`: an uploaded image for the scene; null goes back to a generated one. */
export type SceneEdit =
  | {
      op: 'update';
      sceneId: string;
      visual_description?: string;
      narration?: string;
      image_asset_id?: string | null;
    }
  | {
      op: 'add';
      visual_description: string;
      narration: string;
      position?: number;
      image_asset_id?: string | null;
    }
  | { op: 'delete'; sceneId: string };

/** Application failure types that cross from workflow to api; the api maps them to its errors. */
export const UpdateErrorTypes = {
  invalidState: 'INVALID_STATE',
  insufficientCredits: 'INSUFFICIENT_CREDITS',
  maxConcurrent: 'MAX_CONCURRENT_VIDEOS',
  notFound: 'NOT_FOUND',
  validation: 'VALIDATION_ERROR',
} as const;

/**
 * Failure types that activities raise and the workflow reads: timeouts decide between the
 * `*_TIMEOUT` and `*_ERROR` failure codes; the others say why an attempt failed.
 */
export const ActivityFailureTypes = {
  providerTimeout: 'PROVIDER_TIMEOUT',
  providerError: 'PROVIDER_ERROR',
  renderTimeout: 'RENDER_TIMEOUT',
  injectedFault: 'INJECTED_FAULT',
  invalidInput: 'INVALID_INPUT',
} as const;

export type WorkflowPhase =
  | 'scripting'
  | 'gate'
  | 'approving'
  | 'producing'
  | 'failed'
  | 'completed'
  | 'deleted';

export interface VideoWorkflowState {
  phase: WorkflowPhase;
  run: number;
  failedStage: Stage | null;
}

export const approveUpdate = defineUpdate<{ run: number }, []>('approve');
export const regenerateUpdate = defineUpdate<{ phase: WorkflowPhase }, [{ feedback: string }]>('regenerate');
export const editScenesUpdate = defineUpdate<{ sceneId: string | null }, [SceneEdit]>('editScenes');
export const deleteUpdate = defineUpdate<{ deleted: true }, []>('delete');
/** Makes the pictures of the scenes that lack one now, charging them when they are paid for. */
export const storyboardUpdate = defineUpdate<{ pictures: number }, []>('storyboard');
/** Starts a draft at the gate, or answers with the one rendering (docs/decisions/0068-storyboard-and-draft.md). */
export const previewUpdate = defineUpdate<{ draft: string }, []>('preview');
export const stateQuery = defineQuery<VideoWorkflowState>('state');

export interface ChargeItem {
  /** e.g. `image:<sceneId>` or `narration` */
  item: string;
  amount: number;
}

/** Activities the video workflow calls; implemented in libs/videos over injected dependencies. */
export interface VideoActivities {
  /** Appends one event (idempotent by key) and projects status/stage onto the video row. */
  recordTransition(input: {
    videoId: string;
    key: string;
    type: string;
    status?: VideoStatus;
    stage?: Stage | null;
    awaitingApproval?: boolean;
    failureReason?: FailureReason | null;
    data?: Record<string, unknown>;
  }): Promise<void>;
  writeScript(input: {
    videoId: string;
    scriptVersion: number;
    feedback: string | null;
    fault: ActiveFault;
  }): Promise<ScriptDraft[]>;
  refineScript(input: {
    videoId: string;
    scriptVersion: number;
    drafts: ScriptDraft[];
    fault: ActiveFault;
  }): Promise<{ sceneCount: number }>;
  /**
   * The video's scenes that the next production run must (re)do, and what that costs.
   * `missingFrom`: the earliest stage whose outputs are missing (a scene without its image or
   * narration), where a retry must resume at the latest; absent when none is missing.
   */
  planProduction(input: { videoId: string; run: number }): Promise<{
    sceneIds: string[];
    charges: ChargeItem[];
    missingFrom?: ProductionStage;
    /**
     * The account's videos created before this one and under way now (not at the gate): the
     * run's rank in the media queue (media-priority.ts). Absent from plans recorded before it (0).
     */
    aheadInAccount?: number;
    /**
     * The account's other videos under way now, older or newer (not at the gate): with
     * `aheadInAccount`, the run's rank. Absent from plans recorded before it (0).
     */
    othersInAccount?: number;
  }>;
  /**
   * Approval in one transaction: the concurrency limit (for a retry), the charges, and the
   * move into production. Throws INSUFFICIENT_CREDITS / MAX_CONCURRENT_VIDEOS, non-retryable.
   */
  approveProduction(input: {
    videoId: string;
    run: number;
    charges: ChargeItem[];
    resumeStage: ProductionStage;
    isRetry: boolean;
  }): Promise<void>;
  /**
   * Decides, once, the outcome of a gate step whose activity did not answer (its attempts ran
   * out while the database blinked): `done` when the step's event (`doneKey`) was committed,
   * else `abandonedKey` is recorded in the same transaction, and the step's activity refuses to
   * commit once that key exists, so no late attempt can still change the outcome.
   */
  settleOutcome(input: {
    videoId: string;
    doneKey: string;
    abandonedKey: string;
  }): Promise<{ done: boolean }>;
  /**
   * A regenerate puts the video back in progress: takes one of the account's slots and moves
   * the video to scripting in one transaction. Throws MAX_CONCURRENT_VIDEOS, non-retryable.
   */
  beginRegeneration(input: { videoId: string; scriptVersion: number }): Promise<void>;
  /** `gate`: made at the review gate (a storyboard or a draft, by its id): kept as the scene's storyboard picture. */
  generateSceneImage(input: {
    videoId: string;
    sceneId: string;
    run: number;
    fault: ActiveFault;
    gate?: string;
  }): Promise<void>;
  /** `gate`: made for a draft at the review gate (by its id); the production run reuses it. */
  narrateScene(input: {
    videoId: string;
    sceneId: string;
    run: number;
    fault: ActiveFault;
    gate?: string;
  }): Promise<void>;
  /**
   * The review gate's storyboard: the scenes that lack a picture (neither the client's nor a
   * storyboard one) and whether making one is paid for (a model or stock; the illustrator is free).
   */
  planStoryboard(input: { videoId: string }): Promise<{ sceneIds: string[]; paid: boolean }>;
  /**
   * Charges, once per gate step (`gate`, its id), what a storyboard or a draft makes: the paid
   * pictures of scenes that lack one, and for a draft the narration of scenes that lack it; a
   * draft's record shows it rendering. Throws INSUFFICIENT_CREDITS, non-retryable.
   */
  chargeGateStep(input: {
    videoId: string;
    gate: string;
    kind: 'storyboard' | 'draft';
  }): Promise<{ sceneIds: string[] }>;
  /**
   * Ends a gate step: gives back what was charged for what it did not make; a draft that did not
   * end ready shows failed (unless an edit made it stale). `ready`: the draft is the video's preview.
   */
  settleGateStep(input: { videoId: string; gate: string; kind: 'storyboard' | 'draft' }): Promise<{
    ready: boolean;
  }>;
  curate(input: { videoId: string; run: number; fault: ActiveFault }): Promise<void>;
  /** The whole render in one activity: what workflows started before render segments existed run. */
  render(input: { videoId: string; run: number; fault: ActiveFault }): Promise<void>;
  /** One scene's segment of the video (its still in motion, the fade into the next, its captions). */
  /**
   * One scene's segment. `narrated`: every scene of the run was narrated when it was scheduled, so
   * it need not give way to its own video's narration (docs/decisions/0085-fair-within-a-rank.md).
   */
  renderSegment(input: {
    videoId: string;
    sceneId: string;
    run: number;
    draft?: string;
    narrated?: boolean;
  }): Promise<void>;
  /**
   * The run's audio track, narration file and thumbnail, once every scene is narrated, while the
   * segments render; the join then only muxes.
   */
  mixSoundtrack(input: { videoId: string; run: number }): Promise<void>;
  /**
   * The final MP4, narration file and thumbnail from the run's segments, with the audio mix (the
   * run's soundtrack when it was mixed before, else mixed here).
   * `draft`: the draft's segments (360p, 15 fps, marked PREVIEW) into the video's preview instead.
   */
  joinSegments(input: { videoId: string; run: number; fault: ActiveFault; draft?: string }): Promise<void>;
  /** Refunds what is still held for each item (net of earlier refunds), keyed by video, run and item. */
  refund(input: { videoId: string; run: number; items: string[]; reason: string }): Promise<void>;
  applySceneEdit(input: {
    videoId: string;
    editId: string;
    edit: SceneEdit;
  }): Promise<{ sceneId: string | null }>;
  clearScenes(input: { videoId: string; scriptVersion: number }): Promise<void>;
  purgeVideo(input: { videoId: string }): Promise<void>;
}

export type VideoEventType =
  | 'video.completed'
  | 'video.failed'
  | 'video.awaiting_approval'
  | 'video.stage_changed'
  | 'video.preview_ready';

/** Implemented in libs/webhooks: fans a video's outcome out to the account's subscribed webhooks. */
export interface WebhookActivities {
  /**
   * Creates one delivery per (occurrence, webhook) and starts its workflow. `occurrenceKey`
   * identifies this outcome of the video (a retried video can fail twice), so a retried or
   * replayed call creates and starts nothing twice.
   */
  publishVideoEvent(input: { videoId: string; event: VideoEventType; occurrenceKey: string }): Promise<void>;
}

/**
 * The bookkeeping activities (the workflow's `db` proxy): quick statements against PostgreSQL
 * that do not heartbeat themselves, so the worker heartbeats for them while they run.
 */
export const BOOKKEEPING_ACTIVITIES = [
  'planProduction',
  'approveProduction',
  'recordTransition',
  'refund',
  'clearScenes',
  'settleOutcome',
  'planStoryboard',
  'settleGateStep',
] as const satisfies readonly (keyof VideoActivities)[];

/**
 * The failure a worker gives an attempt held by a worker process that stopped (killed, crashed):
 * like a heartbeat timeout, nothing about the work failed, and it is noticed sooner.
 */
export const WORKER_LOST_FAILURE_TYPE = 'WorkerLost';
