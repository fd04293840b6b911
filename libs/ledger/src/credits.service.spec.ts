import { PaymentFailedError } from '@vidgen/core';
import { credits } from '@vidgen/metrics';
import { describe, expect, it } from 'vitest';
import { memoryLedger } from '../test/support/memory-ledger';
import { CreditsService } from './credits.service';
import { LocalPaymentProvider } from './payment.provider';

const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-00000000000b';

async function counted(kind: string): Promise<number> {
  return (await credits.get()).values.find((v) => v.labels.kind === kind)?.value ?? 0;
}

function setup() {
  const l = memoryLedger({ [ACCOUNT]: { balance: 5, plan: 'free' }, [OTHER]: { balance: 0, plan: 'free' } });
  return { ...l, service: new CreditsService(l.ledger, new LocalPaymentProvider()) };
}

describe('CreditsService.purchase', () => {
  it('adds the pack, moves the account to the plan and counts the credits as purchased', async () => {
    const s = setup();
    const before = await counted('purchased');
    const purchase = await s.service.purchase(ACCOUNT, 'starter', 'tok_test_ok_1');
    expect(purchase).toEqual({
      balance: 105,
      plan: 'starter',
      creditsAdded: 100,
      paymentReference: expect.stringMatching(/^pay_local_/),
    });
    expect(s.accounts[ACCOUNT]).toEqual({ balance: 105, plan: 'starter' });
    expect(s.events.map((e) => [e.kind, e.amount, e.idempotencyKey])).toEqual([
      ['purchased', 100, `purchase:${purchase.paymentReference}`],
    ]);
    expect(await counted('purchased')).toBe(before + 100);
  });

  it('answers a payment presented again with the first purchase, crediting and counting nothing', async () => {
    const s = setup();
    const first = await s.service.purchase(ACCOUNT, 'starter', 'tok_test_ok_1');
    const before = await counted('purchased');
    expect(await s.service.purchase(ACCOUNT, 'starter', 'tok_test_ok_1')).toEqual(first);
    expect(s.events).toHaveLength(1);
    expect(s.accounts[ACCOUNT]!.balance).toBe(105);
    expect(await counted('purchased')).toBe(before);
  });

  it('refuses a payment another account already used', async () => {
    const s = setup();
    await s.service.purchase(ACCOUNT, 'starter', 'tok_test_ok_1');
    await expect(s.service.purchase(OTHER, 'starter', 'tok_test_ok_1')).rejects.toBeInstanceOf(
      PaymentFailedError,
    );
    expect(s.accounts[OTHER]).toEqual({ balance: 0, plan: 'free' });
  });
});
