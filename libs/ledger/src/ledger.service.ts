import { InsufficientCreditsError, isUuid, NotFoundError, ValidationError } from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';
import { credits } from '@vidgen/metrics';
import type { LedgerEntryInput, LedgerEvent, LedgerRepository } from './ledger.repository';

/**
 * Appends one entry in the caller's transaction, the account row locked first: appends on one
 * account are serialised, so the balance check and the write cannot interleave and the balance
 * never goes below zero, even under concurrent approvals. A repeated idempotency key finds the
 * earlier event under that same lock and changes nothing (`applied: false`). Counting the
 * credits moved is the caller's, once its transaction committed.
 */
export async function appendEntry(
  ledger: LedgerRepository,
  entry: LedgerEntryInput,
  trx: Transaction<Database>,
): Promise<{ event: LedgerEvent; applied: boolean }> {
  const account = await ledger.lockAccount(entry.accountId, trx);
  if (!account) throw new NotFoundError('Account');
  if (entry.idempotencyKey) {
    const existing = await ledger.eventByKey(entry.accountId, entry.idempotencyKey, trx);
    if (existing) return { event: existing, applied: false };
  }
  const balanceAfter = account.balance + entry.amount;
  if (balanceAfter < 0) throw new InsufficientCreditsError(-entry.amount, account.balance);
  return { event: await ledger.insert({ ...entry, balanceAfter }, trx), applied: true };
}

export class LedgerService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** Operator grant (CLI). Returns the new balance. */
  async grant(accountId: string, amount: number, reason?: string): Promise<{ balance: number }> {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new ValidationError([{ loc: ['amount'], msg: 'must be a positive integer' }]);
    }
    if (!isUuid(accountId)) throw new NotFoundError('Account');
    const { event, applied } = await this.ledger.transaction((trx) =>
      appendEntry(
        this.ledger,
        { accountId, kind: 'granted', amount, reason: reason ?? 'operator grant' },
        trx,
      ),
    );
    if (applied) credits.inc({ kind: 'granted' }, amount);
    return { balance: event.balanceAfter };
  }
}
