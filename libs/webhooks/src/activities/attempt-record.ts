import { toIsoZ } from '@vidgen/core';
import { webhookAttempts } from '@vidgen/metrics';
import type { RecordedAttempt } from '@vidgen/workflows';
import type { WebhookRepository } from '../webhook.repository';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import type {
  DeliveryAttempt,
  WebhookDeliveryAttemptRepository,
} from '../webhook-delivery-attempt.repository';
import { applyAttemptToWebhook } from '../webhook-health';
import type { RecordInput } from './activity-inputs';

export interface AttemptRecordDeps {
  deliveries: Pick<WebhookDeliveryRepository, 'transaction' | 'beginFirstRun' | 'settle'>;
  attempts: Pick<WebhookDeliveryAttemptRepository, 'insert'>;
  webhooks: Pick<WebhookRepository, 'countFailure' | 'clearFailures' | 'deactivate'>;
  /** WEBHOOK_DISABLE_AFTER_FAILURES */
  disableAfterFailures: number;
}

/**
 * Writes an attempt down with its consequence. `written` says whether this call wrote it;
 * `earlier` is the record of the attempt that was there first, which stands.
 */
export type RecordAttempt = (
  input: RecordInput,
  options?: { claimFirstRun?: boolean },
) => Promise<{ written: boolean; earlier: RecordedAttempt | null }>;

/**
 * Appends the attempt (once: by run and attempt) and projects it onto the delivery; with
 * `final`, closes the run and applies its consequence to the webhook, in one transaction. An
 * attempt recorded already moves nothing (docs/decisions/0052-recorded-outcome-wins.md). With
 * `claimFirstRun` (the publisher's attempt), it begins the delivery's first run with it, or is
 * not written down at all when a run has begun.
 */
export function createAttemptRecorder(deps: AttemptRecordDeps): RecordAttempt {
  const { deliveries, attempts, webhooks } = deps;
  return async (input, options = {}) => {
    const o = input.outcome;
    const result = await deliveries.transaction(async (trx) => {
      if (options.claimFirstRun && !(await deliveries.beginFirstRun(input.deliveryId, trx)))
        return { written: false, earlier: null };
      const earlier = await attempts.insert(
        {
          deliveryId: input.deliveryId,
          run: input.run,
          attempt: input.attempt,
          outcome: o.kind === 'delivered' ? 'succeeded' : 'failed',
          attemptedAt: o.startedAt,
          durationMs: Math.round(o.durationMs),
          statusCode: o.statusCode,
          error: o.error,
          nextRetryAt: input.nextRetryAt,
        },
        trx,
      );
      // Recorded already (a retried activity, or one whose completion was lost): that record
      // stands, and nothing else moves twice for one attempt.
      if (earlier) return { written: false, earlier: asRecorded(earlier) };
      const webhook = await deliveries.settle(
        input.deliveryId,
        { final: input.final, nextRetryAt: input.nextRetryAt },
        trx,
      );
      // The run had ended (settle leaves a final run as it is): its webhook was answered for then.
      if (!webhook) return { written: true, earlier: null };
      await applyAttemptToWebhook(
        webhooks,
        webhook,
        { gone: o.statusCode === 410 && input.final === 'failed', final: input.final },
        deps.disableAfterFailures,
        trx,
      );
      return { written: true, earlier: null };
    });
    // Counted once per attempt, by the activity run that recorded it.
    // A 410 is counted apart ('gone') though it is a failed attempt like any other.
    if (result.written) {
      webhookAttempts.inc({
        outcome: o.kind === 'delivered' ? 'delivered' : o.statusCode === 410 ? 'gone' : 'failed',
      });
    }
    return result;
  };
}

/** An attempt as recorded, as the workflow goes on from it: a 2xx ended its run, as did a failure with no retry due. */
export function asRecorded(a: DeliveryAttempt): RecordedAttempt {
  const iso = (raw: string) => new Date(toIsoZ(raw)).toISOString();
  const kind = a.outcome === 'succeeded' ? 'delivered' : 'failed';
  return {
    attempt: a.attempt,
    outcome: {
      kind,
      startedAt: iso(a.attemptedAt),
      durationMs: a.durationMs ?? 0,
      statusCode: a.statusCode,
      error: a.error,
      retryAfterSeconds: null,
    },
    final: kind === 'delivered' ? 'succeeded' : a.nextRetryAt === null ? 'failed' : null,
    nextRetryAt: a.nextRetryAt === null ? null : iso(a.nextRetryAt),
  };
}
