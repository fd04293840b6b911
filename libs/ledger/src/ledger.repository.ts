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

/**
 * The ledger's SQL: events appended to `ledger_events`, the balance projected onto the account
 * row in the same transaction, and the reads. The rules (the balance check, a repeated key,
 * purchases, the credits counted) are the services' (ledger.service.ts, charge.service.ts,
 * credits.service.ts).
 */
export class LedgerRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Locks the account row until the transaction ends (appends on one account wait for each
   * other) and returns its balance; undefined when there is no such account.
   */
  async lockAccount(accountId: string, trx: Tx): Promise<{ balance: number } | undefined> {
    const account = await lockForUpdate(trx, accountId);
    return account && { balance: account.creditsBalance };
  }

  /** The event the account's ledger holds under an idempotency key. */
  async eventByKey(accountId: string, idempotencyKey: string, trx: Tx): Promise<LedgerEvent | undefined> {
    const row = await trx
      .selectFrom('ledger_events')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirst();
    return row && toEvent(row);
  }

  /** Writes one event and moves the account's balance projection to its `balanceAfter`. */
  async insert(entry: LedgerEntryInput & { balanceAfter: number }, trx: Tx): Promise<LedgerEvent> {
    await trx
      .updateTable('accounts')
      .set({ credits_balance: entry.balanceAfter })
      .where('id', '=', entry.accountId)
      .execute();
    const row = await trx
      .insertInto('ledger_events')
      .values({
        account_id: entry.accountId,
        kind: entry.kind,
        amount: entry.amount,
        balance_after: entry.balanceAfter,
        video_id: entry.videoId ?? null,
        item: entry.item ?? null,
        reason: entry.reason ?? null,
        idempotency_key: entry.idempotencyKey ?? null,
        metadata: JSON.stringify(entry.metadata ?? {}),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toEvent(row);
  }

  async setPlan(accountId: string, plan: string, trx: Tx): Promise<void> {
    await trx.updateTable('accounts').set({ plan }).where('id', '=', accountId).execute();
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
