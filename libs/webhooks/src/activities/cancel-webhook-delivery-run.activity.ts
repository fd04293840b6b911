import type { WebhookDeliveryActivities } from '@vidgen/workflows';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import { parseInput, schemas } from './activity-inputs';

export interface CancelRunDeps {
  deliveries: Pick<WebhookDeliveryRepository, 'cancelRun'>;
}

/** Closes a run that sends nothing more (its webhook deleted or inactive); a run that has ended stays as it ended. */
export function createCancelWebhookDeliveryRunActivity({
  deliveries,
}: CancelRunDeps): Pick<WebhookDeliveryActivities, 'cancelWebhookDeliveryRun'> {
  return {
    async cancelWebhookDeliveryRun(raw) {
      const input = parseInput(schemas.cancel, raw);
      await deliveries.cancelRun(input.deliveryId);
    },
  };
}
