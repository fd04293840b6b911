// The ledger repository in memory, for the unit specs of the ledger's services: the same
// methods over a few accounts and their events, no PostgreSQL. A transaction is the callback
// run as it is (nothing is rolled back: the rules under test throw before they write).
import type { Database, Transaction } from '@vidgen/db';
import type { LedgerEntryInput, LedgerEvent, LedgerRepository } from '../../src/ledger.repository';

const TRX = {} as Transaction<Database>;

export interface MemoryEvent extends LedgerEvent {
  idempotencyKey: string | null;
  metadata: Record<string, unknown>;
}

export function memoryLedger(accounts: Record<string, { balance: number; plan: string }>) {
  const events: MemoryEvent[] = [];
  const repo = {
    transaction: async <T>(fn: (trx: Transaction<Database>) => Promise<T>) => fn(TRX),
    lockAccount: async (accountId: string) => {
      const account = accounts[accountId];
      return account && { balance: account.balance };
    },
    eventByKey: async (accountId: string, key: string) =>
      events.find((e) => e.accountId === accountId && e.idempotencyKey === key),
    insert: async (entry: LedgerEntryInput & { balanceAfter: number }) => {
      accounts[entry.accountId]!.balance = entry.balanceAfter;
      const event: MemoryEvent = {
        id: `event-${events.length + 1}`,
        accountId: entry.accountId,
        kind: entry.kind,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        videoId: entry.videoId ?? null,
        item: entry.item ?? null,
        reason: entry.reason ?? null,
        createdAt: '2026-01-01 00:00:00',
        idempotencyKey: entry.idempotencyKey ?? null,
        metadata: entry.metadata ?? {},
      };
      events.push(event);
      return event;
    },
    setPlan: async (accountId: string, plan: string) => {
      accounts[accountId]!.plan = plan;
    },
    purchaseByReference: async (reference: string) =>
      events.find((e) => e.kind === 'purchased' && e.metadata.payment_reference === reference),
    account: async (accountId: string) => accounts[accountId] && { ...accounts[accountId] },
  };
  return { ledger: repo as unknown as LedgerRepository, events, accounts };
}
