import { InsufficientCreditsError, NotFoundError } from '@vidgen/core';
import {
  beforeCursor,
  type Database,
  type Db,
  type LedgerEventsTable,
  lockForUpdate,
  type Selectable,
  sql,
  type Transaction,
} from '@vidgen/db';
import { credits } from '@vidgen/metrics';

type Tx = Transaction<Database>;

export type LedgerKind = LedgerEventsTable['kind'];

export interface LedgerEntryInput {
  accountId: string;
  kind: LedgerKind;
  /** Signed amount: charges are negative. */
  amount: number;
  videoId?: string | null;
  item?: string | null;
  reason?: string | null;
  /** Unique per account: appending the same key twice returns the first event unchanged. */
  idempotencyKey?: string | null;
  metadata?: Record<string, unknown>;
}

export interface LedgerEvent {
  id: string;
  accountId: string;
  kind: LedgerKind;
  amount: number;
  balanceAfter: number;
  videoId: string | null;
  item: string | null;
  reason: string | null;
  createdAt: string;
}

export class LedgerRepository {
  constructor(private readonly db: Db) {}

  /**
   * Appends one event and moves the balance projection in the same transaction.
   *
   * The account row is locked first (lockForUpdate), so concurrent appends on one account are
   * serialised: the balance check and the write cannot interleave, and the balance can never
   * go below zero even under concurrent approvals. A repeated idempotency key finds the
   * earlier event under that same lock and changes nothing.
   */
  async append(entry: LedgerEntryInput, trx?: Tx): Promise<{ event: LedgerEvent; applied: boolean }> {
    const run = async (tx: Tx) => {
      const account = await lockForUpdate(tx, entry.accountId);
      if (!account) throw new NotFoundError('Account');
      if (entry.idempotencyKey) {
        const existing = await tx
          .selectFrom('ledger_events')
          .selectAll()
          .where('account_id', '=', entry.accountId)
          .where('idempotency_key', '=', entry.idempotencyKey)
          .executeTakeFirst();
        if (existing) return { event: toEvent(existing), applied: false };
      }
      const balanceAfter = account.creditsBalance + entry.amount;
      if (balanceAfter < 0) throw new InsufficientCreditsError(-entry.amount, account.creditsBalance);
      await tx
        .updateTable('accounts')
        .set({ credits_balance: balanceAfter })
        .where('id', '=', entry.accountId)
        .execute();
      const row = await tx
        .insertInto('ledger_events')
        .values({
          account_id: entry.accountId,
          kind: entry.kind,
          amount: entry.amount,
          balance_after: balanceAfter,
          video_id: entry.videoId ?? null,
          item: entry.item ?? null,
          reason: entry.reason ?? null,
          idempotency_key: entry.idempotencyKey ?? null,
          metadata: JSON.stringify(entry.metadata ?? {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return { event: toEvent(row), applied: true };
    };
    if (trx) return run(trx); // the caller counts what its transaction committed
    const result = await this.db.transaction().execute(run);
    if (result.applied) credits.inc({ kind: entry.kind }, Math.abs(entry.amount));
    return result;
  }

  /** The idempotency keys among `keys` that the account's ledger already holds. */
  async appliedKeys(accountId: string, keys: readonly string[], trx?: Tx): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await (trx ?? this.db)
      .selectFrom('ledger_events')
      .select('idempotency_key')
      .where('account_id', '=', accountId)
      .where('idempotency_key', 'in', keys)
      .execute();
    return new Set(rows.map((r) => r.idempotency_key!));
  }

  /** Credits currently held for each item of a video: charged minus refunded. */
  async heldByItem(accountId: string, videoId: string, trx?: Tx): Promise<Map<string, number>> {
    const rows = await (trx ?? this.db)
      .selectFrom('ledger_events')
      .select(['item', (eb) => eb.fn.sum<number>('amount').as('net')])
      .where('account_id', '=', accountId)
      .where('video_id', '=', videoId)
      .where('kind', 'in', ['charged', 'refunded'])
      .where('item', 'is not', null)
      .groupBy('item')
      .execute();
    return new Map(rows.map((r) => [r.item!, -Number(r.net)]));
  }

  async account(accountId: string): Promise<{ balance: number; plan: string } | undefined> {
    const row = await this.db
      .selectFrom('accounts')
      .select(['credits_balance', 'plan'])
      .where('id', '=', accountId)
      .executeTakeFirst();
    return row && { balance: row.credits_balance, plan: row.plan };
  }

  /** Newest first, keyset-paginated. */
  async list(
    accountId: string,
    q: { limit: number; cursor?: { createdAt: string; id: string } },
  ): Promise<LedgerEvent[]> {
    let query = this.db.selectFrom('ledger_events').selectAll().where('account_id', '=', accountId);
    if (q.cursor) query = query.where(beforeCursor(q.cursor));
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
    return rows.map(toEvent);
  }

  /** A purchase credits the pack and moves the account to the plan, atomically; keyed by the payment. */
  /** The purchase a payment reference already credited, whichever account it was. */
  async purchaseByReference(reference: string): Promise<LedgerEvent | undefined> {
    const row = await this.db
      .selectFrom('ledger_events')
      .selectAll()
      .where('kind', '=', 'purchased')
      .where(sql<boolean>`metadata->>'payment_reference' = ${reference}`)
      .executeTakeFirst();
    return row && toEvent(row);
  }

  async purchase(
    accountId: string,
    input: { plan: string; credits: number; paymentReference: string },
  ): Promise<LedgerEvent> {
    const { event, applied } = await this.db.transaction().execute(async (trx) => {
      const appended = await this.append(
        {
          accountId,
          kind: 'purchased',
          amount: input.credits,
          reason: `${input.plan} plan`,
          idempotencyKey: `purchase:${input.paymentReference}`,
          metadata: { plan: input.plan, payment_reference: input.paymentReference },
        },
        trx,
      );
      await trx.updateTable('accounts').set({ plan: input.plan }).where('id', '=', accountId).execute();
      return appended;
    });
    // A replayed payment reference returns the first purchase and counts nothing.
    if (applied) credits.inc({ kind: 'purchased' }, input.credits);
    return event;
  }
}

function toEvent(row: Selectable<LedgerEventsTable>): LedgerEvent {
  return {
    id: row.id,
    accountId: row.account_id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: row.balance_after,
    videoId: row.video_id,
    item: row.item,
    reason: row.reason,
    createdAt: row.created_at,
  };
}
