import type { ChargeService } from '@vidgen/ledger';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import type { VideoSlots } from '../video-slots';
import { parseInput, schemas } from './activity-inputs';
import { businessFailure } from './failures';
import { loadVideo } from './video-loader';

export interface ApprovalDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'scenes' | 'events'>;
  slots: Pick<VideoSlots, 'assertFree'>;
  charges: Pick<ChargeService, 'chargesDue' | 'chargeForRun'>;
}

/** The review gate: what a production run costs, and its approval. */
export function createApprovalActivities({
  videos,
  slots,
  charges,
}: ApprovalDeps): Pick<VideoActivities, 'planProduction' | 'approveProduction'> {
  return {
    async planProduction(raw) {
      const input = parseInput(schemas.plan, raw);
      const video = await loadVideo(videos, input.videoId);
      const scenes = await videos.scenes.list(video.accountId, video.id);
      const due = await charges.chargesDue(
        video.accountId,
        video.id,
        scenes.map((s) => ({
          id: s.id,
          narration: s.narration,
          hasImage: Boolean(s.imageAssetId),
          hasNarration: Boolean(s.narrationAssetId),
        })),
      );
      return { sceneIds: scenes.map((s) => s.id), charges: due };
    },

    /** The slot, the charges and the move into production commit together, once per run. */
    async approveProduction(raw) {
      const input = parseInput(schemas.approve, raw);
      const video = await loadVideo(videos, input.videoId);
      try {
        await videos.transaction(async (trx) => {
          const key = eventKeys.run.approved(input.run);
          if (await videos.events.has(video.accountId, video.id, key, trx)) return;
          // Lock order everywhere: account row (slots, ledger), then video row (events).
          await slots.assertFree(video.accountId, { excludeVideoId: video.id }, trx);
          const charged = await charges.chargeForRun(
            video.accountId,
            { videoId: video.id, run: input.run, charges: input.charges, isRetry: input.isRetry },
            trx,
          );
          await videos.events.record(
            video.accountId,
            video.id,
            {
              key,
              type: input.isRetry ? 'retry_approved' : 'approved',
              status: input.resumeStage,
              stage: input.resumeStage,
              awaitingApproval: false,
              failureReason: null,
              data: { run: input.run, credits_charged: charged, charges: input.charges },
              set: { credits_charged_delta: charged },
            },
            trx,
          );
        });
      } catch (err) {
        throw businessFailure(err);
      }
    },
  };
}
