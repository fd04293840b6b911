// The order media work runs in inside one worker process: MediaOrder, the process-local queue,
// and inMediaOrder, the media activities waiting their turn in it. How many media tasks a worker
// takes from Temporal to fill it is apps/worker's media-task-slots.ts.
// docs/decisions/0025-fairness-of-media-work.md.
import { Context } from '@temporalio/activity';
import { startHeartbeat } from '@vidgen/activity-kit';
import { toIsoZ } from '@vidgen/core';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';

/** One piece of media work (an image, a narration, a segment, a join) and the video it is for. */
export interface MediaWork {
  videoId: string;
  accountId: string;
  /** When the video's current run was approved (ms since the epoch): earlier goes first. */
  approvedAt: number;
  /** How long it may wait before it goes first whatever the order (well inside its timeout). */
  maxWaitMs: number;
}

interface Waiter {
  work: MediaWork;
  seq: number;
  since: number;
  start: () => void;
}

interface VideoInFlight {
  accountId: string;
  approvedAt: number;
  /** Its pieces of work in this process, waiting or running. */
  pieces: number;
}

/**
 * The media work of one worker process, run `slots` pieces at a time in approval order.
 *
 * Temporal hands a media worker tasks in the order they were scheduled, and every video
 * schedules its next piece when the last one ends, so with a plain FIFO all videos submitted
 * together advance in lockstep and finish together. The worker takes many more tasks than it
 * runs (its activity slots) and runs them from here in this order instead:
 *   1. work that has waited `maxWaitMs` (oldest first), so nothing waits into its timeout;
 *   2. the video's rank among its account's videos in flight here (an account's first video
 *      before anyone's second), so an account with many videos does not starve one with few;
 *   3. the video's approval time, then arrival.
 * The order is process-local: each media worker orders what it holds.
 */
export class MediaOrder {
  private running = 0;
  private seq = 0;
  private readonly waiting: Waiter[] = [];
  private readonly videos = new Map<string, VideoInFlight>();
  private stopping = false;
  private meanRunMs: number;

  /** `typicalRunMs`: what a piece is assumed to take until pieces have been timed. */
  constructor(
    readonly slots: number,
    private readonly now: () => number = Date.now,
    typicalRunMs = 5000,
  ) {
    this.meanRunMs = typicalRunMs;
    if (!Number.isInteger(slots) || slots < 1)
      throw new Error(`media slots must be a positive integer, got ${slots}`);
  }

  /**
   * The process is stopping: pieces that have not started never will. Their activities stop
   * heartbeating (see inMediaOrder), so Temporal hands them to another worker after the heartbeat
   * timeout, which the workflow counts as a lost worker, not a failed attempt; pieces running
   * finish within the worker's grace period as before.
   */
  drain(): void {
    this.stopping = true;
  }

  get draining(): boolean {
    return this.stopping;
  }

  /** How long a piece has taken to run lately (a moving average): slower on a loaded machine. */
  get averageRunMs(): number {
    return this.meanRunMs;
  }

  /** Pieces running now and waiting for a slot. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `fn` once a slot is free and it is this work's turn. `signal`: the activity's
   * cancellation; aborted while waiting, it leaves the queue and rejects with the reason.
   */
  async run<T>(work: MediaWork, fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    this.enter(work);
    try {
      await this.acquire(work, signal);
      const started = this.now();
      try {
        return await fn();
      } finally {
        this.meanRunMs += 0.2 * (this.now() - started - this.meanRunMs);
        this.running--;
        this.dispatch();
      }
    } finally {
      this.leave(work.videoId);
    }
  }

  private acquire(work: MediaWork, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.slots && this.waiting.length === 0 && !this.stopping) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        work,
        seq: this.seq++,
        since: this.now(),
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(waiter);
    });
  }

  private dispatch(): void {
    while (this.running < this.slots && this.waiting.length > 0 && !this.stopping) {
      const next = this.pickNext();
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.running++;
      next.start();
    }
  }

  private pickNext(): Waiter {
    const now = this.now();
    let best: Waiter | undefined;
    let bestKey: number[] = [];
    for (const w of this.waiting) {
      const overdue = now - w.since >= w.work.maxWaitMs;
      const key = overdue ? [0, w.seq] : [1, this.rank(w.work.videoId), w.work.approvedAt, w.seq];
      if (!best || lexLess(key, bestKey)) {
        best = w;
        bestKey = key;
      }
    }
    return best!;
  }

  /** How many of the account's videos in flight here were approved before this one. */
  private rank(videoId: string): number {
    const me = this.videos.get(videoId)!;
    let rank = 0;
    for (const [id, v] of this.videos) {
      if (id === videoId || v.accountId !== me.accountId) continue;
      if (v.approvedAt < me.approvedAt || (v.approvedAt === me.approvedAt && id < videoId)) rank++;
    }
    return rank;
  }

  private enter(work: MediaWork): void {
    const v = this.videos.get(work.videoId);
    if (v) v.pieces++;
    else this.videos.set(work.videoId, { accountId: work.accountId, approvedAt: work.approvedAt, pieces: 1 });
  }

  private leave(videoId: string): void {
    const v = this.videos.get(videoId);
    if (v && --v.pieces === 0) this.videos.delete(videoId);
  }
}

function lexLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return a.length < b.length;
}

type MediaActivityName = 'generateSceneImage' | 'narrateScene' | 'renderSegment' | 'joinSegments';
export type MediaActivities = Pick<VideoActivities, MediaActivityName>;

/** Work waits at most this share of its start-to-close timeout before it goes first. */
const MAX_WAIT_SHARE = 0.25;
const FALLBACK_MAX_WAIT_MS = 45_000;
const CACHED_RUNS = 1000;

/**
 * The media activities, each waiting for its turn in `order` before it runs (see MediaOrder),
 * heartbeating while it waits so the heartbeat timeout still only catches a dead worker.
 * Waiting changes nothing the workflow sees: the same activities, inputs and results.
 */
export function inMediaOrder(
  order: MediaOrder,
  videos: Pick<VideoRepository, 'findForWorkflow' | 'events'>,
  activities: MediaActivities,
): MediaActivities {
  // A run's account and approval time never change: looked up once per run, not per piece.
  const approvals = new Map<string, Promise<{ accountId: string; approvedAt: number }>>();
  const approval = (videoId: string, run: number) => {
    const key = `${videoId}:${run}`;
    let found = approvals.get(key);
    if (!found) {
      found = lookUp(videos, videoId, run);
      found.catch(() => approvals.delete(key));
      approvals.set(key, found);
      if (approvals.size > CACHED_RUNS) approvals.delete(approvals.keys().next().value!);
    }
    return found;
  };

  function ordered<I extends { videoId: string; run: number }>(
    fn: (input: I) => Promise<void>,
  ): (input: I) => Promise<void> {
    return async (input) => {
      const ctx = Context.current();
      const stopBeats = startHeartbeat({ paused: () => order.draining }, ctx);
      try {
        const { accountId, approvedAt } = await approval(input.videoId, input.run);
        const timeout = ctx.info.startToCloseTimeoutMs;
        const maxWaitMs = timeout > 0 ? timeout * MAX_WAIT_SHARE : FALLBACK_MAX_WAIT_MS;
        await order.run(
          { videoId: input.videoId, accountId, approvedAt, maxWaitMs },
          () => {
            stopBeats(); // the activity heartbeats on its own once it works
            return fn(input);
          },
          ctx.cancellationSignal,
        );
      } finally {
        stopBeats();
      }
    };
  }

  return {
    generateSceneImage: ordered(activities.generateSceneImage),
    narrateScene: ordered(activities.narrateScene),
    renderSegment: ordered(activities.renderSegment),
    joinSegments: ordered(activities.joinSegments),
  };
}

/**
 * The video's account and when its run was approved. A video that is gone, or a run without
 * an approval event, goes behind everything approved so far; the activity itself then decides
 * what happens to it.
 */
async function lookUp(
  videos: Pick<VideoRepository, 'findForWorkflow' | 'events'>,
  videoId: string,
  run: number,
): Promise<{ accountId: string; approvedAt: number }> {
  const video = await videos.findForWorkflow(videoId);
  if (!video) return { accountId: videoId, approvedAt: Date.now() };
  const at = await videos.events.loggedAt(video.accountId, videoId, eventKeys.run.approved(run));
  return {
    accountId: video.accountId,
    approvedAt: at ? Date.parse(`${toIsoZ(at).slice(0, 23)}Z`) : Date.now(),
  };
}
