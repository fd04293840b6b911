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
import { credits } from '@vidgen/metrics';
import type { LedgerEvent, LedgerRepository } from './ledger.repository';
import { appendEntry } from './ledger.service';
import type { PaymentProvider } from './payment.provider';
import { offerFor, PLAN_OFFERS, type PlanOffer } from './plans';

/** A purchase made (or the first one, for a payment presented again). */
export interface Purchase {
  /** The balance after the purchase. */
  balance: number;
  plan: PlanOffer['plan'];
  creditsAdded: number;
  paymentReference: string;
}

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
  async purchase(accountId: string, plan: string, paymentToken: string): Promise<Purchase> {
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
      creditsAdded: offer.credits,
      paymentReference: reference,
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
      // The credits and the plan move in one transaction, keyed by the payment.
      const { event, applied } = await this.ledger.transaction(async (trx) => {
        const appended = await appendEntry(
          this.ledger,
          {
            accountId,
            kind: 'purchased',
            amount: offer.credits,
            reason: `${offer.plan} plan`,
            idempotencyKey: `purchase:${reference}`,
            metadata: { plan: offer.plan, payment_reference: reference },
          },
          trx,
        );
        await this.ledger.setPlan(accountId, offer.plan, trx);
        return appended;
      });
      // A replayed payment reference returns the first purchase and counts nothing.
      if (applied) credits.inc({ kind: 'purchased' }, offer.credits);
      return event;
    } catch (err) {
      if (raced || !isUniqueViolation(err)) throw err;
      return this.creditOnce(accountId, offer, reference, true);
    }
  }
}
