import type { Plan } from '@vidgen/auth';
import {
  decodeCursor,
  InvalidPlanError,
  NotFoundError,
  type Page,
  PaymentFailedError,
  pageOf,
} from '@vidgen/core';
import { isUniqueViolation } from '@vidgen/db';
import type { LedgerEvent, LedgerRepository } from './ledger.repository';
import type { PaymentProvider } from './payment.provider';
import { offerFor, PLAN_OFFERS } from './plans';

export class CreditsService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly payments: PaymentProvider,
  ) {}

  async summary(accountId: string): Promise<{ balance: number; plan: Plan }> {
    const account = await this.ledger.account(accountId);
    if (!account) throw new NotFoundError('Account');
    return { balance: account.balance, plan: account.plan as Plan };
  }

  async history(accountId: string, q: { limit: number; cursor?: string }): Promise<Page<LedgerEvent>> {
    const rows = await this.ledger.list(accountId, {
      limit: q.limit + 1,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  /**
   * Buys a plan's credit pack: the payment provider charges the token, then one `purchased`
   * event (keyed by the payment reference, so a retried purchase never credits twice) adds
   * the credits and moves the account to the plan, in one transaction.
   */
  async purchase(accountId: string, plan: string, paymentToken: string) {
    const offer = offerFor(plan);
    if (!offer) throw new InvalidPlanError(`${plan} (plans: ${Object.keys(PLAN_OFFERS).join(', ')})`);
    const { reference } = await this.payments.charge({
      token: paymentToken,
      amountCents: offer.priceCents,
      description: `vidgen ${offer.plan} plan, ${offer.credits} credits`,
    });
    const event = await this.creditOnce(accountId, offer, reference);
    return {
      balance: event.balanceAfter,
      plan: offer.plan,
      credits_added: offer.credits,
      payment_reference: reference,
    };
  }

  /**
   * One payment credits at most one purchase anywhere: presented again by the same account it
   * returns the first purchase (a retried request); by another account it is refused. The
   * unique index on the reference settles two accounts racing with one payment.
   */
  private async creditOnce(
    accountId: string,
    offer: { plan: Plan; credits: number },
    reference: string,
    raced = false,
  ): Promise<LedgerEvent> {
    const first = await this.ledger.purchaseByReference(reference);
    if (first) {
      if (first.accountId !== accountId) {
        throw new PaymentFailedError('This payment was already used for another purchase');
      }
      return first;
    }
    try {
      return await this.ledger.purchase(accountId, {
        plan: offer.plan,
        credits: offer.credits,
        paymentReference: reference,
      });
    } catch (err) {
      if (raced || !isUniqueViolation(err)) throw err;
      return this.creditOnce(accountId, offer, reference, true);
    }
  }
}
