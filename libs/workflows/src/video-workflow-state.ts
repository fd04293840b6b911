import { upsertSearchAttributes, workflowInfo } from '@temporalio/workflow';
import { SearchAttributes } from './contracts';
import type { MediaWork } from './media-priority';
import {
  type ActiveFault,
  type CarriedVideoState,
  DEFAULT_UPDATES_PER_RUN,
  type Faults,
  type ProductionStage,
  type Stage,
  type VideoStatus,
  type VideoWorkflowInput,
  type VideoWorkflowState,
  type WorkflowPhase,
} from './video.contracts';

/**
 * Everything the video workflow remembers between activities and update handlers, and the
 * one lock that serialises the handlers (Temporal's safe-message-handlers sample).
 */
export class VideoPipelineState {
  /** Where the main loop is; update handlers move it between awaits. */
  phase: WorkflowPhase = 'scripting';
  /** Production run: 0 before the first approval, +1 per approval or retry. */
  run = 0;
  /** Script version: 1 for the first script, +1 per regenerate. */
  scriptVersion = 1;
  feedback: string | null = null;
  failedStage: Stage | null = null;
  /** Where an approval on the failed video resumes; null when it has no scenes (regenerate first). */
  retryFrom: ProductionStage | null = null;
  /** Where the current production run starts. */
  resumeStage: ProductionStage = 'visualising';
  autoApprovePending: boolean;
  /**
   * The latest script version whose outcome (the gate, or a failure) is on record. The phase
   * moves before its row is written, so a client that sees the row finds the workflow already
   * there (an approval right after `awaiting_approval` is accepted). A regenerate answers with
   * the row, so it waits for its own version here, not for the phase: a client may see the
   * previous version's row and regenerate before the workflow has heard that it was written.
   */
  scriptOutcomeVersion = 0;
  /** The draft asked for at the gate that the main loop has still to run (video-gate-steps.ts). */
  draftRequested: string | null = null;

  /** Updates this run has accepted (Temporal caps them per run). */
  private updates = 0;
  private stageRuns: Partial<Record<Stage, number>> = {};
  private failedAttempts: Partial<Record<Stage, number>> = {};
  private lock: Promise<void> = Promise.resolve();
  readonly videoId: string;
  readonly accountId: string;
  private readonly batchRow: boolean;
  /** The production run that has finished a media piece, if the current one has (see mediaWork). */
  private mediaBegunRun = 0;
  /** Media pieces of run mediaBegunRun that finished, and how many of them were narrations. */
  private mediaDone = 0;
  private narrationsDone = 0;
  /** The scenes of the current run's plan: once as many narrations finished, the run is narrated. */
  private mediaScenes = 0;
  /** The rank of the current run's media work in its account, from its plan (see mediaWork). */
  private mediaRank = 0;
  private readonly faults: Faults;
  private readonly updatesPerRun: number;

  constructor(input: VideoWorkflowInput) {
    this.videoId = input.videoId;
    this.accountId = input.accountId;
    this.batchRow = input.batchRow === true;
    this.faults = input.faults ?? {};
    this.updatesPerRun = input.updatesPerRun ?? DEFAULT_UPDATES_PER_RUN;
    this.autoApprovePending = input.autoApprove;
    const c = input.carried;
    if (c) {
      this.phase = c.phase;
      this.run = c.run;
      this.scriptVersion = c.scriptVersion;
      this.feedback = c.feedback;
      this.failedStage = c.failedStage;
      this.retryFrom = c.retryFrom;
      this.resumeStage = c.resumeStage;
      this.stageRuns = { ...c.stageRuns };
      this.failedAttempts = { ...c.failedAttempts };
      this.autoApprovePending = false;
      this.scriptOutcomeVersion = c.scriptVersion;
    }
  }

  /** Counts an update this run accepted. */
  updateAccepted(): void {
    this.updates++;
  }

  /** True when this run should hand over to a new one at its next idle point. */
  historyFull(): boolean {
    return this.updates >= this.updatesPerRun || workflowInfo().continueAsNewSuggested;
  }

  /** What the next run needs to carry on exactly where this one idles. */
  snapshot(phase: CarriedVideoState['phase']): CarriedVideoState {
    return {
      phase,
      run: this.run,
      scriptVersion: this.scriptVersion,
      feedback: this.feedback,
      failedStage: this.failedStage,
      retryFrom: this.retryFrom,
      resumeStage: this.resumeStage,
      stageRuns: { ...this.stageRuns },
      failedAttempts: { ...this.failedAttempts },
    };
  }

  /** The phase, read through a call so TypeScript does not keep a narrowing across awaits. */
  current(): WorkflowPhase {
    return this.phase;
  }

  /** Runs `fn` after every earlier handler has settled; each re-checks the state it was validated against. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.lock.then(fn);
    this.lock = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  /** Moves the phase and, when given, the status and stage search attributes. */
  setPhase(next: WorkflowPhase, status?: VideoStatus, stage?: Stage | null): void {
    this.phase = next;
    const pairs: { key: typeof SearchAttributes.status | typeof SearchAttributes.stage; value: string }[] =
      [];
    if (status) pairs.push({ key: SearchAttributes.status, value: status });
    if (stage !== undefined) pairs.push({ key: SearchAttributes.stage, value: stage ?? 'none' });
    if (pairs.length) upsertSearchAttributes(pairs);
    // A failed video that moves on (retry, regenerate, delete) no longer lists under its old code.
    // Only a run whose video failed has one (set by fail(), or carried over by continue-as-new).
    if (next !== 'failed' && workflowInfo().typedSearchAttributes.get(SearchAttributes.failureCode)) {
      upsertSearchAttributes([{ key: SearchAttributes.failureCode, value: null }]);
    }
  }

  /** Lists the failed video under its failure code (VidgenFailureCode) for the Web UI's filters. */
  markFailureCode(code: string): void {
    upsertSearchAttributes([{ key: SearchAttributes.failureCode, value: code }]);
  }

  /** Counts one more run of `stage` (faults other than fail_attempts act on the first run only). */
  stageStarted(stage: Stage): void {
    this.stageRuns[stage] = (this.stageRuns[stage] ?? 0) + 1;
  }

  /** A stage activity failed for good: its attempts count towards fail_attempts. */
  attemptsFailed(stage: Stage, attempts: number): void {
    this.failedAttempts[stage] = (this.failedAttempts[stage] ?? 0) + attempts;
  }

  /** The injected faults that apply to this run of `stage` (docs/fault-injection.md). */
  activeFault(stage: Stage): ActiveFault {
    const f = this.faults[stage] ?? {};
    const firstRun = (this.stageRuns[stage] ?? 0) === 1;
    return {
      timeout: firstRun && f.timeout === true,
      fail: firstRun && f.fail === true,
      failScenes: firstRun ? (f.fail_scenes ?? []) : [],
      priorAttempts: this.failedAttempts[stage] ?? 0,
      failAttempts: f.fail_attempts ?? 0,
    };
  }

  /** Faults are injected into `stage` (docs/fault-injection.md). */
  hasFaults(stage: Stage): boolean {
    return this.faults[stage] !== undefined;
  }

  /** Where this video's next media piece goes in the media queue (media-priority.ts). */
  mediaWork(): MediaWork {
    return {
      kind: this.batchRow ? 'batchRow' : 'video',
      accountId: this.accountId,
      begun: this.run > 0 && this.mediaBegunRun === this.run,
      done: this.mediaBegunRun === this.run ? this.mediaDone : 0,
      narrated: this.narrated(),
      halfNarrated: this.mediaScenes > 0 && 2 * this.narrationsDoneInRun() >= this.mediaScenes,
      rank: this.mediaRank,
    };
  }

  /**
   * A production run was planned: its media work ranks behind the account's videos that were in
   * production then. Kept for the run (and its retries' plans set it again); not carried over a
   * continue-as-new, which happens only at rest, before the next plan.
   */
  productionPlanned(plan: {
    aheadInAccount?: number;
    othersInAccount?: number;
    sceneIds?: readonly string[];
  }): void {
    this.mediaScenes = plan.sceneIds?.length ?? 0;
    this.mediaRank = (plan.othersInAccount ?? 0) + (plan.aheadInAccount ?? 0);
  }

  /** A media piece of the current run finished: the rest of the run's media work goes ahead. */
  mediaPieceFinished(kind?: 'narration'): void {
    if (this.mediaBegunRun !== this.run) {
      this.mediaDone = 0;
      this.narrationsDone = 0;
    }
    this.mediaBegunRun = this.run;
    this.mediaDone++;
    if (kind === 'narration') this.narrationsDone++;
  }

  /**
   * Every scene of the current run's plan has its narration finished in this run (counted before
   * the narrations' results are read): what is left is its segments, soundtrack and join.
   */
  narrated(): boolean {
    return this.mediaScenes > 0 && this.narrationsDoneInRun() >= this.mediaScenes;
  }

  private narrationsDoneInRun(): number {
    return this.mediaBegunRun === this.run ? this.narrationsDone : 0;
  }

  query(): VideoWorkflowState {
    return { phase: this.phase, run: this.run, failedStage: this.failedStage };
  }
}
