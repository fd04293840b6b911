import {
  type SentAttemptOutcome,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookBackoffSettings,
} from './webhook-delivery.contracts';

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

/** Where an attempt leaves its run: ended (`final`), or its next attempt due in `delayMs`, at `nextRetryAt`. */
export type AttemptConsequence =
  | { final: 'succeeded' | 'failed'; delayMs: null; nextRetryAt: null }
  | { final: null; delayMs: number; nextRetryAt: string };

/**
 * Final, or retry when: the one rule for what attempt `attempt` (1-based) of a run comes to,
 * whoever made it (the publisher, the attempt's activity, or the workflow writing down an attempt
 * that was lost). A 2xx succeeds the run; any other outcome (410 included, or no answer) fails it
 * when it was the last of WEBHOOK_MAX_ATTEMPTS, and is otherwise retried after
 * retryDelaySeconds drawn with `jitter`, in whole milliseconds and never 0 (a timer of 0 would
 * not wait). `now` is the caller's clock: the activity's, or the workflow's deterministic one.
 */
export function attemptConsequence(
  outcome: Pick<SentAttemptOutcome, 'kind' | 'retryAfterSeconds'>,
  attempt: number,
  backoff: WebhookBackoffSettings,
  jitter: number,
  now: number,
): AttemptConsequence {
  if (outcome.kind === 'delivered') return { final: 'succeeded', delayMs: null, nextRetryAt: null };
  if (attempt >= WEBHOOK_MAX_ATTEMPTS) return { final: 'failed', delayMs: null, nextRetryAt: null };
  const seconds = retryDelaySeconds(attempt - 1, backoff, jitter, outcome.retryAfterSeconds);
  const delayMs = Math.max(1, Math.round(1000 * seconds));
  return { final: null, delayMs, nextRetryAt: new Date(now + delayMs).toISOString() };
}

/** The wait until a retry written down earlier is due (at least 1 ms; at once when none was written). */
export function delayUntil(nextRetryAt: string | null, now: number): number {
  return Math.max(1, (nextRetryAt === null ? now : Date.parse(nextRetryAt)) - now);
}
