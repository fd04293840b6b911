import type { Priority } from '@temporalio/common';

/**
 * The order media work is taken from the media queue in, decided by Temporal's task-queue
 * priority and fairness (docs/decisions/0062-scheduling-by-temporal.md): a lower priority key goes
 * first, and within one key the account's fairness key shares the workers out evenly between
 * accounts, so an account with many videos does not starve one with few.
 *
 * Priority keys by kind of work: a draft (a preview someone waits for at the gate) first, then
 * single videos, then batch rows, which yield to single videos. The server's default range is
 * 1–5 (`matching.priorityLevels`); the keys stay inside it.
 */
export const MEDIA_PRIORITY = {
  draft: 1,
  video: 3,
  batchRow: 5,
} as const;

export type MediaKind = keyof typeof MEDIA_PRIORITY;

/** What decides where one piece of media work goes in the queue. */
export interface MediaWork {
  kind: MediaKind;
  accountId: string;
  /** A piece of this run's media work has finished: the video is under way. */
  begun: boolean;
}

/**
 * A video under way goes one key ahead of its kind's videos that have not begun (a draft is
 * first already), so the workers finish what they started instead of advancing every video in
 * lockstep: new videos start as the ones under way leave gaps. The account is the fairness key.
 */
export function mediaPriority(work: MediaWork): Priority {
  const key = MEDIA_PRIORITY[work.kind];
  return {
    priorityKey: work.begun && key > MEDIA_PRIORITY.draft ? key - 1 : key,
    fairnessKey: work.accountId,
  };
}
