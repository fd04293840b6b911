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

/** Offline provider (docs/credits.md#purchases): accepts tokens beginning `tok_test_ok`, rejects others. */
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
