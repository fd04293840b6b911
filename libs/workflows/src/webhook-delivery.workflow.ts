import { proxyActivities, sleep, TimeoutFailure, workflowInfo } from '@temporalio/workflow';
import { retryDelaySeconds } from './webhook-backoff';
import {
  type DeliveryAttemptOutcome,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookDeliveryActivities,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
} from './webhook-delivery.contracts';

/** Bookkeeping against PostgreSQL: retried until the database answers. */
const bookkeeping = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds' },
});

function attemptError(err: unknown): string {
  let msg = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e instanceof TimeoutFailure) return 'the attempt did not finish (worker lost or stalled)';
    msg = e.message || msg;
  }
  return `the attempt could not be made: ${msg}`;
}

/**
 * One delivery of one event to one webhook (workflow id `webhook-delivery-<deliveryId>`).
 * Each attempt is its own activity with no activity-level retry, so every attempt is
 * recorded; the backoff between attempts is a workflow timer, so the schedule survives
 * worker restarts. A redelivery is a new run of the same workflow id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  const { deliveryId } = input;
  // The attempt's own deadline plus room for the database reads around it.
  const http = proxyActivities<WebhookDeliveryActivities>({
    startToCloseTimeout: `${Math.ceil(input.timeoutSeconds) + 20} seconds`,
    retry: { maximumAttempts: 1 },
  });

  const { run } = await bookkeeping.beginWebhookDeliveryRun({ deliveryId, runId: workflowInfo().runId });

  for (let attempt = 1; ; attempt++) {
    const startedAt = Date.now();
    let outcome: DeliveryAttemptOutcome;
    try {
      outcome = await http.attemptWebhookDelivery({
        deliveryId,
        run,
        attempt,
        timeoutSeconds: input.timeoutSeconds,
      });
    } catch (err) {
      outcome = {
        kind: 'failed',
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Date.now() - startedAt,
        statusCode: null,
        error: attemptError(err),
        retryAfterSeconds: null,
      };
    }

    if (outcome.kind === 'cancelled') {
      await bookkeeping.cancelWebhookDeliveryRun({ deliveryId, run, reason: outcome.reason });
      return { deliveryId, run, status: 'cancelled', attempts: attempt - 1 };
    }

    const final =
      outcome.kind === 'delivered'
        ? 'succeeded'
        : outcome.kind === 'gone' || attempt >= WEBHOOK_MAX_ATTEMPTS
          ? 'failed'
          : null;
    const delayMs =
      final === null
        ? Math.max(
            1,
            Math.round(
              1000 * retryDelaySeconds(attempt - 1, input.backoff, Math.random(), outcome.retryAfterSeconds),
            ),
          )
        : null;
    await bookkeeping.recordWebhookDeliveryAttempt({
      deliveryId,
      run,
      attempt,
      outcome,
      nextRetryAt: delayMs === null ? null : new Date(Date.now() + delayMs).toISOString(),
      final,
    });
    if (final !== null) return { deliveryId, run, status: final, attempts: attempt };
    await sleep(delayMs!);
  }
}
