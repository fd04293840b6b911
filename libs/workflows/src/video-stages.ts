import { deprecatePatch, patched } from '@temporalio/workflow';
import { mapBounded } from './bounded-map';
import { type FailureReason, PRODUCTION_STAGES, type ProductionStage } from './video.contracts';
import { type Approver, db, gate, mediaQueue, script, timeline, webhooks } from './video-activity-proxies';
import { failureFor, isBusinessRefusal, StageFailure } from './video-failures';
import { chargeItems, eventKeys } from './video-keys';
import { produceOverlapped } from './video-production';
import {
  attempt,
  beginStage,
  IMAGE_CONCURRENCY,
  NARRATION_CONCURRENCY,
  SEGMENT_CONCURRENCY,
} from './video-stage-steps';
import type { VideoPipelineState } from './video-workflow-state';

/**
 * The video workflow's steps: each records its progress through keyed events, so replays and
 * retries append nothing twice. A `deprecatePatch(id)` stands where a past change's marker is
 * recorded, so runs that recorded it replay; docs/workflow-versions.md says when each goes.
 */

/** Scene images and narration, on the media queue. */
function sceneMedia(s: VideoPipelineState): ReturnType<typeof mediaQueue>['media'] {
  deprecatePatch('media-task-queue');
  return mediaQueue(s).media;
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
  if (patched('overlapped-production')) {
    const failure = await produceOverlapped(s, plan.sceneIds);
    if (failure) {
      await stopFailed(s, failure.stage, failure.reason, failure.compensations);
      return;
    }
    return complete(s);
  }
  for (const stage of PRODUCTION_STAGES.slice(PRODUCTION_STAGES.indexOf(s.resumeStage))) {
    await beginStage(s, stage, eventKeys.run.stageStarted(r, stage));
    const compensations: string[] = [];
    try {
      await runStage(s, stage, plan.sceneIds, compensations);
    } catch (err) {
      await stopFailed(s, stage, failureFor(stage, err), compensations);
      return;
    }
    await db.recordTransition({
      videoId,
      key: eventKeys.run.stageCompleted(r, stage),
      type: 'stage_completed',
      stage,
    });
  }
  await complete(s);
}

/** Refunds what the failure leaves unmade (paid once, before the video is marked failed), then fails the run at `stage`. */
async function stopFailed(
  s: VideoPipelineState,
  stage: ProductionStage,
  reason: FailureReason,
  compensations: string[],
): Promise<void> {
  const { videoId, run: r } = s;
  if (compensations.length > 0) {
    await db.refund({ videoId, run: r, items: compensations, reason: reason.message });
  }
  s.failedStage = stage;
  s.retryFrom = stage;
  await fail(s, reason, eventKeys.run.stageFailed(r, stage));
}

async function complete(s: VideoPipelineState): Promise<void> {
  const { videoId, run: r } = s;
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
