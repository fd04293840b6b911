import type { ChargeService } from '@vidgen/ledger';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { loadVideo } from './video-loader';

export interface RefundDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'events'>;
  charges: Pick<ChargeService, 'refundItem'>;
}

/** The saga's compensation: the credits of each failed item go back, exactly once. */
export function createRefundActivity({ videos, charges }: RefundDeps): Pick<VideoActivities, 'refund'> {
  return {
    async refund(raw) {
      const input = parseInput(schemas.refund, raw);
      const video = await loadVideo(videos, input.videoId);
      for (const item of input.items) {
        // The ledger entry and the video's event commit together: a retried activity finds both or neither.
        await videos.transaction(async (trx) => {
          const credits = await charges.refundItem(
            video.accountId,
            { videoId: video.id, run: input.run, item, reason: input.reason },
            trx,
          );
          if (credits <= 0) return;
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
        });
      }
    },
  };
}
