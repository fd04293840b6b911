import { decodeCursor, InvalidStateError, isUuid, NotFoundError, type Page, pageOf } from '@vidgen/core';
import type { WebhookRepository } from './webhook.repository';
import type { WebhookDeliveryWorkflows } from './webhook-delivery.client';
import type { WebhookDelivery, WebhookDeliveryLogRepository } from './webhook-delivery-log.repository';

/** Reading a webhook's deliveries and redelivering one; always within the caller's account. */
export class WebhookDeliveryService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryLogRepository,
    private readonly workflows: WebhookDeliveryWorkflows,
  ) {}

  private async webhook(accountId: string, webhookId: string) {
    const webhook = isUuid(webhookId) ? await this.webhooks.find(accountId, webhookId) : undefined;
    if (!webhook) throw new NotFoundError('Webhook');
    return webhook;
  }

  async list(
    accountId: string,
    webhookId: string,
    q: { limit: number; cursor?: string },
  ): Promise<Page<WebhookDelivery>> {
    await this.webhook(accountId, webhookId);
    const cursor = q.cursor ? decodeCursor(q.cursor) : undefined;
    const rows = await this.deliveries.list(accountId, webhookId, { limit: q.limit + 1, cursor });
    return pageOf(rows, q.limit);
  }

  /**
   * A fresh run of the delivery's workflow: the same payload and delivery id, new attempts.
   * Refused while a run is in progress, and for an inactive webhook (activate it first).
   */
  async redeliver(accountId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery> {
    const webhook = await this.webhook(accountId, webhookId);
    const delivery = isUuid(deliveryId)
      ? await this.deliveries.find(accountId, webhookId, deliveryId)
      : undefined;
    if (!delivery) throw new NotFoundError('Delivery');
    if (!webhook.isActive) {
      throw new InvalidStateError('The webhook is inactive; activate it with PATCH /callbacks/{id} first');
    }
    // A delivery shown finished may still have its run open for a moment (the run closes after
    // it records its outcome): that run is waited for, any other open run is a redelivery in progress.
    const closing = delivery.status !== 'pending' ? (delivery.currentRunId ?? undefined) : undefined;
    if (!(await this.workflows.startAgain({ id: delivery.id, accountId }, closing))) {
      throw new InvalidStateError('The delivery is in progress; redeliver it once it has finished');
    }
    // The new run marks the row pending itself; until it has, report what was just started.
    return { ...delivery, status: 'pending', nextRetryAt: null };
  }
}
