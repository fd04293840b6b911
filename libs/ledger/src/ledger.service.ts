import { isUuid, NotFoundError, ValidationError } from '@vidgen/core';
import type { LedgerRepository } from './ledger.repository';

export class LedgerService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** Operator grant (CLI). Returns the new balance. */
  async grant(accountId: string, amount: number, reason?: string): Promise<{ balance: number }> {
    if (!Number.isInteger(amount) || amount <= 0) {
      throw new ValidationError([{ loc: ['amount'], msg: 'must be a positive integer' }]);
    }
    if (!isUuid(accountId)) throw new NotFoundError('Account');
    const { event } = await this.ledger.append({
      accountId,
      kind: 'granted',
      amount,
      reason: reason ?? 'operator grant',
    });
    return { balance: event.balanceAfter };
  }
}
