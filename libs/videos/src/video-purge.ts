import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { countRefunded, refundUnmade, type UnmadeRefunder } from './unmade-refund';
import type { VideoRepository } from './video.repository';

/**
 * Deletes a video: the credits held for what it never made go back (when `charges` is given),
 * the row and its assets are marked deleted and logged in one transaction, then the files are
 * removed. Ledger events stay (they are the account's history). Safe to repeat: a second call
 * finds nothing left to do.
 */
export async function purgeVideo(
  deps: { videos: VideoRepository; assets: AssetRepository; storage: AssetStorage; charges?: UnmadeRefunder },
  videoId: string,
): Promise<void> {
  const video = await deps.videos.findForWorkflow(videoId);
  if (!video) return;
  const outcome = await deps.videos.transaction(async (trx) => {
    const credits = deps.charges
      ? (
          await refundUnmade(
            { videos: deps.videos, charges: deps.charges },
            video,
            'deleted',
            'video deleted before this was made',
            trx,
          )
        ).credits
      : 0;
    // The one event key that eventKeys (@vidgen/workflows) does not list yet.
    await deps.videos.events.record(video.accountId, videoId, { key: 'deleted', type: 'deleted' }, trx);
    // What another video still uses stays (an asset a video references is in use:
    // docs/decisions/0036-review-fixes-slots-assets-credits.md).
    const kept = await deps.videos.assetsUsedElsewhere(video.accountId, videoId, trx);
    const removed = await deps.assets.markVideoDeleted(video.accountId, videoId, trx, kept);
    await deps.videos.softDelete(video.accountId, videoId, trx);
    return { credits, kept, removed };
  });
  countRefunded(outcome.credits);
  await deps.storage.removeVideoFiles(video.accountId, videoId, outcome.removed, outcome.kept.length > 0);
}
