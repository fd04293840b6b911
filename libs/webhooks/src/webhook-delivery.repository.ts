import {
  beforeCursor,
  type Database,
  type Db,
  type Selectable,
  sql,
  type Transaction,
  type WebhookDeliveriesTable,
  type WebhookDeliveryAttemptsTable,
} from '@vidgen/db';
import { PUBLISHER_RUN_ID, type WebhookDeliveryStatus } from '@vidgen/workflows';
import type { DeliveryAssetIds } from './delivery-links';
import type { WebhookEvent } from './webhook-events';

type Tx = Transaction<Database>;

export interface DeliveryAttempt {
  run: number;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  attemptedAt: string;
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
  nextRetryAt: string | null;
}

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  accountId: string;
  videoId: string;
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

export type NewDeliveryAttempt = DeliveryAttempt & { deliveryId: string };

/** The columns a DeliveryAttempt is read from. */
const ATTEMPT_COLUMNS = [
  'run',
  'attempt',
  'outcome',
  'attempted_at',
  'duration_ms',
  'status_code',
  'error',
  'next_retry_at',
] as const;

function toDeliveryAttempt(
  a: Pick<Selectable<WebhookDeliveryAttemptsTable>, (typeof ATTEMPT_COLUMNS)[number]>,
): DeliveryAttempt {
  return {
    run: a.run,
    attempt: a.attempt,
    outcome: a.outcome,
    attemptedAt: a.attempted_at,
    durationMs: a.duration_ms,
    statusCode: a.status_code,
    error: a.error,
    nextRetryAt: a.next_retry_at,
  };
}

export interface NewDelivery {
  webhookId: string;
  accountId: string;
  videoId: string;
  event: WebhookEvent;
  occurrenceKey: string;
  payload: string;
  assetIds: DeliveryAssetIds;
}

const DELIVERY_COLUMNS = [
  'id',
  'webhook_id',
  'account_id',
  'video_id',
  'event',
  'status',
  'runs',
  'current_run_id',
  'next_retry_at',
  'created_at',
  'updated_at',
] as const;

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
          event: r.event,
          occurrence_key: r.occurrenceKey,
          payload: r.payload,
          asset_ids: JSON.stringify(r.assetIds),
        })),
      )
      .onConflict((oc) => oc.constraint('webhook_deliveries_occurrence_key').doNothing())
      .execute();
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
   * Appends one attempt (append-only), once per (delivery, run, attempt): undefined when this call
   * wrote it; otherwise the attempt already recorded under that key, which stands
   * (docs/decisions/0052-recorded-outcome-wins.md). A record still being committed is waited for.
   */
  async insertAttempt(attempt: NewDeliveryAttempt, trx: Tx): Promise<DeliveryAttempt | undefined> {
    const inserted = await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: attempt.deliveryId,
        run: attempt.run,
        attempt: attempt.attempt,
        outcome: attempt.outcome,
        attempted_at: attempt.attemptedAt,
        duration_ms: attempt.durationMs,
        status_code: attempt.statusCode,
        error: attempt.error,
        next_retry_at: attempt.nextRetryAt,
      })
      .onConflict((oc) => oc.columns(['delivery_id', 'run', 'attempt']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return undefined;
    // The conflicting row has committed (the insert waited for it): this statement sees it.
    const stored = await trx
      .selectFrom('webhook_delivery_attempts')
      .select(ATTEMPT_COLUMNS)
      .where('delivery_id', '=', attempt.deliveryId)
      .where('run', '=', attempt.run)
      .where('attempt', '=', attempt.attempt)
      .executeTakeFirstOrThrow();
    return toDeliveryAttempt(stored);
  }

  /**
   * What is already recorded for an attempt about to be made: the attempt itself, or, once the
   * delivery says its run is over (succeeded or failed), the last attempt of that run. Undefined
   * while neither is the case: the attempt is to be made.
   */
  async recordedBefore(
    deliveryId: string,
    run: number,
    attempt: number,
  ): Promise<DeliveryAttempt | undefined> {
    const row = await this.db
      .selectFrom('webhook_delivery_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(ATTEMPT_COLUMNS.map((c) => `a.${c}` as const))
      .where('a.delivery_id', '=', deliveryId)
      .where('a.run', '=', run)
      .where((eb) =>
        eb.or([
          eb('a.attempt', '=', attempt),
          eb.and([eb('d.runs', '=', run), eb('d.status', 'in', ['succeeded', 'failed'])]),
        ]),
      )
      .orderBy('a.attempt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toDeliveryAttempt(row);
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
