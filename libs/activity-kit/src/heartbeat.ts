import { Context } from '@temporalio/activity';

/** How often a working activity tells Temporal it is alive (its proxies' heartbeat timeout is 10 s). */
export const HEARTBEAT_INTERVAL_MS = 2000;

export interface HeartbeatOptions {
  /** Time between beats: HEARTBEAT_INTERVAL_MS unless given. */
  everyMs?: number;
  /** Whether the first beat goes at once (the default) or only after `everyMs`. */
  atOnce?: boolean;
  /** What each beat carries (a render's progress), read at the time of the beat. */
  details?: () => unknown;
}

/**
 * Heartbeats for the running activity (`ctx`, else the current one) until the returned function
 * is called. With the proxy's heartbeat timeout, an attempt whose worker died (or whose task was
 * lost with a Temporal restart) is noticed within that timeout and runs again, instead of being
 * waited out for the whole start-to-close timeout.
 */
export function startHeartbeat(options: HeartbeatOptions = {}, ctx: Context = Context.current()): () => void {
  const { everyMs = HEARTBEAT_INTERVAL_MS, atOnce = true, details } = options;
  const beat = () => ctx.heartbeat(details?.());
  if (atOnce) beat();
  const timer = setInterval(beat, everyMs);
  return () => clearInterval(timer);
}

/** Runs `work` while heartbeating (see startHeartbeat); the beats stop when it settles. */
export async function heartbeating<T>(
  work: () => Promise<T>,
  options?: HeartbeatOptions,
  ctx?: Context,
): Promise<T> {
  const stop = startHeartbeat(options, ctx);
  try {
    return await work();
  } finally {
    stop();
  }
}
