import { createHash } from 'node:crypto';
import { PaymentFailedError } from '@vidgen/core';

export interface PaymentProvider {
  /**
   * Charges the token for the amount; returns the provider's reference for the payment.
   * The same token yields the same reference, so a retried purchase is recognised.
   * Throws PaymentFailedError when the provider rejects the token.
   */
  charge(input: { token: string; amountCents: number; description: string }): Promise<{ reference: string }>;
}

/** Offline test provider (docs/credits.md#purchases): accepts tokens beginning `tok_test_ok`, rejects all others. */
export class LocalPaymentProvider implements PaymentProvider {
  async charge(input: { token: string; amountCents: number }): Promise<{ reference: string }> {
    if (!input.token.startsWith('tok_test_ok'))
      throw new PaymentFailedError('Payment verification failed: the card was declined');
    const digest = createHash('sha256')
      .update(`${input.token}:${input.amountCents}`)
      .digest('hex')
      .slice(0, 24);
    return { reference: `pay_local_${digest}` };
  }
}

/** No payment provider configured (the production default): every purchase is refused. */
export class NoPaymentProvider implements PaymentProvider {
  async charge(): Promise<{ reference: string }> {
    throw new PaymentFailedError('no payment provider is configured');
  }
}

/** The provider PAYMENT_PROVIDER names. */
export function createPaymentProvider(kind: 'test' | 'none'): PaymentProvider {
  return kind === 'test' ? new LocalPaymentProvider() : new NoPaymentProvider();
}
