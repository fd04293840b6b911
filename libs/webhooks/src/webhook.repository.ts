import { ConflictError } from '@vidgen/core';
import {
  type Database,
  type Db,
  isUniqueViolation,
  type Selectable,
  sql,
  type Transaction,
  type WebhooksTable,
} from '@vidgen/db';
import type { WebhookEvent } from './webhook-events';

export interface Webhook {
  id: string;
  accountId: string;
  url: string;
  event: WebhookEvent;
  secret: string;
  isActive: boolean;
  createdAt: string;
}

const COLUMNS = ['id', 'account_id', 'url', 'event', 'secret', 'is_active', 'created_at'] as const;

type Row = Pick<Selectable<WebhooksTable>, (typeof COLUMNS)[number]>;

export class WebhookRepository {
  constructor(private readonly db: Db) {}

  async insert(
    accountId: string,
    input: { url: string; event: WebhookEvent; secret: string },
  ): Promise<Webhook> {
    try {
      const row = await this.db
        .insertInto('webhooks')
        .values({ account_id: accountId, url: input.url, event: input.event, secret: input.secret })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return toWebhook(row);
    } catch (err) {
      if (isUniqueViolation(err, 'webhooks_account_url_event_idx')) {
        throw new ConflictError(`A webhook for ${input.event} at this url already exists`);
      }
      throw err;
    }
  }

  async list(accountId: string): Promise<Webhook[]> {
    const rows = await this.db
      .selectFrom('webhooks')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(toWebhook);
  }

  async find(accountId: string, id: string): Promise<Webhook | undefined> {
    const row = await this.db
      .selectFrom('webhooks')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toWebhook(row);
  }

  /** The webhooks that get a delivery of `event` now: active, not deleted. */
  async activeFor(accountId: string, event: WebhookEvent, trx: Transaction<Database>): Promise<Webhook[]> {
    const rows = await trx
      .selectFrom('webhooks')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('event', '=', event)
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return rows.map(toWebhook);
  }

  /** Activation starts the count of exhausted deliveries afresh. */
  async setActive(accountId: string, id: string, active: boolean): Promise<Webhook | undefined> {
    const row = await this.db
      .updateTable('webhooks')
      .set(active ? { is_active: true, consecutive_failures: 0 } : { is_active: false })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toWebhook(row);
  }

  /** Counts one more exhausted delivery in a row; returns the new count. The row stays locked until commit. */
  async countFailure(accountId: string, id: string, trx: Transaction<Database>): Promise<number> {
    const row = await trx
      .updateTable('webhooks')
      .set((eb) => ({ consecutive_failures: eb('consecutive_failures', '+', 1) }))
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .returning('consecutive_failures')
      .executeTakeFirstOrThrow();
    return row.consecutive_failures;
  }

  async clearFailures(accountId: string, id: string, trx: Transaction<Database>): Promise<void> {
    // Most deliveries succeed to a webhook with nothing to clear: no row version, no row lock.
    await trx
      .updateTable('webhooks')
      .set({ consecutive_failures: 0 })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('consecutive_failures', '>', 0)
      .execute();
  }

  async deactivate(accountId: string, id: string, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable('webhooks')
      .set({ is_active: false })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .execute();
  }

  /** Soft delete, so past deliveries keep their webhook; returns false when nothing matched. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const res = await this.db
      .updateTable('webhooks')
      .set({ deleted_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }
}

function toWebhook(row: Row): Webhook {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    event: row.event as WebhookEvent,
    secret: row.secret,
    isActive: row.is_active,
    createdAt: row.created_at,
  };
}
