import { InsufficientCreditsError, NotFoundError } from '@vidgen/core';
import { credits } from '@vidgen/metrics';
import { describe, expect, it } from 'vitest';
import { memoryLedger } from '../test/support/memory-ledger';
import { appendEntry, LedgerService } from './ledger.service';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';

/** vidgen_credits_total for one kind, as the metrics endpoint would show it. */
async function counted(kind: string): Promise<number> {
  return (await credits.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

describe('appendEntry', () => {
  it('moves the balance by the amount and says the entry was applied', async () => {
    const l = memoryLedger({ [ACCOUNT]: { balance: 5, plan: 'free' } });
    const { event, applied } = await l.ledger.transaction((trx) =>
      appendEntry(l.ledger, { accountId: ACCOUNT, kind: 'charged', amount: -3, idempotencyKey: 'k1' }, trx),
    );
    expect(applied).toBe(true);
    expect(event.balanceAfter).toBe(2);
    expect(l.accounts[ACCOUNT]!.balance).toBe(2);
  });

  it('refuses an entry that would take the balance below zero, and writes nothing', async () => {
    const l = memoryLedger({ [ACCOUNT]: { balance: 2, plan: 'free' } });
    const append = l.ledger.transaction((trx) =>
      appendEntry(l.ledger, { accountId: ACCOUNT, kind: 'charged', amount: -3 }, trx),
    );
    await expect(append).rejects.toBeInstanceOf(InsufficientCreditsError);
    expect(l.events).toEqual([]);
    expect(l.accounts[ACCOUNT]!.balance).toBe(2);
  });

  it('returns the first event for a repeated idempotency key and moves nothing', async () => {
    const l = memoryLedger({ [ACCOUNT]: { balance: 5, plan: 'free' } });
    const entry = { accountId: ACCOUNT, kind: 'charged' as const, amount: -3, idempotencyKey: 'k1' };
    const first = await l.ledger.transaction((trx) => appendEntry(l.ledger, entry, trx));
    const again = await l.ledger.transaction((trx) => appendEntry(l.ledger, entry, trx));
    expect(again).toEqual({ event: first.event, applied: false });
    expect(l.events).toHaveLength(1);
    expect(l.accounts[ACCOUNT]!.balance).toBe(2);
  });

  it('refuses an account that does not exist', async () => {
    const l = memoryLedger({});
    const append = l.ledger.transaction((trx) =>
      appendEntry(l.ledger, { accountId: ACCOUNT, kind: 'granted', amount: 1 }, trx),
    );
    await expect(append).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('LedgerService.grant', () => {
  it('adds the credits and counts them as granted in vidgen_credits_total', async () => {
    const l = memoryLedger({ [ACCOUNT]: { balance: 1, plan: 'free' } });
    const before = await counted('granted');
    expect(await new LedgerService(l.ledger).grant(ACCOUNT, 7, 'welcome')).toEqual({ balance: 8 });
    expect(await counted('granted')).toBe(before + 7);
    expect(l.events.map((e) => [e.kind, e.amount, e.reason])).toEqual([['granted', 7, 'welcome']]);
  });
});
