import { Context } from '@temporalio/activity';
import { toIsoZ } from '@vidgen/core';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { HEARTBEAT_INTERVAL_MS } from './heartbeat';
import type { MediaOrder } from './media-order';

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
      ctx.heartbeat();
      const beat = setInterval(() => {
        if (!order.draining) ctx.heartbeat();
      }, HEARTBEAT_INTERVAL_MS);
      try {
        const { accountId, approvedAt } = await approval(input.videoId, input.run);
        const timeout = ctx.info.startToCloseTimeoutMs;
        const maxWaitMs = timeout > 0 ? timeout * MAX_WAIT_SHARE : FALLBACK_MAX_WAIT_MS;
        await order.run(
          { videoId: input.videoId, accountId, approvedAt, maxWaitMs },
          () => {
            clearInterval(beat); // the activity heartbeats on its own once it works
            return fn(input);
          },
          ctx.cancellationSignal,
        );
      } finally {
        clearInterval(beat);
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
