import { patched, proxyActivities, sleep, TimeoutFailure, workflowInfo } from '@temporalio/workflow';
import { attemptVerdict, retryDelayMs, retryDelaySeconds } from './webhook-backoff';
import {
  type DeliveryAttemptOutcome,
  type DeliveryAttemptReport,
  type RecordedAttempt,
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

/** An attempt whose activity failed or was lost: a failed attempt, with why. */
function lostAttempt(startedAt: number, err: unknown): DeliveryAttemptOutcome {
  return {
    kind: 'failed',
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    statusCode: null,
    error: attemptError(err),
    retryAfterSeconds: null,
  };
}

/**
 * One delivery of one event to one webhook (workflow id `webhook-delivery-<deliveryId>`).
 * Each attempt is its own activity with no activity-level retry, so every attempt is
 * recorded; the backoff between attempts is a workflow timer, so the schedule survives
 * worker restarts. A redelivery is a new run of the same workflow id.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  // The attempt's own deadline plus room for the database work around it.
  const http = proxyActivities<WebhookDeliveryActivities>({
    startToCloseTimeout: `${Math.ceil(input.timeoutSeconds) + 20} seconds`,
    retry: { maximumAttempts: 1 },
  });
  return patched('webhook-delivery-one-activity-per-attempt')
    ? deliverByAttempts(input, http)
    : deliverWithBookkeeping(input, http);
}

/**
 * Runs go on from an attempt PostgreSQL already held (`earlier`) rather than from what they saw
 * of it: an attempt's activity can record a 2xx and then be lost before it reports, and its run
 * must stay delivered (docs/decisions/0052-recorded-outcome-wins.md). A run whose code ignored an
 * `earlier` (new activities beside the workflow code from before) replays as it ran.
 */
const RECORDED_OUTCOME_WINS = 'webhook-delivery-recorded-outcome-wins';

/**
 * One activity per attempt that begins the run, POSTs and records (deliverWebhookAttempt): a
 * delivered webhook costs two workflow tasks and one activity, where a begin and a record activity
 * around each POST cost four and three (docs/decisions/0042-webhook-arrival-time.md). The
 * bookkeeping activities stay the fallback: when the attempt's activity fails or is lost, or could
 * not write its attempt down, the workflow records it as before. What PostgreSQL recorded first
 * stands: the run goes on from it.
 */
async function deliverByAttempts(
  input: WebhookDeliveryInput,
  http: WebhookDeliveryActivities,
): Promise<WebhookDeliveryResult> {
  const { deliveryId, first } = input;
  const runId = workflowInfo().runId;
  let run: number | null = null;
  let attempt = 1;
  if (first) {
    // The publisher made and recorded attempt 1 before this run started.
    run = first.run;
    if (first.final !== null) return { deliveryId, run, status: first.final, attempts: 1 };
    // The wait runs from when the attempt was made, so a late start does not push the retry back.
    const due = first.nextRetryAt === null ? Date.now() : Date.parse(first.nextRetryAt);
    await sleep(Math.max(1, due - Date.now()));
    attempt = 2;
  }
  for (; ; attempt++) {
    const jitter = Math.random();
    const startedAt = Date.now();
    let report: DeliveryAttemptReport | undefined;
    let outcome: DeliveryAttemptOutcome;
    try {
      report = await http.deliverWebhookAttempt({
        deliveryId,
        runId,
        run,
        attempt,
        timeoutSeconds: input.timeoutSeconds,
        backoff: input.backoff,
        jitter,
      });
      run = report.run;
      outcome = report.outcome;
    } catch (err) {
      outcome = lostAttempt(startedAt, err);
    }
    run ??= (await bookkeeping.beginWebhookDeliveryRun({ deliveryId, runId })).run;
    const recorded = report?.recorded === true;

    if (outcome.kind === 'cancelled') {
      if (!recorded) await bookkeeping.cancelWebhookDeliveryRun({ deliveryId, run, reason: outcome.reason });
      return { deliveryId, run, status: 'cancelled', attempts: attempt - 1 };
    }
    let final = attemptVerdict(outcome.kind, attempt, WEBHOOK_MAX_ATTEMPTS);
    let delayMs =
      final === null ? retryDelayMs(attempt - 1, input.backoff, jitter, outcome.retryAfterSeconds) : null;
    let earlier: RecordedAttempt | null = report?.earlier ?? null;
    if (!recorded) {
      const written = await bookkeeping.recordWebhookDeliveryAttempt({
        deliveryId,
        run,
        attempt,
        outcome,
        nextRetryAt: delayMs === null ? null : new Date(Date.now() + delayMs).toISOString(),
        final,
      });
      // Runs from before the patch recorded with an activity that returned nothing.
      earlier = written?.earlier ?? null;
    }
    if (earlier !== null && patched(RECORDED_OUTCOME_WINS)) {
      // The attempt was recorded before (its activity wrote a 2xx, then its completion was lost),
      // or its run had ended: that record stands, and a delivered run is never POSTed again.
      final = earlier.final;
      attempt = Math.max(attempt, earlier.attempt);
      const due = earlier.nextRetryAt === null ? Date.now() : Date.parse(earlier.nextRetryAt);
      delayMs = final === null ? Math.max(1, due - Date.now()) : null;
    }
    if (final !== null) return { deliveryId, run, status: final, attempts: attempt };
    await sleep(delayMs!);
  }
}

/** Runs started before deliverWebhookAttempt: a bookkeeping activity before and after each POST. */
async function deliverWithBookkeeping(
  input: WebhookDeliveryInput,
  http: WebhookDeliveryActivities,
): Promise<WebhookDeliveryResult> {
  const { deliveryId } = input;
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
      outcome = lostAttempt(startedAt, err);
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
