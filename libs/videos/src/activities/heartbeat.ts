import { Context } from '@temporalio/activity';

/** How often a working activity tells Temporal it is alive (its proxies' heartbeat timeout is 10 s). */
export const HEARTBEAT_INTERVAL_MS = 2000;

/**
 * Runs `work` while heartbeating: with the proxy's heartbeat timeout, an attempt whose worker
 * died (or whose task was lost with a Temporal restart) is noticed within that timeout and runs
 * again, instead of being waited out for the whole start-to-close timeout.
 */
export async function heartbeating<T>(work: () => Promise<T>): Promise<T> {
  const ctx = Context.current();
  ctx.heartbeat();
  const beat = setInterval(() => ctx.heartbeat(), HEARTBEAT_INTERVAL_MS);
  try {
    return await work();
  } finally {
    clearInterval(beat);
  }
}
