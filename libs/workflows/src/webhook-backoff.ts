import type { WebhookBackoffSettings } from './webhook-delivery.contracts';

/** Jitter takes up to this share off a backoff, so retries of many deliveries do not arrive in lockstep. */
export const BACKOFF_JITTER = 0.2;

/**
 * The nominal wait before retry `retry` (0 = the wait after the first attempt):
 * base × factorⁿ seconds (defaults 5 and 5: 5 s, 25 s, 125 s). It is also the cap of that wait.
 */
export function backoffCapSeconds(retry: number, settings: WebhookBackoffSettings): number {
  return settings.baseSeconds * settings.factor ** retry;
}

/**
 * The wait before retry `retry`, in seconds. Jitter draws it from (cap × (1 − jitter), cap],
 * so with any factor above 1 / (1 − jitter) every wait is longer than the one before. A
 * receiver's Retry-After can lengthen the wait, never beyond the cap, and never shorten it:
 * the schedule stays bounded whatever a receiver answers.
 *
 * `random` is in [0, 1); workflow code passes its deterministic Math.random().
 */
export function retryDelaySeconds(
  retry: number,
  settings: WebhookBackoffSettings,
  random: number,
  retryAfterSeconds: number | null = null,
): number {
  const cap = backoffCapSeconds(retry, settings);
  const jittered = cap * (1 - BACKOFF_JITTER * Math.min(Math.max(random, 0), 1));
  if (retryAfterSeconds === null || !Number.isFinite(retryAfterSeconds)) return jittered;
  return Math.min(cap, Math.max(jittered, retryAfterSeconds));
}

/** retryDelaySeconds in whole milliseconds, at least 1 (a timer of 0 would not wait). */
export function retryDelayMs(
  retry: number,
  settings: WebhookBackoffSettings,
  random: number,
  retryAfterSeconds: number | null = null,
): number {
  return Math.max(1, Math.round(1000 * retryDelaySeconds(retry, settings, random, retryAfterSeconds)));
}

/**
 * How attempt `attempt` (1-based) of a run ends the run: a 2xx succeeds it; a failure fails it
 * when it was the last attempt allowed (or, for attempts made before 410 was retried, a 'gone');
 * otherwise null, and a retry follows.
 */
export function attemptVerdict(
  kind: 'delivered' | 'failed' | 'gone',
  attempt: number,
  maxAttempts: number,
): 'succeeded' | 'failed' | null {
  if (kind === 'delivered') return 'succeeded';
  return kind === 'gone' || attempt >= maxAttempts ? 'failed' : null;
}
