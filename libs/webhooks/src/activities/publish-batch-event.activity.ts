import { heartbeating } from '@vidgen/activity-kit';
import { toUnixSeconds } from '@vidgen/core';
import { type BatchRepository, toBatchRecord } from '@vidgen/videos';
import type { BatchEventActivities } from '@vidgen/workflows';
import type { WebhookRepository } from '../webhook.repository';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import { parseInput, schemas } from './activity-inputs';
import { createFirstAttempts, type FirstAttemptDeps } from './first-attempts';

export interface PublishBatchDeps extends FirstAttemptDeps {
  batches: Pick<BatchRepository, 'find'>;
  webhooks: Pick<WebhookRepository, 'activeFor'>;
  deliveries: FirstAttemptDeps['deliveries'] &
    Pick<WebhookDeliveryRepository, 'transaction' | 'insertMissing' | 'forBatchOccurrence'>;
}

/** The one occurrence of a batch's `batch.completed`. */
const OCCURRENCE = 'batch.completed';

/**
 * The publisher of `batch.completed` (docs/decisions/0063-templates-and-batches.md): the payload
 * is `{event, batch_id, data: <batch record>, created_at}`. As for a video's event, exactly one
 * delivery per webhook (the unique (webhook, batch, occurrence) key), each one's first attempt
 * made from here and its workflow started to go on from it.
 */
export function createPublishBatchEventActivity(deps: PublishBatchDeps): BatchEventActivities {
  const { batches, webhooks, deliveries } = deps;
  const deliverFirst = createFirstAttempts(deps);
  return {
    async publishBatchEvent(raw) {
      const input = parseInput(schemas.publishBatch, raw);
      await deliveries.transaction(async (trx) => {
        const batch = await batches.find(input.accountId, input.batchId, trx);
        if (batch?.status !== 'completed') return;
        const targets = await webhooks.activeFor(input.accountId, 'batch.completed', trx);
        const payload = JSON.stringify({
          event: 'batch.completed',
          batch_id: batch.id,
          data: toBatchRecord(batch),
          created_at: batch.completedAt ? toUnixSeconds(batch.completedAt) : Math.floor(Date.now() / 1000),
        });
        await deliveries.insertMissing(
          targets.map((w) => ({
            webhookId: w.id,
            accountId: input.accountId,
            videoId: null,
            batchId: batch.id,
            event: 'batch.completed' as const,
            occurrenceKey: OCCURRENCE,
            payload,
            assetIds: {},
          })),
          trx,
        );
      });
      const pending = await deliveries.forBatchOccurrence(input.accountId, input.batchId, OCCURRENCE);
      await heartbeating(() => deliverFirst(pending));
    },
  };
}
