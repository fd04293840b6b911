import type { ChargeService } from '@vidgen/ledger';
import type { VideoRepository } from '../video.repository';
import type { Video } from '../video.types';

/**
 * A video charged at the review gate (a storyboard's paid pictures, a draft's narration) is priced
 * net of what it holds, as approval prices it (docs/decisions/0068-storyboard-and-draft.md): its
 * `estimated_credits` says what approval would still charge. Only such videos (credits charged
 * while at the gate) cost the extra queries.
 */
export async function priceNetOfGateCharges(
  videos: Pick<VideoRepository, 'scenes' | 'events'>,
  charges: Partial<Pick<ChargeService, 'chargesDue'>> | undefined,
  page: readonly Video[],
  estimates: Map<string, number>,
): Promise<void> {
  if (!charges?.chargesDue) return;
  for (const v of page.filter((v) => v.awaitingApproval && v.creditsCharged > 0)) {
    const scenes = await videos.scenes.list(v.accountId, v.id);
    const due = await charges.chargesDue(
      v.accountId,
      v.id,
      scenes.map((s) => ({
        id: s.id,
        narration: s.narration,
        hasImage: Boolean(s.imageAssetId),
        hasNarration: Boolean(s.narrationAssetId),
        synthesised: v.options.narrate && !s.audioAssetId,
      })),
      undefined,
      await videos.events.narrationSpent(v.accountId, v.id),
    );
    estimates.set(
      v.id,
      due.reduce((n, c) => n + c.amount, 0),
    );
  }
}
