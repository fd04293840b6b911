import { InsufficientCreditsError, NotFoundError } from '@vidgen/core';
import { type Database, lockForUpdate, type Transaction } from '@vidgen/db';
import { type ChargeItem, ledgerKeys } from '@vidgen/workflows';
import type { LedgerRepository } from './ledger.repository';
import { chargesFor, heldForUnmade, refundFor, type SceneForPricing } from './pricing';

type Tx = Transaction<Database>;

/**
 * Where a video's credits move: what a production run costs, the charge at approval and the
 * refund of an item that failed. Every entry is keyed by video, run and item (ledgerKeys), so a
 * retried or replayed activity finds the entry its first attempt wrote and moves nothing twice.
 */
export class ChargeService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** What the next production run must charge for the scenes as they stand, net of what is still held. */
  async chargesDue(
    accountId: string,
    videoId: string,
    scenes: readonly SceneForPricing[],
    trx?: Tx,
  ): Promise<ChargeItem[]> {
    return chargesFor(scenes, await this.ledger.heldByItem(accountId, videoId, trx));
  }

  /**
   * Charges a run's items at approval, all or nothing, inside the caller's transaction: the
   * account row is locked, the items not charged yet are totalled and checked against the
   * balance (InsufficientCreditsError), then one `charged` entry per item is appended.
   * Returns the credits charged by this call (0 for a repeat).
   */
  async chargeForRun(
    accountId: string,
    input: { videoId: string; run: number; charges: readonly ChargeItem[]; isRetry: boolean },
    trx: Tx,
  ): Promise<number> {
    const account = await lockForUpdate(trx, accountId);
    if (!account) throw new NotFoundError('Account');
    const items = input.charges.map((c) => ({
      ...c,
      key: ledgerKeys.charge(input.videoId, input.run, c.item),
    }));
    const applied = await this.ledger.appliedKeys(
      accountId,
      items.map((i) => i.key),
      trx,
    );
    const todo = items.filter((i) => !applied.has(i.key) && i.amount > 0);
    const total = todo.reduce((n, i) => n + i.amount, 0);
    if (total > account.creditsBalance) throw new InsufficientCreditsError(total, account.creditsBalance);
    for (const i of todo) {
      await this.ledger.append(
        {
          accountId,
          kind: 'charged',
          amount: -i.amount,
          videoId: input.videoId,
          item: i.item,
          reason: input.isRetry ? 'video retry' : 'video production',
          idempotencyKey: i.key,
        },
        trx,
      );
    }
    return total;
  }

  /**
   * Refunds what is still held for one item of a run (charged minus refunded, never more),
   * keyed by video, run and item. Returns the credits refunded by this call: 0 when nothing is
   * held or this refund was already made, so the caller records the refund exactly once.
   */
  async refundItem(
    accountId: string,
    input: { videoId: string; run: number; item: string; reason: string },
    trx: Tx,
  ): Promise<number> {
    const held = refundFor(input.item, await this.ledger.heldByItem(accountId, input.videoId, trx));
    if (held <= 0) return 0;
    const { applied } = await this.ledger.append(
      {
        accountId,
        kind: 'refunded',
        amount: held,
        videoId: input.videoId,
        item: input.item,
        reason: input.reason,
        idempotencyKey: ledgerKeys.refund(input.videoId, input.run, input.item),
      },
      trx,
    );
    return applied ? held : 0;
  }

  /**
   * Refunds what is held for items of `scenes` that were never made (heldForUnmade),
   * inside the caller's transaction, each keyed by video, occasion and item so it happens once.
   * Returns the refunds this call made (none for a repeat).
   */
  async refundUnmade(
    accountId: string,
    input: { videoId: string; occasion: string; scenes: readonly SceneForPricing[]; reason: string },
    trx: Tx,
  ): Promise<ChargeItem[]> {
    const made: ChargeItem[] = [];
    for (const u of heldForUnmade(
      input.scenes,
      await this.ledger.heldByItem(accountId, input.videoId, trx),
    )) {
      const { applied } = await this.ledger.append(
        {
          accountId,
          kind: 'refunded',
          amount: u.amount,
          videoId: input.videoId,
          item: u.item,
          reason: input.reason,
          idempotencyKey: ledgerKeys.unmadeRefund(input.videoId, input.occasion, u.item),
        },
        trx,
      );
      if (applied) made.push(u);
    }
    return made;
  }
}
