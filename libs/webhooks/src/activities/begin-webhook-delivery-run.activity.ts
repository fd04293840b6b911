import { ApplicationFailure } from '@temporalio/activity';
import type { WebhookDeliveryActivities } from '@vidgen/workflows';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import { parseInput, schemas } from './activity-inputs';

export interface BeginRunDeps {
  deliveries: Pick<WebhookDeliveryRepository, 'beginRun'>;
}

/** Numbers a workflow run of the delivery and marks it pending; a retry with the same run id gets the same number. */
export function createBeginWebhookDeliveryRunActivity({
  deliveries,
}: BeginRunDeps): Pick<WebhookDeliveryActivities, 'beginWebhookDeliveryRun'> {
  return {
    async beginWebhookDeliveryRun(raw) {
      const input = parseInput(schemas.begin, raw);
      const run = await deliveries.beginRun(input.deliveryId, input.runId);
      if (run === undefined)
        throw ApplicationFailure.nonRetryable(`Delivery ${input.deliveryId} not found`, 'NOT_FOUND');
      return { run };
    },
  };
}
