import { attemptConsequence, type WebhookDeliveryActivities } from '@vidgen/workflows';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import type { WebhookDeliveryAttemptRepository } from '../webhook-delivery-attempt.repository';
import { parseInput, schemas } from './activity-inputs';
import { asRecorded, type RecordAttempt } from './attempt-record';
import { cancelReason, type SignedPost } from './signed-post';

export interface DeliverAttemptDeps {
  deliveries: Pick<WebhookDeliveryRepository, 'target' | 'cancelRun'>;
  attempts: Pick<WebhookDeliveryAttemptRepository, 'recordedBefore'>;
  beginRun: WebhookDeliveryActivities['beginWebhookDeliveryRun'];
  post: SignedPost;
  record: RecordAttempt;
}

/**
 * One attempt of a delivery workflow from end to end: begins the run on its first attempt, makes
 * the signed POST and records it with its consequence (the next retry drawn with the workflow's
 * `jitter`, so the wait the workflow sleeps is the one written down), or cancels the run when the
 * webhook is gone or inactive (docs/decisions/0042-webhook-arrival-time.md).
 */
export function createDeliverWebhookAttemptActivity(
  deps: DeliverAttemptDeps,
): Pick<WebhookDeliveryActivities, 'deliverWebhookAttempt'> {
  const { deliveries, attempts } = deps;
  return {
    async deliverWebhookAttempt(raw) {
      const input = parseInput(schemas.deliver, raw);
      // The run is numbered on the first attempt, while the delivery is read for the POST. A later
      // attempt first looks for what is recorded of it: an attempt whose completion was lost (its
      // 2xx recorded) or a run that has ended is never POSTed again
      // (docs/decisions/0052-recorded-outcome-wins.md).
      const [run, target, stored] = await Promise.all([
        input.run ?? deps.beginRun({ deliveryId: input.deliveryId, runId: input.runId }).then((r) => r.run),
        deliveries.target(input.deliveryId),
        input.run === null ? undefined : attempts.recordedBefore(input.deliveryId, input.run, input.attempt),
      ]);
      if (stored) {
        const earlier = asRecorded(stored);
        return { run, outcome: earlier.outcome, recorded: true, earlier };
      }
      const reason = cancelReason(target);
      if (reason !== undefined) {
        await deliveries.cancelRun(input.deliveryId);
        return { run, outcome: { kind: 'cancelled', reason }, recorded: true };
      }
      const outcome = await deps.post(target!, input.timeoutSeconds);
      const { final, nextRetryAt } = attemptConsequence(
        outcome,
        input.attempt,
        input.backoff,
        input.jitter,
        Date.now(),
      );
      try {
        const { earlier } = await deps.record({
          deliveryId: input.deliveryId,
          run,
          attempt: input.attempt,
          outcome,
          final,
          nextRetryAt,
        });
        if (earlier) return { run, outcome: earlier.outcome, recorded: true, earlier };
        return { run, outcome, recorded: true };
      } catch {
        // The POST was made: never report it as an attempt that failed. The workflow writes it
        // down with its bookkeeping activity, which retries until PostgreSQL answers.
        return { run, outcome, recorded: false };
      }
    },
  };
}
