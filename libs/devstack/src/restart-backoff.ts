export interface RestartPolicy {
  /** Delay before restarting a process that crashed once (or after running healthily). */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A process that ran this long before it exited counts as healthy: its next restart is quick again. */
  healthyAfterMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 500,
  maxDelayMs: 30_000,
  healthyAfterMs: 60_000,
};

/**
 * When to restart a supervised process that just exited on its own. A crash after a healthy
 * run is restarted at once (a killed worker must not cost minutes); only a process that keeps
 * crashing soon after it starts backs off, doubling up to the maximum.
 *
 * `crashesInARow` is the count returned for the previous exit (0 for the first).
 */
export function nextRestart(
  crashesInARow: number,
  uptimeMs: number,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): { crashesInARow: number; delayMs: number } {
  const crashes = uptimeMs >= policy.healthyAfterMs ? 1 : crashesInARow + 1;
  const delayMs = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (crashes - 1));
  return { crashesInARow: crashes, delayMs };
}
