import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/**
 * Every activity scheduled with a heartbeat timeout heartbeats while it runs, from the first
 * beat interval on (a third of the timeout, at most 2 s), whatever it does: bookkeeping that
 * waits on PostgreSQL as well as media steps held for a slot. A heartbeat says the worker holding
 * the attempt is alive, so an attempt lost with its worker (or whose task went with a Temporal
 * restart) is noticed within the heartbeat timeout, while one that is only slow — a database
 * answering late — runs on to its start-to-close timeout. An activity done before the first
 * interval sends no heartbeat at all (docs/decisions.md#the-slowest-video-of-a-crash-drill).
 */
export const activityHeartbeat: ActivityInterceptorsFactory = (ctx) => ({
  inbound: {
    execute: async (input, next) => {
      const timeoutMs = ctx.info.heartbeatTimeoutMs ?? 0;
      if (timeoutMs <= 0) return next(input);
      const beat = setInterval(() => ctx.heartbeat(), Math.min(2000, Math.max(100, timeoutMs / 3)));
      try {
        return await next(input);
      } finally {
        clearInterval(beat);
      }
    },
  },
});
