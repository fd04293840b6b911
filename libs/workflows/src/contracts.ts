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

/** Whether a task queue is a media queue or its first lane (of any main queue). */
export function isMediaTaskQueue(name: string): boolean {
  return name.endsWith(mediaTaskQueue('')) || name.endsWith(mediaFirstLaneTaskQueue(''));
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
