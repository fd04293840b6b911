import { InsufficientCreditsError, NotFoundError } from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';
import { type ChargeItem, chargeItems, ledgerKeys } from '@vidgen/workflows';
import type { LedgerRepository } from './ledger.repository';
import { appendEntry } from './ledger.service';
import { chargesFor, heldForUnmade, refundFor, type SceneForPricing } from './pricing';

type Tx = Transaction<Database>;

/**
 * Where a video's credits move: what a production run costs, the charge at approval and the
 * refund of an item that failed. Every entry is keyed by video, run and item (ledgerKeys), so a
 * retried or replayed activity finds the entry its first attempt wrote and moves nothing twice.
 */
export class ChargeService {
  constructor(private readonly ledger: LedgerRepository) {}

  /**
   * What the next production run must charge for the scenes as they stand, net of what is still
   * held. `spentNarration`: narration credits that paid for narration made for a script since
   * replaced (VideoEventRepository.narrationSpent); they hold nothing for the current script.
   */
  async chargesDue(
    accountId: string,
    videoId: string,
    scenes: readonly SceneForPricing[],
    trx?: Tx,
    spentNarration = 0,
  ): Promise<ChargeItem[]> {
    return chargesFor(scenes, await this.held(accountId, videoId, spentNarration, trx));
  }

  /** Credits held for each item: charged minus refunded, narration net of what was spent on a replaced script's. */
  private async held(
    accountId: string,
    videoId: string,
    spentNarration: number,
    trx?: Tx,
  ): Promise<Map<string, number>> {
    const held = await this.ledger.heldByItem(accountId, videoId, trx);
    const narration = held.get(chargeItems.narration);
    if (narration !== undefined && spentNarration > 0)
      held.set(chargeItems.narration, Math.max(0, narration - spentNarration));
    return held;
  }

  /**
   * Charges a run's items at approval, all or nothing, inside the caller's transaction: the
   * account row is locked, the items not charged yet are totalled and checked against the
   * balance (InsufficientCreditsError), then one `charged` entry per item is appended.
   * Returns the credits charged by this call (0 for a repeat). `gate`: charged at the review gate
   * by a storyboard or a draft (its step id and why), keyed by that step instead of a run.
   */
  async chargeForRun(
    accountId: string,
    input: {
      videoId: string;
      run: number;
      charges: readonly ChargeItem[];
      isRetry: boolean;
      gate?: { id: string; reason: string };
    },
    trx: Tx,
  ): Promise<number> {
    const account = await this.ledger.lockAccount(accountId, trx);
    if (!account) throw new NotFoundError('Account');
    const { gate } = input;
    const items = input.charges.map((c) => ({
      ...c,
      key: gate
        ? ledgerKeys.gateCharge(input.videoId, gate.id, c.item)
        : ledgerKeys.charge(input.videoId, input.run, c.item),
    }));
    const applied = await this.ledger.appliedKeys(
      accountId,
      items.map((i) => i.key),
      trx,
    );
    const todo = items.filter((i) => !applied.has(i.key) && i.amount > 0);
    const total = todo.reduce((n, i) => n + i.amount, 0);
    if (total > account.balance) throw new InsufficientCreditsError(total, account.balance);
    for (const i of todo) {
      await appendEntry(
        this.ledger,
        {
          accountId,
          kind: 'charged',
          amount: -i.amount,
          videoId: input.videoId,
          item: i.item,
          reason: gate ? gate.reason : input.isRetry ? 'video retry' : 'video production',
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
    input: { videoId: string; run: number; item: string; reason: string; spentNarration?: number },
    trx: Tx,
  ): Promise<number> {
    const held = refundFor(
      input.item,
      await this.held(accountId, input.videoId, input.spentNarration ?? 0, trx),
    );
    if (held <= 0) return 0;
    const { applied } = await appendEntry(
      this.ledger,
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
   * Returns the refunds this call made (none for a repeat), and what stays held for narration
   * afterwards (net of `spentNarration`): credits that paid for narration that was made.
   */
  async refundUnmade(
    accountId: string,
    input: {
      videoId: string;
      occasion: string;
      scenes: readonly SceneForPricing[];
      reason: string;
      spentNarration?: number;
    },
    trx: Tx,
  ): Promise<{ refunds: ChargeItem[]; narrationHeld: number }> {
    const made: ChargeItem[] = [];
    const held = await this.held(accountId, input.videoId, input.spentNarration ?? 0, trx);
    const unmade = heldForUnmade(input.scenes, held);
    for (const u of unmade) {
      const { applied } = await appendEntry(
        this.ledger,
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
    const narration = unmade.some((u) => u.item === chargeItems.narration);
    return { refunds: made, narrationHeld: narration ? 0 : refundFor(chargeItems.narration, held) };
  }
}
