import type { ActivityOptions, RetryPolicy } from '@temporalio/common';
import { patched, proxyActivities, workflowInfo } from '@temporalio/workflow';
import { mediaFinishLaneTaskQueue, mediaFirstLaneTaskQueue, mediaTaskQueue } from './contracts';
import { type MediaWork, mediaPriority, onFirstLane } from './media-priority';
import {
  type BOOKKEEPING_ACTIVITIES,
  UpdateErrorTypes,
  type VideoActivities,
  type WebhookActivities,
} from './video.contracts';

/**
 * The video workflow's activities, grouped by timeout class. Each proxy is typed with only the
 * activities that may run under its timeouts, so calling a render through the script proxy
 * is a type error rather than a render cut off after two minutes.
 */

/** Attempts per AI/media activity before its stage fails (fail_attempts below this completes on its own). */
export const STAGE_MAX_ATTEMPTS = 3;
const stageRetry: RetryPolicy = {
  initialInterval: '1 second',
  backoffCoefficient: 2,
  maximumAttempts: STAGE_MAX_ATTEMPTS,
};
const NON_RETRYABLE = Object.values(UpdateErrorTypes);

type ApprovalActivities = Pick<VideoActivities, 'planProduction' | 'approveProduction'>;

/**
 * Writing and refining the script (an AI provider call). They heartbeat while they work, as
 * every activity that can run for long does: an attempt lost with its worker, or whose task went
 * with a Temporal restart, is noticed within the heartbeat timeout instead of being waited out for
 * the whole start-to-close timeout (docs/decisions/0034-the-slowest-video-of-a-crash-drill.md).
 */
export const scriptOptions: ActivityOptions = {
  startToCloseTimeout: '2 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
};
export const script = proxyActivities<Pick<VideoActivities, 'writeScript' | 'refineScript'>>(scriptOptions);

export const sceneMediaOptions = {
  startToCloseTimeout: '3 minutes',
  // They heartbeat while they work: a worker that dies is noticed within this, not after 3 minutes.
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
} as const;

/** The timeline and subtitles: quick, no provider call; heartbeats like every media step. */
export const timelineOptions: ActivityOptions = {
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
};
export const timeline = proxyActivities<Pick<VideoActivities, 'curate'>>(timelineOptions);

/** The media activities scene by scene: images and narration, then each scene's segment and the soundtrack. */
type SceneMediaActivities = Pick<VideoActivities, 'generateSceneImage' | 'narrateScene'>;
type SegmentActivities = Pick<VideoActivities, 'renderSegment' | 'mixSoundtrack'>;
type JoinActivities = Pick<VideoActivities, 'joinSegments'>;

export const segmentOptions: ActivityOptions = {
  startToCloseTimeout: '10 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
};
export const joinOptions: ActivityOptions = {
  startToCloseTimeout: '15 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { ...stageRetry, nonRetryableErrorTypes: NON_RETRYABLE },
};

/** The video whose media work is scheduled: where its pieces go in the queue, and news of each that finished. */
export interface MediaSource {
  mediaWork(): MediaWork;
  mediaPieceFinished(kind?: 'narration'): void;
}

/**
 * Media work on the media queue of the workflow's own queue (mediaTaskQueue), or its first lane
 * (mediaFirstLaneTaskQueue) for a draft or an account's only video, which media workers poll
 * (WORKER_ROLES): scene images, narration and render segments; the soundtrack and the join on
 * its finishing lane (mediaFinishLaneTaskQueue), whatever the video. Built
 * when called, because only a running workflow knows its queue. Each piece carries its priority
 * and the account's fairness key (mediaPriority), read when the piece is scheduled, so Temporal
 * decides which piece a free worker takes (docs/decisions/0062-scheduling-by-temporal.md).
 */
export function mediaQueue(video: MediaSource) {
  const queue = workflowInfo().taskQueue;
  const piece = <A>(options: ActivityOptions, finishing?: 'soundtrack' | 'join') => {
    const work = { ...video.mediaWork(), join: finishing === 'join' };
    // The soundtrack and the join on the finishing lane (docs/decisions/0090-the-media-finishing-lane.md),
    // the rest of an only video on the first lane (docs/decisions/0084-the-media-first-lane.md): a
    // run that scheduled its pieces before a lane existed keeps them where they went.
    const taskQueue =
      finishing && patched('media-finish-lane')
        ? mediaFinishLaneTaskQueue(queue)
        : onFirstLane(work) && patched('media-first-lane')
          ? mediaFirstLaneTaskQueue(queue)
          : mediaTaskQueue(queue);
    return proxyActivities<A>({ ...options, taskQueue, priority: mediaPriority(work) });
  };
  const finished = async <T>(result: Promise<T>, kind?: 'narration'): Promise<T> => {
    const value = await result;
    video.mediaPieceFinished(kind);
    return value;
  };
  const media: SceneMediaActivities = {
    generateSceneImage: (input) =>
      finished(piece<SceneMediaActivities>(sceneMediaOptions).generateSceneImage(input)),
    narrateScene: (input) =>
      finished(piece<SceneMediaActivities>(sceneMediaOptions).narrateScene(input), 'narration'),
  };
  const segments: SegmentActivities = {
    renderSegment: (input) => finished(piece<SegmentActivities>(segmentOptions).renderSegment(input)),
    mixSoundtrack: (input) =>
      finished(piece<SegmentActivities>(segmentOptions, 'soundtrack').mixSoundtrack(input)),
  };
  const join: JoinActivities = {
    joinSegments: (input) => finished(piece<JoinActivities>(joinOptions, 'join').joinSegments(input)),
  };
  return { media, segments, join };
}

/**
 * Bookkeeping against PostgreSQL: retried until the database answers, except for business
 * refusals. The worker heartbeats for these (BOOKKEEPING_ACTIVITIES; apps/worker's
 * bookkeeping-heartbeat.interceptor.ts), so an attempt lost with its worker, or whose task went with a Temporal
 * restart, is noticed within 5 s instead of being waited out for the 30 s start-to-close, which
 * stays for a database that answers slowly (docs/decisions/0034-the-slowest-video-of-a-crash-drill.md).
 */
export const dbOptions: ActivityOptions = {
  startToCloseTimeout: '30 seconds',
  heartbeatTimeout: '5 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    maximumInterval: '10 seconds',
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
};
export const db = proxyActivities<Pick<VideoActivities, (typeof BOOKKEEPING_ACTIVITIES)[number]>>(dbOptions);

/**
 * Bookkeeping inside update handlers: a client is waiting on the HTTP call, so attempts are
 * bounded (about 15 s) and a persistent failure fails the update instead of hanging it.
 */
export const gate = proxyActivities<
  ApprovalActivities &
    Pick<VideoActivities, 'applySceneEdit' | 'purgeVideo' | 'beginRegeneration' | 'chargeGateStep'>
>({
  startToCloseTimeout: '10 seconds',
  retry: {
    initialInterval: '200 milliseconds',
    maximumInterval: '5 seconds',
    maximumAttempts: 6,
    nonRetryableErrorTypes: NON_RETRYABLE,
  },
});

/** What an approval runs through: the gate's bounded proxy, or `db` for the auto-approving gate. */
export type Approver = ApprovalActivities;

/**
 * Publishing makes each delivery's first attempt (WEBHOOK_TIMEOUT_SECONDS, at most 120 s) and
 * heartbeats meanwhile, so a publish lost with its worker is noticed within the heartbeat timeout.
 */
export const webhooks = proxyActivities<WebhookActivities>({
  startToCloseTimeout: '3 minutes',
  heartbeatTimeout: '10 seconds',
  retry: { initialInterval: '1 second', maximumInterval: '30 seconds' },
});
