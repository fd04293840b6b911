/** A failed delivery is retried up to 3 times (docs/webhooks.md#answer-quickly-with-a-2xx), so at most 4 attempts per run. */
export const WEBHOOK_MAX_ATTEMPTS = 4;

export interface WebhookBackoffSettings {
  /** WEBHOOK_BACKOFF_BASE_SECONDS */
  baseSeconds: number;
  /** WEBHOOK_BACKOFF_FACTOR */
  factor: number;
}

/**
 * Input of `webhookDeliveryWorkflow` (workflow id `webhook-delivery-<deliveryId>`). The
 * settings come from the starter's config so the workflow itself reads no environment.
 */
export interface WebhookDeliveryInput {
  deliveryId: string;
  backoff: WebhookBackoffSettings;
  /** Timeout of one attempt (WEBHOOK_TIMEOUT_SECONDS). */
  timeoutSeconds: number;
  /**
   * The first run's first attempt, made and written down by the publishing activity before it
   * started this workflow
   * (docs/decisions/0042-webhook-arrival-time.md#the-first-attempt-made-by-the-publisher): the run
   * goes on from attempt 2 at `nextRetryAt`, or ends at once when the attempt was final. Absent on
   * runs that make their first attempt themselves (redeliveries, runs started before the publisher
   * attempted).
   */
  first?: FirstAttempt;
}

/** What the publisher's first attempt came to, as it wrote it down. */
export interface FirstAttempt {
  /** The run it began: always 1, the delivery's first run. */
  run: number;
  /** The run ended with the attempt; null when it goes on to attempt 2. */
  final: Exclude<WebhookDeliveryStatus, 'pending' | 'cancelled'> | null;
  /** When the retry is due (ISO), while not final. */
  nextRetryAt: string | null;
}

/**
 * `current_run_id` of a delivery whose first run the publisher began: no workflow run had
 * begun it yet. Never a Temporal run id (those are UUIDs).
 */
export const PUBLISHER_RUN_ID = 'publisher';

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDeliveryResult {
  deliveryId: string;
  run: number;
  status: Exclude<WebhookDeliveryStatus, 'pending'>;
  attempts: number;
}

/**
 * What one POST came to: a 2xx, or anything else (410 Gone included: it is retried like any
 * failure). The attempt activity never throws for a receiver's behaviour.
 */
export interface SentAttemptOutcome {
  kind: 'delivered' | 'failed';
  /** ISO time the attempt started (activity clock). */
  startedAt: string;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  /** A receiver's Retry-After, in seconds, when it sent one with a failure. */
  retryAfterSeconds: number | null;
}

/** An attempt's outcome, or nothing sent: the webhook was deleted or set inactive in the meantime. */
export type DeliveryAttemptOutcome = SentAttemptOutcome | { kind: 'cancelled'; reason: string };

/**
 * An attempt as PostgreSQL holds it, and where it left its run: once an attempt is recorded, that
 * record stands, and a workflow that finds it goes on from it rather than from what it saw
 * (docs/decisions/0052-recorded-outcome-wins.md).
 */
export interface RecordedAttempt {
  /** Its number in the run. */
  attempt: number;
  outcome: SentAttemptOutcome;
  /** The run ended with it (a 2xx: succeeded; the last failure: failed); null while a retry follows. */
  final: Exclude<WebhookDeliveryStatus, 'pending' | 'cancelled'> | null;
  /** When the retry is due (ISO), while not final. */
  nextRetryAt: string | null;
}

/** What `deliverWebhookAttempt` did. */
export interface DeliveryAttemptReport {
  /** The run's number (webhook_deliveries.runs as this run began it). */
  run: number;
  outcome: DeliveryAttemptOutcome;
  /**
   * The attempt (or the cancellation) is in PostgreSQL with its consequence. False when the
   * POST was made but writing it down failed: the workflow then records it itself.
   */
  recorded: boolean;
  /**
   * Set when PostgreSQL already held this attempt, or the end of its run, from before: no POST was
   * made, or the POST's record lost to the one there first. `outcome` is then the recorded one.
   */
  earlier?: RecordedAttempt;
}

/** Activities of the delivery workflow; implemented in libs/webhooks. */
export interface WebhookDeliveryActivities {
  /**
   * One attempt from end to end, in one activity: begins the run on its first attempt
   * (idempotent by `runId`, as beginWebhookDeliveryRun), makes the signed POST and records
   * the attempt and its consequence (as recordWebhookDeliveryAttempt, the next retry drawn
   * with `jitter`), or cancels the run when the webhook is gone or inactive. An attempt that
   * PostgreSQL already holds, or one after its run ended, is not made again: the report carries
   * what is recorded (`earlier`).
   */
  deliverWebhookAttempt(input: {
    deliveryId: string;
    runId: string;
    /** The run's number once an earlier attempt has reported it. */
    run: number | null;
    attempt: number;
    timeoutSeconds: number;
    backoff: WebhookBackoffSettings;
    /** The workflow's draw in [0, 1) for the jitter of the wait after this attempt. */
    jitter: number;
  }): Promise<DeliveryAttemptReport>;
  /** Marks the delivery pending and numbers this workflow run (idempotent by `runId`). */
  beginWebhookDeliveryRun(input: { deliveryId: string; runId: string }): Promise<{ run: number }>;
  /**
   * Appends the attempt (once by run and attempt) and projects it onto the delivery;
   * with `final`, also closes the run and applies its consequence to the webhook (410 or
   * too many exhausted deliveries in a row → inactive; success → failure count reset). When
   * the attempt was recorded already (its own activity wrote it and its completion was lost),
   * nothing moves and `earlier` is that record, which the workflow goes on from.
   */
  recordWebhookDeliveryAttempt(input: {
    deliveryId: string;
    run: number;
    attempt: number;
    outcome: SentAttemptOutcome;
    nextRetryAt: string | null;
    final: Exclude<WebhookDeliveryStatus, 'pending' | 'cancelled'> | null;
  }): Promise<{ earlier: RecordedAttempt | null }>;
  /** Closes a run that sent nothing because the webhook is gone or inactive. */
  cancelWebhookDeliveryRun(input: { deliveryId: string; run: number; reason: string }): Promise<void>;
}
