import { type Database, lockForUpdate, type Transaction } from '@vidgen/db';
import type { ChargeService } from '@vidgen/ledger';
import { credits as creditsMoved } from '@vidgen/metrics';
import { eventKeys } from '@vidgen/workflows';
import type { VideoRepository } from './video.repository';

export type UnmadeRefunder = Pick<ChargeService, 'refundUnmade'>;

/**
 * Only what was produced stays paid (docs/decisions/0036-review-fixes-slots-assets-credits.md):
 * when a video is deleted or a regenerate replaces its script, the credits held for its current
 * scenes' images and narration that were never made go back. Runs inside the caller's transaction,
 * which must not have locked the video yet (lock order everywhere: the account, then the video);
 * the ledger entries and the video's `refunded` events commit with the caller's change, keyed by
 * occasion and item, so a retried call refunds nothing twice. Returns the credits refunded, and
 * what stays held for narration: credits that paid for narration that was made.
 */
export async function refundUnmade(
  deps: { videos: Pick<VideoRepository, 'scenes' | 'events'>; charges: UnmadeRefunder },
  video: { accountId: string; id: string },
  occasion: string,
  reason: string,
  trx: Transaction<Database>,
  /** `images`: only what was held for pictures never made (a storyboard makes no narration). */
  scope: 'all' | 'images' = 'all',
): Promise<{ credits: number; narrationHeld: number }> {
  await lockForUpdate(trx, video.accountId);
  await deps.videos.events.lock(video.accountId, video.id, trx);
  const scenes = await deps.videos.scenes.list(video.accountId, video.id, trx);
  const { refunds, narrationHeld } = await deps.charges.refundUnmade(
    video.accountId,
    {
      videoId: video.id,
      occasion,
      reason,
      spentNarration: await deps.videos.events.narrationSpent(video.accountId, video.id, trx),
      scenes: scenes.map((s) => ({
        id: s.id,
        narration: s.narration,
        // A storyboard picture was made: what paid for it stays paid.
        hasImage: Boolean(s.imageAssetId ?? s.storyboardAssetId),
        hasNarration: scope === 'images' || Boolean(s.narrationAssetId),
      })),
    },
    trx,
  );
  let total = 0;
  for (const r of refunds) {
    await deps.videos.events.record(
      video.accountId,
      video.id,
      {
        key: eventKeys.unmadeRefund(occasion, r.item),
        type: 'refunded',
        data: { item: r.item, credits: r.amount, reason },
        set: { credits_refunded_delta: r.amount },
      },
      trx,
    );
    total += r.amount;
  }
  return { credits: total, narrationHeld };
}

/** Counts refunds in the metrics once their transaction has committed. */
export function countRefunded(credits: number): void {
  if (credits > 0) creditsMoved.inc({ kind: 'refunded' }, credits);
}
