import { ActivityFailure, ApplicationFailure, TimeoutFailure, TimeoutType } from '@temporalio/common';
import {
  ActivityFailureTypes,
  type FailureReason,
  type Stage,
  UpdateErrorTypes,
  WORKER_LOST_FAILURE_TYPE,
} from './video.contracts';

/**
 * How the video workflow turns errors into what clients see: a stage's failure into the
 * video's `failure_reason`, and an update handler's error into the failure the api maps to
 * its error body. Pure functions over Temporal's failure classes, so they are unit-tested
 * outside a workflow.
 */

/** A stage that failed for a reason already decided (e.g. which scenes' images failed). */
export class StageFailure extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason.message);
  }
}

const TIMEOUT_TYPES: readonly string[] = [
  ActivityFailureTypes.providerTimeout,
  ActivityFailureTypes.renderTimeout,
];

/** True when the error, or anything in its cause chain, is a timeout (Temporal's or a provider's). */
export function isTimeout(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e instanceof TimeoutFailure) return true;
    if (e instanceof ApplicationFailure && e.type && TIMEOUT_TYPES.includes(e.type)) return true;
  }
  return false;
}

/**
 * True when an activity's last attempt was lost with its worker (no heartbeat within the
 * heartbeat timeout, or failed by another worker once the lease of the worker holding it went
 * stale): nothing about the work itself failed, so it is worth running again.
 */
export function isWorkerLoss(err: unknown): boolean {
  return (
    err instanceof ActivityFailure &&
    ((err.cause instanceof TimeoutFailure && err.cause.timeoutType === TimeoutType.HEARTBEAT) ||
      // Failed for it by a worker that judged its holder's attempts file stale by the file's lease
      // (apps/worker's worker-attempts.ts, docs/decisions/0048-worker-instance-leases.md).
      (err.cause instanceof ApplicationFailure && err.cause.type === WORKER_LOST_FAILURE_TYPE))
  );
}

/**
 * True when an activity's last attempt failed because PostgreSQL could not be reached (the db
 * library's DatabaseUnavailableError: a frozen, restarting or unreachable server): the work
 * itself did not fail, so, like a lost worker, it is worth running again rather than failing the
 * video's images or narration for an outage of the database.
 */
export function isDatabaseOutage(err: unknown): boolean {
  return (
    err instanceof ActivityFailure &&
    err.cause instanceof ApplicationFailure &&
    err.cause.type === 'DatabaseUnavailableError'
  );
}

/** The innermost non-empty message of the cause chain: what actually went wrong. */
export function rootMessage(err: unknown): string {
  let msg = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) msg = e.message || msg;
  return msg;
}

/** The failure_reason of a video whose `stage` failed with `err` (codes: docs/lifecycle.md). */
export function failureFor(stage: Stage, err: unknown): FailureReason {
  if (err instanceof StageFailure) return err.reason;
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
export function asUpdateFailure(err: unknown): ApplicationFailure {
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

/**
 * True when an activity refused for a business reason (credits, slots, state): a decision the
 * activity made, not a failure to reach the database, so nothing of it was committed.
 */
export function isBusinessRefusal(err: unknown): boolean {
  const cause = err instanceof ActivityFailure ? err.cause : err;
  return cause instanceof ApplicationFailure && BUSINESS_TYPES.includes(cause.type ?? '');
}
const BUSINESS_TYPES: readonly string[] = Object.values(UpdateErrorTypes);

export function invalidState(message: string): ApplicationFailure {
  return ApplicationFailure.create({ type: UpdateErrorTypes.invalidState, message, nonRetryable: true });
}

/** The failure of an auto-approval that the gate refused (the video fails; a later approve retries it). */
export function autoApprovalFailure(err: unknown): FailureReason {
  const failure = asUpdateFailure(err);
  return {
    code: failure.type === UpdateErrorTypes.insufficientCredits ? 'INSUFFICIENT_CREDITS' : 'INTERNAL_ERROR',
    message: failure.message,
    stage: 'approval',
  };
}
