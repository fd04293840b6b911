import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** Workflows and bookkeeping activities (ledger, events, webhooks); a deployment may run several worker processes on it. */
export const DEFAULT_TASK_QUEUE = 'vidgen';

/**
 * The queue of media work (images, narration, render segments, the join) that belongs with a
 * main queue: `vidgen-media` for the default, `<queue>-media` for any other, so stacks that share
 * one Temporal server on queues of their own keep their media work apart too.
 */
export function mediaTaskQueue(taskQueue: string): string {
  return `${taskQueue}-media`;
}

/**
 * The media queue's first lane (`<queue>-media-first`): the media work that goes ahead of all
 * other (onFirstLane in media-priority.ts). Every media worker polls both; a piece on this lane
 * never waits for a slot the other lane's pieces hold, and while it runs the other lane takes
 * less (apps/worker's media-lanes.ts; docs/decisions/0084-the-media-first-lane.md).
 */
export function mediaFirstLaneTaskQueue(taskQueue: string): string {
  return `${mediaTaskQueue(taskQueue)}-first`;
}

/**
 * The media queue's finishing lane (`<queue>-media-finish`): a video's soundtrack and its join,
 * its last pieces, which take a core at most. Every media worker polls it with a slot of its own,
 * so the soundtrack starts the moment the last narration lands instead of waiting for a segment to
 * end, and renders beside the last segments instead of after them (apps/worker's media-lanes.ts;
 * docs/decisions/0090-the-media-finishing-lane.md).
 */
export function mediaFinishLaneTaskQueue(taskQueue: string): string {
  return `${mediaTaskQueue(taskQueue)}-finish`;
}

/**
 * The finishing lane's slots in each media worker process, beside the slots the other lanes
 * share. A soundtrack is ffmpeg runs of audio filters and AAC encoders, and a join copies streams:
 * each waited for a slot at the end of a video while a core was idle, and then ran alone
 * (docs/decisions/0090-the-media-finishing-lane.md).
 */
export const FINISH_LANE_SLOTS = 1;

/** Whether a task queue is a media queue or one of its lanes (of any main queue). */
export function isMediaTaskQueue(name: string): boolean {
  return [mediaTaskQueue(''), mediaFirstLaneTaskQueue(''), mediaFinishLaneTaskQueue('')].some((q) =>
    name.endsWith(q),
  );
}

/** What a worker process polls (WORKER_ROLES): the main queue, the media queue, or both. */
export const WORKER_ROLES = ['control', 'media'] as const;
export type WorkerRole = (typeof WORKER_ROLES)[number];

/**
 * Custom search attributes; temporal/dev-server.json registers the same names on the dev server,
 * docker-compose.yml on the Temporal server.
 */
export const SearchAttributes = {
  status: defineSearchAttributeKey('VidgenStatus', SearchAttributeType.KEYWORD),
  accountId: defineSearchAttributeKey('VidgenAccountId', SearchAttributeType.KEYWORD),
  stage: defineSearchAttributeKey('VidgenStage', SearchAttributeType.KEYWORD),
  /** `failure_reason.code` while the video is failed; absent otherwise. */
  failureCode: defineSearchAttributeKey('VidgenFailureCode', SearchAttributeType.KEYWORD),
} as const;

export const workflowIds = {
  video: (videoId: string) => `video-${videoId}`,
  webhookDelivery: (deliveryId: string) => `webhook-delivery-${deliveryId}`,
};
