import {
  deprecatePatch,
  patched,
  proxyActivities,
  sleep,
  TimeoutFailure,
  workflowInfo,
} from '@temporalio/workflow';
import { attemptConsequence, delayUntil } from './webhook-backoff';
import type {
  DeliveryAttemptReport,
  RecordedAttempt,
  SentAttemptOutcome,
  WebhookDeliveryActivities,
  WebhookDeliveryInput,
  WebhookDeliveryResult,
} from './webhook-delivery.contracts';

/** Bookkeeping against PostgreSQL: retried until the database answers. */
const bookkeeping = proxyActivities<WebhookDeliveryActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds' },
});

/**
 * Runs go on from an attempt PostgreSQL already held (`earlier`) rather than from what they saw
 * of it: an attempt's activity can record a 2xx and then be lost before it reports, and its run
 * must stay delivered (docs/decisions/0052-recorded-outcome-wins.md). A run whose code ignored an
 * `earlier` (new activities beside the workflow code from before) replays as it ran.
 */
const RECORDED_OUTCOME_WINS = 'webhook-delivery-recorded-outcome-wins';

function attemptError(err: unknown): string {
  let msg = err instanceof Error ? err.message : String(err);
  for (let e: unknown = err; e instanceof Error; e = (e as { cause?: unknown }).cause) {
    if (e instanceof TimeoutFailure) return 'the attempt did not finish (worker lost or stalled)';
    msg = e.message || msg;
  }
  return `the attempt could not be made: ${msg}`;
}

/** An attempt whose activity failed or was lost: a failed attempt, with why. */
function lostAttempt(startedAt: number, err: unknown): SentAttemptOutcome {
  return {
    kind: 'failed',
    startedAt: new Date(startedAt).toISOString(),
    durationMs: Date.now() - startedAt,
    statusCode: null,
    error: attemptError(err),
    retryAfterSeconds: null,
  };
}

/** Where a run goes next: it ends (`final`), or its next attempt is due in `delayMs`. */
type Next = { final: 'succeeded' | 'failed'; delayMs: null } | { final: null; delayMs: number };

/** Going on from an attempt as PostgreSQL recorded it: ended as recorded, or retried when the record says. */
function goOnFrom(earlier: RecordedAttempt): Next {
  return earlier.final !== null
    ? { final: earlier.final, delayMs: null }
    : { final: null, delayMs: delayUntil(earlier.nextRetryAt, Date.now()) };
}

/**
 * One delivery of one event to one webhook (workflow id `webhook-delivery-<deliveryId>`); a
 * redelivery is a new run of the same workflow id. Each attempt is one activity that begins the
 * run, POSTs and records (deliverWebhookAttempt), with no activity-level retry, so every attempt
 * is recorded; the backoff between attempts is a workflow timer, so the schedule survives worker
 * restarts (docs/decisions/0042-webhook-arrival-time.md). When the attempt's activity fails, is
 * lost, or could not write its attempt down, the workflow writes it down with the bookkeeping
 * activities. What PostgreSQL recorded first stands: the run goes on from it. Whether an attempt
 * ends the run or when the next one is due is attemptConsequence's answer, wherever it is asked.
 */
export async function webhookDeliveryWorkflow(input: WebhookDeliveryInput): Promise<WebhookDeliveryResult> {
  // Every run since 8873b00 has taken this path; the one before it is gone (docs/workflow-versions.md).
  deprecatePatch('webhook-delivery-one-activity-per-attempt');
  // The attempt's own deadline plus room for the database work around it.
  const http = proxyActivities<WebhookDeliveryActivities>({
    startToCloseTimeout: `${Math.ceil(input.timeoutSeconds) + 20} seconds`,
    retry: { maximumAttempts: 1 },
  });
  const { deliveryId, first } = input;
  const runId = workflowInfo().runId;
  let run: number | null = null;
  let attempt = 1;
  if (first) {
    // The publisher made and recorded attempt 1 before this run started.
    run = first.run;
    if (first.final !== null) return { deliveryId, run, status: first.final, attempts: 1 };
    // The wait runs from when the attempt was made, so a late start does not push the retry back.
    await sleep(delayUntil(first.nextRetryAt, Date.now()));
    attempt = 2;
  }
  for (; ; attempt++) {
    const jitter = Math.random();
    const startedAt = Date.now();
    let report: DeliveryAttemptReport;
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
    } catch (err) {
      const outcome = lostAttempt(startedAt, err);
      run ??= (await bookkeeping.beginWebhookDeliveryRun({ deliveryId, runId })).run;
      report = { run, outcome, recorded: false };
    }
    run = report.run;
    const { outcome, recorded } = report;

    if (outcome.kind === 'cancelled') {
      if (!recorded) await bookkeeping.cancelWebhookDeliveryRun({ deliveryId, run, reason: outcome.reason });
      return { deliveryId, run, status: 'cancelled', attempts: attempt - 1 };
    }
    const consequence = attemptConsequence(outcome, attempt, input.backoff, jitter, Date.now());
    let earlier = report.earlier ?? null;
    if (!recorded) {
      const written = await bookkeeping.recordWebhookDeliveryAttempt({
        deliveryId,
        run,
        attempt,
        outcome,
        nextRetryAt: consequence.nextRetryAt,
        final: consequence.final,
      });
      // Record activities from before 858db0e returned nothing; their runs replay that way.
      earlier = written?.earlier ?? null;
    }
    let next: Next = consequence;
    if (earlier !== null && patched(RECORDED_OUTCOME_WINS)) {
      // The attempt was recorded before (its activity wrote a 2xx, then its completion was lost),
      // or its run had ended: that record stands, and a delivered run is never POSTed again.
      next = goOnFrom(earlier);
      attempt = Math.max(attempt, earlier.attempt);
    }
    if (next.final !== null) return { deliveryId, run, status: next.final, attempts: attempt };
    await sleep(next.delayMs);
  }
}
