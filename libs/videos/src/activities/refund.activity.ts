import { lockForUpdate } from '@vidgen/db';
import type { ChargeService } from '@vidgen/ledger';
import { credits as creditsMoved } from '@vidgen/metrics';
import { chargeItems, eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { loadVideo } from './video-loader';

export interface RefundDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'events' | 'scenes'>;
  charges: Pick<ChargeService, 'refundItem'>;
}

/** True when the item's output was stored after all (an attempt finished after the workflow gave up on it). */
function wasStored(
  item: string,
  scenes: { id: string; imageAssetId: string | null; narrationAssetId: string | null }[],
) {
  if (item === chargeItems.narration) return scenes.length > 0 && scenes.every((s) => s.narrationAssetId);
  return scenes.some((s) => chargeItems.image(s.id) === item && s.imageAssetId);
}

/** The saga's compensation: the credits of each failed item go back, exactly once. */
export function createRefundActivity({ videos, charges }: RefundDeps): Pick<VideoActivities, 'refund'> {
  return {
    async refund(raw) {
      const input = parseInput(schemas.refund, raw);
      const video = await loadVideo(videos, input.videoId);
      for (const item of input.items) {
        // The ledger entry and the video's event commit together: a retried activity finds both or neither.
        const refunded = await videos.transaction(async (trx): Promise<number> => {
          // Lock order everywhere: the account, then the video. Under the video's lock a media
          // step cannot store the item between this check and the refund (its fence reads the refund).
          await lockForUpdate(trx, video.accountId);
          await videos.events.lock(video.accountId, video.id, trx);
          if (wasStored(item, await videos.scenes.list(video.accountId, video.id, trx))) return 0;
          const credits = await charges.refundItem(
            video.accountId,
            {
              videoId: video.id,
              run: input.run,
              item,
              reason: input.reason,
              spentNarration: await videos.events.narrationSpent(video.accountId, video.id, trx),
            },
            trx,
          );
          if (credits <= 0) return 0;
          await videos.events.record(
            video.accountId,
            video.id,
            {
              key: eventKeys.run.refund(input.run, item),
              type: 'refunded',
              data: { item, credits, reason: input.reason },
              set: { credits_refunded_delta: credits },
            },
            trx,
          );
          return credits;
        });
        // After the commit, and only by the call that refunded: the refund's key makes a repeat 0.
        creditsMoved.inc({ kind: 'refunded' }, refunded);
      }
    },
  };
}
