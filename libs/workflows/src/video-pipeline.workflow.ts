import type { RetryPolicy } from '@temporalio/common';
import {
  ActivityFailure,
  ApplicationFailure,
  allHandlersFinished,
  condition,
  proxyActivities,
  setHandler,
  TimeoutFailure,
  upsertSearchAttributes,
  uuid4,
} from '@temporalio/workflow';
import { SearchAttributes } from './contracts';
import {
  type ActiveFault,
  approveUpdate,
  deleteUpdate,
  editScenesUpdate,
  type FailureReason,
  PRODUCTION_STAGES,
  type ProductionStage,
  regenerateUpdate,
  type SceneEdit,
  type Stage,
  stateQuery,
  UpdateErrorTypes,
  type VideoActivities,
  type VideoStatus,
  type VideoWorkflowInput,
  type VideoWorkflowResult,
  type WebhookActivities,
  type WorkflowPhase,
} from './video.contracts';

/** Attempts per AI/media activity before its stage fails (fail_attempts below this completes on its own). */
export const STAGE_MAX_ATTEMPTS = 3;
const stageRetry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumAttempts: STAGE_MAX_ATTEMPTS,
};
const NON_RETRYABLE = Object.values(UpdateErrorTypes);

const script = proxyActivities<VideoActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
});
const media = proxyActivities<VideoActivities>({
  startToCloseTimeout: '3 minutes',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
});
const renderer = proxyActivities<VideoActivities>({
  startToCloseTimeout: '15 minutes',
  // A worker that dies mid-render is noticed within this window and the render moves on.
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
});
/** Bookkeeping against PostgreSQL: retried until the database answers, except for business refusals. */
const db = proxyActivities<VideoActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    maximumInterval: '10 seconds',
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
});

/**
 * Bookkeeping inside update handlers: a client is waiting on the HTTP call, so attempts are
 * bounded (about 15 s) and a persistent failure fails the update instead of hanging it.
 */
const gate = proxyActivities<VideoActivities>({
  startToCloseTimeout: '10 seconds',
  retry: {
    initialInterval: '200 milliseconds',
    maximumInterval: '5 seconds',
    maximumAttempts: 6,
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
});

const webhooks = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});

const IMAGE_CONCURRENCY = 4;
const NARRATION_CONCURRENCY = 2;

class StageFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason.message);
  }
}

function isTimeout(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e instanceof TimeoutFailure) return true;
    if (e instanceof ApplicationFailure && (e.type === 'PROVIDER_TIMEOUT' || e.type === 'RENDER_TIMEOUT'))
      return true;
  }
  return false;
}

function rootMessage(err: unknown): string {
  let msg = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) msg = e.message || msg;
  return msg;
}

function failureFor(stage: Stage, err: unknown): FailureReason {
  const timeout = isTimeout(err);
  const detail = rootMessage(err);
  switch (stage) {
    case 'scripting':
    case 'refining':
      return timeout
        ? { code: 'AI_SERVICE_TIMEOUT', message: `The AI service timed out while ${stage} the script`, stage }
        : { code: 'AI_SERVICE_ERROR', message: `The AI service failed while ${stage}: ${detail}`, stage };
    case 'visualising':
      return { code: 'IMAGE_GENERATION_ERROR', message: detail, stage };
    case 'narrating':
      return { code: 'AUDIO_GENERATION_ERROR', message: detail, stage };
    case 'rendering':
      return timeout
        ? { code: 'RENDER_TIMEOUT', message: 'Rendering did not finish in time', stage }
        : { code: 'RENDER_ERROR', message: `Rendering failed: ${detail}`, stage };
    default:
      return { code: 'INTERNAL_ERROR', message: `The ${stage} stage failed: ${detail}`, stage };
  }
}

/**
 * Every error leaving an update handler becomes an ApplicationFailure, so the update fails
 * (and the api answers) instead of failing the workflow task. A business refusal keeps its
 * type, which the api maps to its error code; anything else is INTERNAL.
 */
function asUpdateFailure(err: unknown): ApplicationFailure {
  if (err instanceof ApplicationFailure) return err;
  if (err instanceof ActivityFailure && err.cause instanceof ApplicationFailure) {
    const c = err.cause;
    return ApplicationFailure.create({
      type: c.type ?? 'INTERNAL',
      message: c.message,
      details: c.details as unknown[],
      nonRetryable: true,
    });
  }
  return ApplicationFailure.create({ type: 'INTERNAL', message: rootMessage(err), nonRetryable: true });
}

function invalidState(message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: UpdateErrorTypes.invalidState, message, nonRetryable: true });
}

/**
 * Runs `fn` over the items, at most `limit` at a time. After a failure no further item
 * starts, and the call settles only once the items in flight have: a stage is declared
 * failed (and refunded, and perhaps retried) with none of its activities still running.
 */
async function mapBounded<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length && !failure) {
      const item = items[next++]!;
      try {
        await fn(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  });
  await Promise.all(lanes);
  if (failure) throw failure.error;
}

/**
 * One workflow per video (id `video-<id>`): scripting → refining → review gate → visualising →
 * narrating → curating → rendering. The gate, retries, regeneration, scene edits and deletion
 * arrive as Workflow Updates, so the api answers with the real outcome. The workflow stays
 * open while a video waits at the gate or sits failed, and ends when it completes or is deleted.
 */
export async function videoPipelineWorkflow(input: VideoWorkflowInput): Promise<VideoWorkflowResult> {
  const { videoId } = input;
  const faults = input.faults ?? {};
  let phase: WorkflowPhase = 'scripting';
  let run = 0;
  let scriptVersion = 1;
  let feedback: string | null = null;
  let failedStage: Stage | null = null;
  /** Where an approval on the failed video resumes; null when it has no scenes (regenerate first). */
  let retryFrom: ProductionStage | null = null;
  let resumeStage: ProductionStage = 'visualising';
  let autoApprovePending = input.autoApprove;
  /**
   * The phase moves before its row is written, so a client that sees the row finds the
   * workflow already there (an approval right after `awaiting_approval` is accepted). An
   * update that answers with the row (regenerate) waits for this instead of the phase.
   */
  let scriptOutcomeRecorded = false;
  const stageRuns: Partial<Record<Stage, number>> = {};
  const failedAttempts: Partial<Record<Stage, number>> = {};

  // Updates are serialised: each handler runs alone and re-checks the state it was validated against.
  let lock: Promise<void> = Promise.resolve();
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const result = lock.then(fn);
    lock = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }

  const setPhase = (next: WorkflowPhase, status?: VideoStatus, stage?: Stage | null) => {
    phase = next;
    const pairs: { key: typeof SearchAttributes.status | typeof SearchAttributes.stage; value: string }[] =
      [];
    if (status) pairs.push({ key: SearchAttributes.status, value: status });
    if (stage !== undefined) pairs.push({ key: SearchAttributes.stage, value: stage ?? 'none' });
    if (pairs.length) upsertSearchAttributes(pairs);
  };

  const activeFault = (stage: Stage): ActiveFault => {
    const f = faults[stage] ?? {};
    const firstRun = (stageRuns[stage] ?? 0) === 1;
    return {
      timeout: firstRun && f.timeout === true,
      fail: firstRun && f.fail === true,
      failScenes: firstRun ? (f.fail_scenes ?? []) : [],
      priorAttempts: failedAttempts[stage] ?? 0,
      failAttempts: f.fail_attempts ?? 0,
    };
  };
  const beginStage = async (stage: Stage, key: string) => {
    stageRuns[stage] = (stageRuns[stage] ?? 0) + 1;
    setPhase(phase, stage, stage);
    await db.recordTransition({
      videoId,
      key,
      type: 'stage_started',
      status: stage,
      stage,
      awaitingApproval: false,
    });
  };
  /** Runs a stage activity; when it finally fails, its attempts count towards fail_attempts. */
  const attempt = async <T>(stage: Stage, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      failedAttempts[stage] = (failedAttempts[stage] ?? 0) + STAGE_MAX_ATTEMPTS;
      throw err;
    }
  };

  const fail = async (reason: FailureReason, key: string) => {
    const stage = reason.stage === 'approval' ? null : reason.stage;
    setPhase('failed', 'failed', stage);
    await db.recordTransition({
      videoId,
      key,
      type: 'failed',
      status: 'failed',
      stage,
      awaitingApproval: false,
      failureReason: reason,
    });
    scriptOutcomeRecorded = true;
    await webhooks.publishVideoEvent({ videoId, event: 'video.failed', occurrenceKey: key });
  };

  async function writeScript(): Promise<void> {
    const v = scriptVersion;
    await beginStage('scripting', `script${v}:scripting:started`);
    let drafts: { visual_description: string; narration: string }[];
    try {
      // Reads the scenes it replaces (a regenerate asks for another take), so they are cleared after.
      drafts = await attempt('scripting', () =>
        script.writeScript({ videoId, scriptVersion: v, feedback, fault: activeFault('scripting') }),
      );
    } catch (err) {
      throw new StageFailure(failureFor('scripting', err));
    }
    if (v > 1) await db.clearScenes({ videoId, scriptVersion: v });
    await beginStage('refining', `script${v}:refining:started`);
    try {
      await attempt('refining', () =>
        script.refineScript({ videoId, scriptVersion: v, drafts, fault: activeFault('refining') }),
      );
    } catch (err) {
      throw new StageFailure(failureFor('refining', err));
    }
  }

  /** Production from resumeStage on. Refunds are collected per failure and paid once, before the video is marked failed. */
  async function produce(): Promise<void> {
    const r = run;
    const plan = await db.planProduction({ videoId, run: r });
    for (const stage of PRODUCTION_STAGES.slice(PRODUCTION_STAGES.indexOf(resumeStage))) {
      await beginStage(stage, `run${r}:${stage}:started`);
      const compensations: string[] = [];
      try {
        if (stage === 'visualising') {
          const failed: number[] = [];
          await mapBounded(plan.sceneIds, IMAGE_CONCURRENCY, async (sceneId) => {
            try {
              await attempt('visualising', () =>
                media.generateSceneImage({ videoId, sceneId, run: r, fault: activeFault('visualising') }),
              );
            } catch {
              failed.push(plan.sceneIds.indexOf(sceneId) + 1);
              compensations.push(`image:${sceneId}`);
            }
          });
          if (failed.length > 0) {
            failed.sort((a, b) => a - b);
            throw new StageFailure({
              code: 'IMAGE_GENERATION_ERROR',
              message: `Image generation failed for scene${failed.length > 1 ? 's' : ''} ${failed.join(', ')}`,
              stage,
            });
          }
        } else if (stage === 'narrating') {
          try {
            await mapBounded(plan.sceneIds, NARRATION_CONCURRENCY, (sceneId) =>
              attempt('narrating', () =>
                media.narrateScene({ videoId, sceneId, run: r, fault: activeFault('narrating') }),
              ),
            );
          } catch (err) {
            compensations.push('narration');
            throw err;
          }
        } else if (stage === 'curating') {
          await attempt('curating', () => media.curate({ videoId, run: r, fault: activeFault('curating') }));
        } else {
          await attempt('rendering', () =>
            renderer.render({ videoId, run: r, fault: activeFault('rendering') }),
          );
        }
      } catch (err) {
        const reason = err instanceof StageFailure ? err.reason : failureFor(stage, err);
        if (compensations.length > 0) {
          await db.refund({ videoId, run: r, items: compensations, reason: reason.message });
        }
        failedStage = stage;
        retryFrom = stage;
        await fail(reason, `run${r}:${stage}:failed`);
        return;
      }
      await db.recordTransition({
        videoId,
        key: `run${r}:${stage}:completed`,
        type: 'stage_completed',
        stage,
      });
    }
    setPhase('completed', 'completed', null);
    await db.recordTransition({
      videoId,
      key: `run${r}:completed`,
      type: 'completed',
      status: 'completed',
      stage: null,
      awaitingApproval: false,
    });
    await webhooks.publishVideoEvent({
      videoId,
      event: 'video.completed',
      occurrenceKey: `run${r}:completed`,
    });
  }

  /** `acts`: bounded retries when a client waits on an update, unbounded for the auto-approving gate. */
  async function approve(isRetry: boolean, acts: typeof gate = gate): Promise<void> {
    const next = run + 1;
    const from: ProductionStage = isRetry ? retryFrom! : 'visualising';
    const plan = await acts.planProduction({ videoId, run: next });
    await acts.approveProduction({ videoId, run: next, charges: plan.charges, resumeStage: from, isRetry });
    run = next;
    resumeStage = from;
    failedStage = null;
    setPhase('producing', from, from);
  }

  setHandler(stateQuery, () => ({ phase, run, failedStage }));

  setHandler(
    approveUpdate,
    (): Promise<{ run: number }> =>
      exclusive(async () => {
        const isRetry = phase === 'failed';
        if (!(phase === 'gate' || (isRetry && retryFrom)))
          throw invalidState('The video cannot be approved now');
        const before = phase;
        phase = 'approving';
        try {
          await approve(isRetry);
          return { run };
        } catch (err) {
          phase = before;
          throw asUpdateFailure(err);
        }
      }),
    {
      validator: () => {
        if (phase === 'gate') return;
        if (phase === 'failed' && retryFrom) return;
        if (phase === 'failed') {
          throw invalidState(
            'The video failed before it had scenes; call POST /videos/{id}/regenerate first',
          );
        }
        if (phase === 'completed') throw invalidState('The video is already completed');
        throw invalidState('The video is being processed and cannot be approved now');
      },
    },
  );

  setHandler(
    regenerateUpdate,
    ({ feedback: text }) =>
      exclusive(async () => {
        if (phase !== 'gate' && phase !== 'failed') throw invalidState('The video cannot be regenerated now');
        feedback = text;
        scriptVersion += 1;
        retryFrom = null;
        failedStage = null;
        scriptOutcomeRecorded = false;
        phase = 'scripting';
        // Answers once the new script's outcome (the gate, or a failure) is on record.
        await condition(() => scriptOutcomeRecorded);
        return { phase };
      }),
    {
      validator: (_input: { feedback: string }) => {
        if (phase === 'gate' || phase === 'failed') return;
        if (phase === 'completed') throw invalidState('A completed video cannot be regenerated');
        throw invalidState('The video is being processed and cannot be regenerated now');
      },
    },
  );

  setHandler(
    editScenesUpdate,
    (edit) =>
      exclusive(async () => {
        if (phase !== 'gate')
          throw invalidState('Scenes can only be changed while the video awaits approval');
        try {
          return await gate.applySceneEdit({ videoId, editId: uuid4(), edit });
        } catch (err) {
          throw asUpdateFailure(err);
        }
      }),
    {
      validator: (_edit: SceneEdit) => {
        if (phase !== 'gate') {
          throw invalidState(
            phase === 'completed' || phase === 'failed'
              ? `Scenes of a ${phase} video cannot be changed`
              : 'Scenes can only be changed while the video awaits approval',
          );
        }
      },
    },
  );

  setHandler(
    deleteUpdate,
    () =>
      exclusive(async () => {
        if (phase !== 'gate' && phase !== 'failed') throw invalidState('The video is being processed');
        const before = phase;
        phase = 'deleted';
        try {
          await gate.purgeVideo({ videoId });
        } catch (err) {
          phase = before;
          throw asUpdateFailure(err);
        }
        return { deleted: true as const };
      }),
    {
      validator: () => {
        if (phase !== 'gate' && phase !== 'failed' && phase !== 'completed') {
          throw invalidState('A video that is being processed cannot be deleted');
        }
        if (phase === 'completed') throw invalidState('The video is completed; delete it through the api');
      },
    },
  );

  // Handlers change `phase` between awaits; reading it through a function keeps TypeScript from narrowing it.
  const current = (): WorkflowPhase => phase;

  /*
   * Every phase has a case that awaits something or moves the phase on. An iteration that did
   * neither would spin inside one workflow task until the isolate timeout kills it (and, on
   * Node, the worker with it). `approving` is such a phase: an approval's update handler holds
   * it while it books the charges, also when the retry lands while fail() is still publishing.
   */
  for (;;) {
    const now = current();
    switch (now) {
      case 'scripting': {
        let scripted = false;
        try {
          await writeScript();
          scripted = true;
        } catch (err) {
          const reason = err instanceof StageFailure ? err.reason : failureFor('scripting', err);
          retryFrom = null;
          failedStage = reason.stage === 'approval' ? null : reason.stage;
          await db.clearScenes({ videoId, scriptVersion });
          await fail(reason, `script${scriptVersion}:failed`);
        }
        if (scripted) {
          setPhase('gate', 'pending', null);
          // An auto-approved video never waits at the gate: it keeps the slot it took when it was
          // created (a video awaiting approval holds none), so its approval cannot lose a race for one.
          if (!autoApprovePending) {
            await db.recordTransition({
              videoId,
              key: `script${scriptVersion}:awaiting_approval`,
              type: 'awaiting_approval',
              status: 'pending',
              stage: null,
              awaitingApproval: true,
              failureReason: null,
            });
          }
          scriptOutcomeRecorded = true;
        }
        break;
      }
      case 'gate':
        if (!autoApprovePending) {
          await condition(() => phase !== 'gate');
          break;
        }
        autoApprovePending = false;
        try {
          await exclusive(() => approve(false, db));
        } catch (err) {
          // The workflow must not end on an exception (the row would be left behind): a refusal
          // fails the video, which a later approve can retry.
          const failure = asUpdateFailure(err);
          retryFrom = 'visualising';
          await fail(
            {
              code:
                failure.type === UpdateErrorTypes.insufficientCredits
                  ? 'INSUFFICIENT_CREDITS'
                  : 'INTERNAL_ERROR',
              message: failure.message,
              stage: 'approval',
            },
            'auto-approve:failed',
          );
        }
        break;
      case 'approving':
        await condition(() => phase !== 'approving');
        break;
      case 'producing':
        await produce();
        break;
      case 'failed':
        await condition(() => phase !== 'failed');
        break;
      case 'completed':
      case 'deleted':
        await condition(() => allHandlersFinished());
        return { videoId, status: now };
      default: {
        const unhandled: never = now;
        throw new Error(`No step for phase ${String(unhandled)}`);
      }
    }
  }
}
