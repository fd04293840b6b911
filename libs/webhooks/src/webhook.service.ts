import { randomBytes } from 'node:crypto';
import { isUuid, NotFoundError, ValidationError } from '@vidgen/core';
import { ForbiddenDestinationError, resolvePublicAddresses } from '@vidgen/net';
import type { Webhook, WebhookRepository } from './webhook.repository';
import type { WebhookEvent } from './webhook-events';

export class WebhookService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly options: { allowPrivateNetworks: boolean },
  ) {}

  /** `url` is already a syntactically valid https URL and `event` a known type (edge validation). */
  async create(accountId: string, input: { url: string; event: WebhookEvent }): Promise<Webhook> {
    let url: URL;
    try {
      url = new URL(input.url);
    } catch {
      throw new ValidationError([{ loc: ['body', 'url'], msg: 'url is not a valid URL' }]);
    }
    try {
      await resolvePublicAddresses(url.hostname, this.options.allowPrivateNetworks);
    } catch (err) {
      // A name that does not resolve (yet) is accepted, as Stripe and Svix accept it: every
      // delivery resolves again and refuses a forbidden address then (docs/webhooks.md).
      if (err instanceof ForbiddenDestinationError) {
        const msg = `${err.message}; webhooks must reach a public address`;
        throw new ValidationError([{ loc: ['body', 'url'], msg }]);
      }
    }
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    return this.webhooks.insert(accountId, { url: input.url, event: input.event, secret });
  }

  list(accountId: string): Promise<Webhook[]> {
    return this.webhooks.list(accountId);
  }

  /** PATCH /callbacks/{id}: deactivate, or reactivate (which also clears the count of failed deliveries). */
  async setActive(accountId: string, id: string, active: boolean): Promise<Webhook> {
    const webhook = isUuid(id) ? await this.webhooks.setActive(accountId, id, active) : undefined;
    if (!webhook) throw new NotFoundError('Webhook');
    return webhook;
  }

  async delete(accountId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.webhooks.delete(accountId, id))) throw new NotFoundError('Webhook');
  }
}
