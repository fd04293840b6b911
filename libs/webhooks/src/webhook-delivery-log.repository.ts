import {
  beforeCursor,
  type Database,
  type Db,
  type Selectable,
  type Transaction,
  type WebhookDeliveriesTable,
} from '@vidgen/db';
import type { WebhookDeliveryStatus } from '@vidgen/workflows';
import {
  ATTEMPT_COLUMNS,
  type DeliveryAttempt,
  toDeliveryAttempt,
} from './webhook-delivery-attempt.repository';
import type { WebhookEvent } from './webhook-events';

type Tx = Transaction<Database>;

/** A delivery as its account sees it (GET /callbacks/{id}/deliveries), with every attempt. */
export interface WebhookDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  /** The video of a video event; null for `batch.completed` (then batchId). */
  videoId: string | null;
  batchId: string | null;
  event: WebhookEvent;
  status: WebhookDeliveryStatus;
  runs: number;
  /** The Temporal run that last began (and, once final, settled) the delivery. */
  currentRunId: string | null;
  nextRetryAt: string | null;
  createdAt: string;
  updatedAt: string;
  attempts: DeliveryAttempt[];
}

const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'account_id',
  'video_id',
  'batch_id',
  'event',
  'status',
  'runs',
  'current_run_id',
  'next_retry_at',
  'created_at',
  'updated_at',
] as const;

/** The delivery log of an account's webhooks: what was sent, when, and what came back. */
export class WebhookDeliveryLogRepository {
  constructor(private readonly db: Db) {}

  /** A webhook's deliveries, newest first, with their attempts (oldest first). */
  async list(
    accountId: string,
    webhookId: string,
    page: { limit: number; cursor?: { createdAt: string; id: string } },
  ): Promise<WebhookDelivery[]> {
    return this.snapshot(async (trx) => {
      let q = trx
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('account_id', '=', accountId)
        .where('webhook_id', '=', webhookId);
      if (page.cursor) q = q.where(beforeCursor(page.cursor));
      const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
      return this.withAttempts(rows, trx);
    });
  }

  async find(accountId: string, webhookId: string, deliveryId: string): Promise<WebhookDelivery | undefined> {
    return this.snapshot(async (trx) => {
      const row = await trx
        .selectFrom('webhook_deliveries')
        .select(DELIVERY_COLUMNS)
        .where('account_id', '=', accountId)
        .where('webhook_id', '=', webhookId)
        .where('id', '=', deliveryId)
        .executeTakeFirst();
      return row && (await this.withAttempts([row], trx))[0];
    });
  }

  /**
   * Reads a delivery and its attempts from one snapshot. An attempt and the delivery's new state
   * commit together; read by two statements in separate snapshots, a reader could see the attempt
   * beside the delivery's state from before it (pending, no next retry).
   */
  private snapshot<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute(fn);
  }

  private async withAttempts(
    rows: Pick<Selectable<WebhookDeliveriesTable>, (typeof DELIVERY_COLUMNS)[number]>[],
    trx: Tx,
  ): Promise<WebhookDelivery[]> {
    if (rows.length === 0) return [];
    const attempts = await trx
      .selectFrom('webhook_delivery_attempts')
      .select(['delivery_id', ...ATTEMPT_COLUMNS])
      .where(
        'delivery_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('delivery_id')
      .orderBy('run')
      .orderBy('attempt')
      .execute();
    const byDelivery = new Map<string, DeliveryAttempt[]>();
    for (const a of attempts) {
      const list = byDelivery.get(a.delivery_id) ?? [];
      list.push(toDeliveryAttempt(a));
      byDelivery.set(a.delivery_id, list);
    }
    return rows.map((r) => ({
      id: r.id,
      webhookId: r.webhook_id,
      accountId: r.account_id,
      videoId: r.video_id,
      batchId: r.batch_id,
      event: r.event as WebhookEvent,
      status: r.status,
      runs: r.runs,
      currentRunId: r.current_run_id,
      nextRetryAt: r.next_retry_at,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      attempts: byDelivery.get(r.id) ?? [],
    }));
  }
}
