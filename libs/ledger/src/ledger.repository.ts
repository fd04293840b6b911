import { InsufficientCreditsError, NotFoundError } from '@vidgen/core';
import type { Database, Db, Transaction } from '@vidgen/db';

export type LedgerKind = 'granted' | 'purchased' | 'charged' | 'refunded';

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
   * The account row is locked first (SELECT … FOR UPDATE), so concurrent appends on one
   * account are serialised: the balance check and the write cannot interleave, and the
   * balance can never go below zero even under concurrent approvals. A repeated
   * idempotency key finds the earlier event under that same lock and changes nothing.
   */
  async append(
    entry: LedgerEntryInput,
    trx?: Transaction<Database>,
  ): Promise<{ event: LedgerEvent; applied: boolean }> {
    const run = async (tx: Transaction<Database>) => {
      const account = await tx
        .selectFrom('accounts')
        .select(['credits_balance'])
        .where('id', '=', entry.accountId)
        .forUpdate()
        .executeTakeFirst();
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
      const balanceAfter = account.credits_balance + entry.amount;
      if (balanceAfter < 0) throw new InsufficientCreditsError(-entry.amount, account.credits_balance);
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
    return trx ? run(trx) : this.db.transaction().execute(run);
  }

  async balance(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('accounts')
      .select('credits_balance')
      .where('id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw new NotFoundError('Account');
    return row.credits_balance;
  }
}

function toEvent(row: {
  id: string;
  account_id: string;
  kind: LedgerKind;
  amount: number;
  balance_after: number;
  video_id: string | null;
  item: string | null;
  reason: string | null;
  created_at: string;
}): LedgerEvent {
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
