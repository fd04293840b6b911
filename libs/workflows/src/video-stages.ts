import { deprecatePatch } from '@temporalio/workflow';
import { mapBounded } from './bounded-map';
import { type FailureReason, PRODUCTION_STAGES, type ProductionStage, type Stage } from './video.contracts';
import {
  type Approver,
  db,
  gate,
  mediaQueue,
  STAGE_MAX_ATTEMPTS,
  script,
  timeline,
  webhooks,
} from './video-activity-proxies';
import {
  failureFor,
  isBusinessRefusal,
  isDatabaseOutage,
  isWorkerLoss,
  StageFailure,
} from './video-failures';
import { chargeItems, eventKeys } from './video-keys';
import type { VideoPipelineState } from './video-workflow-state';

/**
 * The video workflow's steps: each records its progress through keyed events, so replays and
 * retries append nothing twice. A `deprecatePatch(id)` stands where a past change's marker is
 * recorded, so runs that recorded it replay; docs/workflow-versions.md says when each goes.
 */

const IMAGE_CONCURRENCY = 4;
const NARRATION_CONCURRENCY = 2;
/** Segments of one video rendering at once, across however many media workers poll. */
const SEGMENT_CONCURRENCY = 4;

/** Scene images and narration, on the media queue. */
function sceneMedia(s: VideoPipelineState): ReturnType<typeof mediaQueue>['media'] {
  deprecatePatch('media-task-queue');
  return mediaQueue(s).media;
}

async function beginStage(s: VideoPipelineState, stage: Stage, key: string): Promise<void> {
  s.stageStarted(stage);
  s.setPhase(s.phase, stage, stage);
  await db.recordTransition({
    videoId: s.videoId,
    key,
    type: 'stage_started',
    status: stage,
    stage,
    awaitingApproval: false,
  });
}

/** How often a stage activity is dispatched again after its worker was lost (see attempt()). */
const MAX_WORKER_LOSSES = 5;

/**
 * Runs a stage activity; when it finally fails, its attempts count towards fail_attempts. An
 * activity whose last attempt died with its worker (a heartbeat timeout) or could not reach
 * PostgreSQL has not failed: it is dispatched again, a few times, so killed workers and database
 * restarts cost time but never fail a video on their own.
 */
async function attempt<T>(s: VideoPipelineState, stage: Stage, fn: () => Promise<T>): Promise<T> {
  for (let lost = 0; ; lost++) {
    try {
      return await fn();
    } catch (err) {
      if (lost < MAX_WORKER_LOSSES && isWorkerLoss(err)) {
        deprecatePatch('redispatch-after-worker-loss');
        continue;
      }
      if (lost < MAX_WORKER_LOSSES && isDatabaseOutage(err)) {
        deprecatePatch('redispatch-after-database-outage');
        continue;
      }
      s.attemptsFailed(stage, STAGE_MAX_ATTEMPTS);
      throw err;
    }
  }
}

/**
 * Marks the video failed and tells its webhooks. `scriptVersion`: the script whose outcome
 * this failure is (a regenerate waiting for it answers once the row is written).
 */
export async function fail(
  s: VideoPipelineState,
  reason: FailureReason,
  key: string,
  scriptVersion?: number,
): Promise<void> {
  const stage = reason.stage === 'approval' ? null : reason.stage;
  s.setPhase('failed', 'failed', stage);
  deprecatePatch('failure-code-search-attribute');
  s.markFailureCode(reason.code);
  await db.recordTransition({
    videoId: s.videoId,
    key,
    type: 'failed',
    status: 'failed',
    stage,
    awaitingApproval: false,
    failureReason: reason,
  });
  if (scriptVersion !== undefined) s.scriptOutcomeVersion = scriptVersion;
  await webhooks.publishVideoEvent({ videoId: s.videoId, event: 'video.failed', occurrenceKey: key });
}

/** Scripting then refining; throws StageFailure with the reason when either fails. */
export async function writeScript(s: VideoPipelineState): Promise<void> {
  const { videoId } = s;
  const v = s.scriptVersion;
  await beginStage(s, 'scripting', eventKeys.script.stageStarted(v, 'scripting'));
  let drafts: { visual_description: string; narration: string }[];
  try {
    // Reads the scenes it replaces (a regenerate asks for another take), so they are cleared after.
    drafts = await attempt(s, 'scripting', () =>
      script.writeScript({
        videoId,
        scriptVersion: v,
        feedback: s.feedback,
        fault: s.activeFault('scripting'),
      }),
    );
  } catch (err) {
    throw new StageFailure(failureFor('scripting', err));
  }
  if (v > 1) await db.clearScenes({ videoId, scriptVersion: v });
  await beginStage(s, 'refining', eventKeys.script.stageStarted(v, 'refining'));
  try {
    await attempt(s, 'refining', () =>
      script.refineScript({ videoId, scriptVersion: v, drafts, fault: s.activeFault('refining') }),
    );
  } catch (err) {
    throw new StageFailure(failureFor('refining', err));
  }
}

/** Runs one production stage; compensations collects the ledger items to refund if it fails. */
async function runStage(
  s: VideoPipelineState,
  stage: ProductionStage,
  sceneIds: readonly string[],
  compensations: string[],
): Promise<void> {
  const { videoId, run: r } = s;
  switch (stage) {
    case 'visualising': {
      const failed: number[] = [];
      const images = sceneMedia(s);
      await mapBounded(sceneIds, IMAGE_CONCURRENCY, async (sceneId) => {
        try {
          await attempt(s, 'visualising', () =>
            images.generateSceneImage({ videoId, sceneId, run: r, fault: s.activeFault('visualising') }),
          );
        } catch {
          failed.push(sceneIds.indexOf(sceneId) + 1);
          compensations.push(chargeItems.image(sceneId));
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
      return;
    }
    case 'narrating': {
      const voices = sceneMedia(s);
      try {
        await mapBounded(sceneIds, NARRATION_CONCURRENCY, (sceneId) =>
          attempt(s, 'narrating', () =>
            voices.narrateScene({ videoId, sceneId, run: r, fault: s.activeFault('narrating') }),
          ),
        );
      } catch (err) {
        compensations.push(chargeItems.narration);
        throw err;
      }
      return;
    }
    case 'curating':
      await attempt(s, 'curating', () =>
        timeline.curate({ videoId, run: r, fault: s.activeFault('curating') }),
      );
      return;
    case 'rendering': {
      deprecatePatch('render-segments');
      // Each scene's segment on whichever media worker takes it, then one join. Injected faults
      // act in the join, so a rendering fault fails (or delays) the stage once, not once per scene.
      const q = mediaQueue(s);
      await mapBounded(sceneIds, SEGMENT_CONCURRENCY, (sceneId) =>
        attempt(s, 'rendering', () => q.segments.renderSegment({ videoId, sceneId, run: r })),
      );
      await attempt(s, 'rendering', () =>
        q.join.joinSegments({ videoId, run: r, fault: s.activeFault('rendering') }),
      );
      return;
    }
  }
}

/** Production from resumeStage on. Refunds are collected per failure and paid once, before the video is marked failed. */
export async function produce(s: VideoPipelineState): Promise<void> {
  const { videoId, run: r } = s;
  const plan = await db.planProduction({ videoId, run: r });
  for (const stage of PRODUCTION_STAGES.slice(PRODUCTION_STAGES.indexOf(s.resumeStage))) {
    await beginStage(s, stage, eventKeys.run.stageStarted(r, stage));
    const compensations: string[] = [];
    try {
      await runStage(s, stage, plan.sceneIds, compensations);
    } catch (err) {
      const reason = failureFor(stage, err);
      if (compensations.length > 0) {
        await db.refund({ videoId, run: r, items: compensations, reason: reason.message });
      }
      s.failedStage = stage;
      s.retryFrom = stage;
      await fail(s, reason, eventKeys.run.stageFailed(r, stage));
      return;
    }
    await db.recordTransition({
      videoId,
      key: eventKeys.run.stageCompleted(r, stage),
      type: 'stage_completed',
      stage,
    });
  }
  s.setPhase('completed', 'completed', null);
  await db.recordTransition({
    videoId,
    key: eventKeys.run.completed(r),
    type: 'completed',
    status: 'completed',
    stage: null,
    awaitingApproval: false,
  });
  await webhooks.publishVideoEvent({
    videoId,
    event: 'video.completed',
    occurrenceKey: eventKeys.run.completed(r),
  });
}

/**
 * Charges the next run and moves the video into production. `acts`: bounded retries when a
 * client waits on an update, unbounded for the auto-approving gate.
 */
export async function approve(s: VideoPipelineState, isRetry: boolean, acts: Approver = gate): Promise<void> {
  const { videoId } = s;
  const next = s.run + 1;
  const plan = await acts.planProduction({ videoId, run: next });
  let from: ProductionStage = isRetry ? s.retryFrom! : 'visualising';
  // A retry resumes at the earliest stage whose outputs are missing, not only at the one that
  // failed: a stage cannot run on inputs that are gone (and would charge for an image it never makes).
  if (isRetry && plan.missingFrom) {
    deprecatePatch('retry-from-missing-outputs');
    from = earlier(from, plan.missingFrom);
  }
  await decidedOnce(
    s,
    () => acts.approveProduction({ videoId, run: next, charges: plan.charges, resumeStage: from, isRetry }),
    eventKeys.run.approved(next),
    eventKeys.run.approvalAbandoned(next),
    () => {
      s.run = next; // spent: the next approval books another run
    },
  );
  s.run = next;
  s.resumeStage = from;
  s.failedStage = null;
  s.setPhase('producing', from, from);
}

function earlier(a: ProductionStage, b: ProductionStage): ProductionStage {
  return PRODUCTION_STAGES.indexOf(a) <= PRODUCTION_STAGES.indexOf(b) ? a : b;
}

/**
 * Runs a gate step whose commit the database decides. A business refusal is final. Any other
 * failure leaves the outcome unknown (the transaction may have committed before the answer was
 * lost), so it is settled once against the database and the workflow follows what it says:
 * done → carry on as if the step had answered; not done → `onAbandoned`, then fail as before.
 */
export async function decidedOnce(
  s: VideoPipelineState,
  step: () => Promise<void>,
  doneKey: string,
  abandonedKey: string,
  onAbandoned: () => void,
): Promise<void> {
  try {
    await step();
  } catch (err) {
    if (isBusinessRefusal(err)) throw err;
    deprecatePatch('gate-steps-decided-once');
    const { done } = await db.settleOutcome({ videoId: s.videoId, doneKey, abandonedKey });
    if (done) return;
    onAbandoned();
    throw err;
  }
}
