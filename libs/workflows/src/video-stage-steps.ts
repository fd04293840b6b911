import { deprecatePatch } from '@temporalio/workflow';
import type { Stage } from './video.contracts';
import { db, STAGE_MAX_ATTEMPTS } from './video-activity-proxies';
import { isDatabaseOutage, isWorkerLoss } from './video-failures';
import type { VideoPipelineState } from './video-workflow-state';

// The steps every production path takes: a stage's start, recorded, and an activity's attempts.

export const IMAGE_CONCURRENCY = 4;
export const NARRATION_CONCURRENCY = 2;
/** Segments of one video rendering at once, across however many media workers poll. */
export const SEGMENT_CONCURRENCY = 4;

export async function beginStage(s: VideoPipelineState, stage: Stage, key: string): Promise<void> {
  s.stageStarted(stage);
  await recordStageStart(s, stage, key);
}

/** The stage's start as the video shows it, without counting a run of it (see VideoPipelineState.stageStarted). */
export async function recordStageStart(s: VideoPipelineState, stage: Stage, key: string): Promise<void> {
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
export async function attempt<T>(s: VideoPipelineState, stage: Stage, fn: () => Promise<T>): Promise<T> {
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
