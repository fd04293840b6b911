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
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed' | 'cancelled';

export interface WebhookDeliveryResult {
  deliveryId: string;
  run: number;
  status: Exclude<WebhookDeliveryStatus, 'pending'>;
  attempts: number;
}

/** What one POST came to. The attempt activity never throws for a receiver's behaviour. */
export type DeliveryAttemptOutcome =
  | {
      kind: 'delivered' | 'failed' | 'gone';
      /** ISO time the attempt started (activity clock). */
      startedAt: string;
      durationMs: number;
      statusCode: number | null;
      error: string | null;
      /** A receiver's Retry-After, in seconds, when it sent one with a failure. */
      retryAfterSeconds: number | null;
    }
  /** Nothing was sent: the webhook was deleted or set inactive in the meantime. */
  | { kind: 'cancelled'; reason: string };

/** Activities of the delivery workflow; implemented in libs/webhooks. */
export interface WebhookDeliveryActivities {
  /** Marks the delivery pending and numbers this workflow run (idempotent by `runId`). */
  beginWebhookDeliveryRun(input: { deliveryId: string; runId: string }): Promise<{ run: number }>;
  /** One signed POST, with the SSRF check on the address actually connected to. */
  attemptWebhookDelivery(input: {
    deliveryId: string;
    run: number;
    attempt: number;
    timeoutSeconds: number;
  }): Promise<DeliveryAttemptOutcome>;
  /**
   * Appends the attempt (idempotent by run and attempt) and projects it onto the delivery;
   * with `final`, also closes the run and applies its consequence to the webhook (410 or
   * too many exhausted deliveries in a row → inactive; success → failure count reset).
   */
  recordWebhookDeliveryAttempt(input: {
    deliveryId: string;
    run: number;
    attempt: number;
    outcome: Exclude<DeliveryAttemptOutcome, { kind: 'cancelled' }>;
    nextRetryAt: string | null;
    final: Exclude<WebhookDeliveryStatus, 'pending' | 'cancelled'> | null;
  }): Promise<void>;
  /** Closes a run that sent nothing because the webhook is gone or inactive. */
  cancelWebhookDeliveryRun(input: { deliveryId: string; run: number; reason: string }): Promise<void>;
}
