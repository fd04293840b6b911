import type { WebhookDeliveryActivities } from '@vidgen/workflows';
import { parseInput, schemas } from './activity-inputs';
import type { RecordAttempt } from './attempt-record';

export interface RecordAttemptDeps {
  record: RecordAttempt;
}

/**
 * The workflow's record of an attempt its activity did not write down (lost, failed, or unable to
 * reach PostgreSQL after its POST). When the attempt was recorded already, `earlier` is that record,
 * which the workflow goes on from (docs/decisions/0052-recorded-outcome-wins.md).
 */
export function createRecordWebhookDeliveryAttemptActivity({
  record,
}: RecordAttemptDeps): Pick<WebhookDeliveryActivities, 'recordWebhookDeliveryAttempt'> {
  return {
    async recordWebhookDeliveryAttempt(raw) {
      const { earlier } = await record(parseInput(schemas.record, raw));
      return { earlier };
    },
  };
}
