import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import { heartbeating } from '@vidgen/activity-kit';
import { BOOKKEEPING_ACTIVITIES } from '@vidgen/workflows';

const BOOKKEEPING: ReadonlySet<string> = new Set(BOOKKEEPING_ACTIVITIES);

/** Whether an activity type is bookkeeping (the workflow's `db` proxy): quick, and beaten for here. */
export function isBookkeeping(activityType: string): boolean {
  return BOOKKEEPING.has(activityType);
}

/**
 * The bookkeeping activities heartbeat while they run, from the first beat interval on (a third
 * of their heartbeat timeout, at most 2 s). A heartbeat says the worker holding the attempt is
 * alive, so an attempt lost with its worker (or whose task went with a Temporal restart) is
 * noticed within the heartbeat timeout, while one that is only slow — a database answering late —
 * runs on to its start-to-close timeout. One done before the first interval sends none
 * (docs/decisions/0034-the-slowest-video-of-a-crash-drill.md). The media, script and render activities
 * heartbeat themselves, and stop while the worker drains so their held work moves on.
 */
export const bookkeepingHeartbeatInterceptor: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    execute: (input, next) => {
      const timeoutMs = ctx.info.heartbeatTimeoutMs ?? 0;
      if (timeoutMs <= 0 || !isBookkeeping(ctx.info.activityType)) return next(input);
      const everyMs = Math.min(2000, Math.max(100, timeoutMs / 3));
      return heartbeating(() => next(input), { everyMs, atOnce: false }, ctx);
    },
  },
});
