import type { Db } from '@vidgen/db';
import type { WebhookActivities } from '@vidgen/workflows';

export interface WebhookActivityDeps {
  db: Db;
}

export function createWebhookActivities(_deps: WebhookActivityDeps): WebhookActivities {
  return {
    async publishVideoEvent() {
      // Deliveries are not created yet; see the webhook delivery work.
    },
  };
}
