import { loadConfig } from '@vidgen/config';
import { PaymentFailedError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { createPaymentProvider } from './payment.provider';

describe('payment providers', () => {
  it('the test provider takes tok_test_ok… tokens only, one reference per token and amount', async () => {
    const test = createPaymentProvider('test');
    const a = await test.charge({ token: 'tok_test_ok_1', amountCents: 1000, description: 'x' });
    expect(a.reference).toMatch(/^pay_local_[0-9a-f]{24}$/);
    expect(await test.charge({ token: 'tok_test_ok_1', amountCents: 1000, description: 'x' })).toEqual(a);
    await expect(
      test.charge({ token: 'tok_visa', amountCents: 1000, description: 'x' }),
    ).rejects.toBeInstanceOf(PaymentFailedError);
  });

  it('with no provider every purchase is refused, the test token too', async () => {
    await expect(
      createPaymentProvider('none').charge({ token: 'tok_test_ok_1', amountCents: 1000, description: 'x' }),
    ).rejects.toThrow('no payment provider is configured');
  });

  it('is the test provider by default, none in production, and PAYMENT_PROVIDER decides when set', () => {
    expect(loadConfig({}).paymentProvider).toBe('test');
    expect(loadConfig({ NODE_ENV: 'production' }).paymentProvider).toBe('none');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).paymentProvider).toBe('test');
    expect(loadConfig({ PAYMENT_PROVIDER: 'none' }).paymentProvider).toBe('none');
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow();
  });
});
