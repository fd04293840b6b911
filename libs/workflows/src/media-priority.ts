import type { Priority } from '@temporalio/common';

/**
 * The order media work is taken from the media queue in, decided by Temporal's task-queue
 * priority and fairness (docs/decisions/0062-scheduling-by-temporal.md,
 * docs/decisions/0072-media-order-by-rank-in-account.md,
 * docs/decisions/0075-media-rank-by-account-load.md): a lower priority key goes first, and
 * within one key the account's fairness key shares the workers out evenly between accounts, so
 * an account with many videos does not starve one with few.
 *
 * Priority keys by kind of work: a draft (a preview someone waits for at the gate) first, then
 * single videos, then batch rows, which yield to single videos. Within a kind, a video's rank (its
 * account's other videos under way plus those of them created before it, when its run was
 * planned; ranks from MEDIA_RANKS - 1 share keys), and within a rank a video whose narration is
 * all made ahead of one with half of it made, that one ahead of one under way, and one under way
 * ahead of one that has not begun (docs/decisions/0085-fair-within-a-rank.md,
 * docs/decisions/0092-half-narrated-ahead.md).
 */
export const MEDIA_RANKS = 5;
/** Keys of one rank: narrated, half narrated, under way, not begun. */
const STAGES = 4;
/** Keys of one kind. */
const KIND_SPAN = STAGES * MEDIA_RANKS;
export const MEDIA_PRIORITY = {
  draft: 1,
  video: 2,
  batchRow: 2 + KIND_SPAN,
} as const;
/**
 * The last key used: the servers' `matching.priorityLevels` (temporal/dev-server.json,
 * temporal/dynamicconfig/vidgen.yaml) is this, instead of the default 5.
 */
export const MEDIA_PRIORITY_LEVELS = MEDIA_PRIORITY.batchRow + KIND_SPAN - 1;

export type MediaKind = keyof typeof MEDIA_PRIORITY;

/** What decides where one piece of media work goes in the queue. */
export interface MediaWork {
  kind: MediaKind;
  accountId: string;
  /** A piece of this run's media work has finished: the video is under way. */
  begun: boolean;
  /**
   * How many of this run's media pieces have finished (none counts as 0): among the videos of
   * one key, the one further along takes more of the workers (its fairness weight).
   */
  done?: number;
  /** Every scene of this run is narrated: what is left is its segments, soundtrack and join. */
  narrated?: boolean;
  /**
   * At least half the scenes of this run are narrated (the narrations are the chain a video's
   * other pieces wait on): its pieces go ahead of those of videos of its rank less far along.
   */
  halfNarrated?: boolean;
  /**
   * The piece is a join, the last of a video: it goes first on its lane, whatever its video
   * (docs/decisions/0090-the-media-finishing-lane.md).
   */
  join?: boolean;
  /**
   * The account's other videos under way when this run was planned, plus those of them created
   * before it (0: the account's only video; an account's three under way rank 2, 3 and 4). Kept
   * as it was at planning: a video that finishes does not move it up.
   */
  rank: number;
}

/**
 * A video of an account with fewer videos under way goes first, and within an account the older
 * first (ranks from MEDIA_RANKS - 1 together); within a rank a video under way goes ahead of one
 * that has not begun, so the workers finish what they started instead of advancing every video
 * in lockstep. A draft is first whatever its rank, and so is any video's join. The account is the
 * fairness key, weighted by how far its video is (progressWeight).
 */
export function mediaPriority(work: MediaWork): Priority {
  const base = MEDIA_PRIORITY[work.kind];
  const fairness = { fairnessKey: work.accountId, ...progressWeight(work.done) };
  // A join only copies streams (a draft's mixes its sound too): done, it completes a video, so
  // it never waits behind another video's soundtrack on the finishing lane.
  if (work.kind === 'draft' || work.join) return { priorityKey: MEDIA_PRIORITY.draft, ...fairness };
  const rank = Math.min(Math.max(0, Math.floor(work.rank)), MEDIA_RANKS - 1);
  return { priorityKey: base + STAGES * rank + stage(work), ...fairness };
}

/** The piece's key within its rank: 0 narrated, 1 half narrated, 2 under way, 3 not begun. */
function stage(work: MediaWork): number {
  if (work.narrated) return 0;
  if (!work.begun) return STAGES - 1;
  return work.halfNarrated ? 1 : 2;
}

/**
 * The fairness weight of a piece whose video has finished `done` pieces of its run: 1 + done
 * (none: Temporal's default of 1). Temporal's fairness gives each key of one priority a share of
 * the workers by its pieces' weights, so of accounts whose videos share a key, the one whose video
 * is further along is served more and finishes first, instead of every account's video advancing
 * in lockstep and all finishing together; none is starved (docs/decisions/0085-fair-within-a-rank.md).
 */
export function progressWeight(done = 0): { fairnessWeight?: number } {
  const n = Math.max(0, Math.floor(done));
  return n > 0 ? { fairnessWeight: 1 + n } : {};
}

/**
 * Whether the piece goes on the media queue's first lane (mediaFirstLaneTaskQueue): a draft, and
 * an account's only video under way (rank 0). Priority decides which waiting piece a free slot
 * takes but cannot free a slot; on its own lane such a piece starts at once beside the pieces
 * already running, which then yield the cores to it (mediaCpuYield) and start no more while it
 * runs (docs/decisions/0084-the-media-first-lane.md). Batch rows never do.
 */
export function onFirstLane(work: MediaWork): boolean {
  if (work.kind === 'draft') return true;
  return work.kind === 'video' && Math.floor(work.rank) <= 0;
}

/**
 * How much more a media piece's processes yield the CPU than their work's own niceness (0–9), by
 * its priority key: the queue's priority decides what starts, not what runs, so a piece already
 * running beside a more urgent one gives it the cores in the same order. 0 for drafts and rank 0
 * (an account's only video, whatever its stage), one more per key after that, up to 9 (a single
 * video's rank 3 on, and batch rows).
 */
export function mediaCpuYield(priorityKey: number | undefined): number {
  if (!priorityKey) return 0;
  return Math.min(9, Math.max(0, priorityKey - MEDIA_PRIORITY.video - (STAGES - 1)));
}
