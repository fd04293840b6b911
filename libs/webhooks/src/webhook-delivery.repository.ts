import { type Database, type Db, sql, type Transaction } from '@vidgen/db';
import { PUBLISHER_RUN_ID, type WebhookDeliveryStatus } from '@vidgen/workflows';
import type { DeliveryAssetIds } from './delivery-links';
import type { WebhookEvent } from './webhook-events';

type Tx = Transaction<Database>;

/** What one attempt needs: the stored payload, the assets it links to and the webhook as it is now. */
export interface DeliveryTarget {
  id: string;
  accountId: string;
  event: WebhookEvent;
  payload: string;
  /** The delivery's link fields → ids of the assets that its video still owns (not deleted). */
  assetIds: DeliveryAssetIds;
  url: string;
  secret: string;
  webhookActive: boolean;
  webhookDeleted: boolean;
}

/** A delivery of one occurrence: its id, and how far its runs got. */
export interface OccurrenceDelivery {
  id: string;
  accountId: string;
  /** Runs begun: 0 until the publisher's first attempt or a workflow run begins one. */
  runs: number;
  status: WebhookDeliveryStatus;
  nextRetryAt: string | null;
  /** PUBLISHER_RUN_ID while the only run is the one the publisher began. */
  currentRunId: string | null;
}

/** The columns an OccurrenceDelivery is read from. */
const RUN_STATE_COLUMNS = ['id', 'account_id', 'runs', 'status', 'next_retry_at', 'current_run_id'] as const;

function toOccurrenceDelivery(r: {
  id: string;
  account_id: string;
  runs: number;
  status: string;
  next_retry_at: string | null;
  current_run_id: string | null;
}): OccurrenceDelivery {
  return {
    id: r.id,
    accountId: r.account_id,
    runs: r.runs,
    status: r.status as WebhookDeliveryStatus,
    nextRetryAt: r.next_retry_at === null ? null : new Date(r.next_retry_at).toISOString(),
    currentRunId: r.current_run_id,
  };
}

export interface NewDelivery {
  webhookId: string;
  accountId: string;
  /** The video of a video event, or the batch of `batch.completed`. */
  videoId: string | null;
  batchId?: string;
  event: WebhookEvent;
  occurrenceKey: string;
  payload: string;
  assetIds: DeliveryAssetIds;
}

/**
 * Deliveries and their runs, worker-side: created once per (webhook, video, occurrence), begun,
 * settled and cancelled by the publisher and the delivery workflow, which own them. Their
 * attempts are WebhookDeliveryAttemptRepository's; the account's reads, WebhookDeliveryLogRepository's.
 */
export class WebhookDeliveryRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Inserts what is not there yet; the unique (webhook, video, occurrence) key makes a repeat a no-op. */
  async insertMissing(rows: readonly NewDelivery[], trx: Tx): Promise<void> {
    if (rows.length === 0) return;
    await trx
      .insertInto('webhook_deliveries')
      .values(
        rows.map((r) => ({
          webhook_id: r.webhookId,
          account_id: r.accountId,
          video_id: r.videoId,
          batch_id: r.batchId ?? null,
          event: r.event,
          occurrence_key: r.occurrenceKey,
          payload: r.payload,
          asset_ids: JSON.stringify(r.assetIds),
        })),
      )
      // The unique (webhook, video, occurrence) key, or (webhook, batch, occurrence) for a batch's.
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** Every delivery of one occurrence of a batch event, with how far its first run got. */
  async forBatchOccurrence(
    accountId: string,
    batchId: string,
    occurrenceKey: string,
  ): Promise<OccurrenceDelivery[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select(RUN_STATE_COLUMNS)
      .where('account_id', '=', accountId)
      .where('batch_id', '=', batchId)
      .where('occurrence_key', '=', occurrenceKey)
      .orderBy('created_at')
      .execute();
    return rows.map(toOccurrenceDelivery);
  }

  /** Every delivery of one occurrence of a video event, with how far its first run got. */
  async forOccurrence(
    accountId: string,
    videoId: string,
    occurrenceKey: string,
  ): Promise<OccurrenceDelivery[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select(RUN_STATE_COLUMNS)
      .where('account_id', '=', accountId)
      .where('video_id', '=', videoId)
      .where('occurrence_key', '=', occurrenceKey)
      .orderBy('created_at')
      .execute();
    return rows.map(toOccurrenceDelivery);
  }

  /** One delivery as forOccurrence reads it. */
  async runState(deliveryId: string): Promise<OccurrenceDelivery | undefined> {
    const row = await this.db
      .selectFrom('webhook_deliveries')
      .select(RUN_STATE_COLUMNS)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    return row && toOccurrenceDelivery(row);
  }

  /** Worker-side: the delivery workflow owns the delivery, so no tenant is involved. */
  async target(deliveryId: string): Promise<DeliveryTarget | undefined> {
    return (await this.targets([deliveryId])).get(deliveryId);
  }

  /** What the attempts of these deliveries need, by delivery id, in one query. */
  async targets(deliveryIds: readonly string[]): Promise<Map<string, DeliveryTarget>> {
    if (deliveryIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select([
        'd.id',
        'd.account_id',
        'd.event',
        'd.payload',
        // Of the kept ids, those whose asset is still the delivery's video's own.
        sql<DeliveryAssetIds>`(
          select coalesce(jsonb_object_agg(k.key, k.value), '{}'::jsonb)
          from jsonb_each_text(d.asset_ids) k
          join assets a on a.id::text = k.value
          where a.video_id = d.video_id and a.account_id = d.account_id and a.deleted_at is null
        )`.as('asset_ids'),
        'w.url',
        'w.secret',
        'w.is_active',
        'w.deleted_at',
      ])
      .where('d.id', 'in', deliveryIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          accountId: row.account_id,
          event: row.event as WebhookEvent,
          payload: row.payload,
          assetIds: row.asset_ids,
          url: row.url,
          secret: row.secret,
          webhookActive: row.is_active,
          webhookDeleted: row.deleted_at !== null,
        },
      ]),
    );
  }

  /**
   * Begins a delivery's first run for the publisher's attempt (current_run_id PUBLISHER_RUN_ID),
   * only while no run has begun: false when one has, so two publishers never both record it.
   */
  async beginFirstRun(deliveryId: string, trx: Tx): Promise<boolean> {
    const started = await trx
      .updateTable('webhook_deliveries')
      .set({ runs: 1, current_run_id: PUBLISHER_RUN_ID, status: 'pending', updated_at: sql`now()` })
      .where('id', '=', deliveryId)
      .where('runs', '=', 0)
      .returning('runs')
      .executeTakeFirst();
    return started !== undefined;
  }

  /** Names the workflow run that goes on from the publisher's first run, once it has started. */
  async nameFirstRun(deliveryId: string, runId: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ current_run_id: runId })
      .where('id', '=', deliveryId)
      .where('current_run_id', '=', PUBLISHER_RUN_ID)
      .execute();
  }

  /**
   * Numbers a workflow run of the delivery and marks it pending. Keyed by the run's id, so a
   * retried call returns the same number instead of counting the run twice.
   */
  async beginRun(deliveryId: string, runId: string): Promise<number | undefined> {
    const started = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        runs: eb('runs', '+', 1),
        current_run_id: runId,
        status: 'pending',
        next_retry_at: null,
        updated_at: sql`now()`,
      }))
      .where('id', '=', deliveryId)
      .where((eb) => eb.or([eb('current_run_id', 'is', null), eb('current_run_id', '!=', runId)]))
      .returning('runs')
      .executeTakeFirst();
    if (started) return started.runs;
    const same = await this.db
      .selectFrom('webhook_deliveries')
      .select('runs')
      .where('id', '=', deliveryId)
      .where('current_run_id', '=', runId)
      .executeTakeFirst();
    return same?.runs;
  }

  /**
   * Projects an attempt onto its delivery while its run is open (pending): finished (`final`) or
   * pending its next retry. Returns its webhook; undefined when the run had already ended, which
   * this leaves as it was: a final run never reopens (docs/decisions/0052-recorded-outcome-wins.md).
   */
  async settle(
    deliveryId: string,
    state: { final: 'succeeded' | 'failed' | null; nextRetryAt: string | null },
    trx: Tx,
  ): Promise<{ webhookId: string; accountId: string } | undefined> {
    const row = await trx
      .updateTable('webhook_deliveries')
      .set({
        status: state.final ?? 'pending',
        next_retry_at: state.final ? null : state.nextRetryAt,
        updated_at: sql`now()`,
      })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .returning(['webhook_id', 'account_id'])
      .executeTakeFirst();
    return row && { webhookId: row.webhook_id, accountId: row.account_id };
  }

  async cancelRun(deliveryId: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'cancelled', next_retry_at: null, updated_at: sql`now()` })
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
  }
}
