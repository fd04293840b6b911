import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { lockForUpdate } from '@vidgen/db';
import type { ChargeService } from '@vidgen/ledger';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import { countRefunded, refundUnmade } from '../unmade-refund';
import type { VideoRepository } from '../video.repository';
import { purgeVideo } from '../video-purge';
import { parseInput, schemas } from './activity-inputs';
import { loadVideo } from './video-loader';

export interface CleanupDeps {
  videos: VideoRepository;
  assets: AssetRepository;
  storage: AssetStorage;
  charges: Pick<ChargeService, 'refundUnmade'>;
}

/** What a regenerate leaves behind (the old scenes and their assets), and a deleted video. */
export function createCleanupActivities({
  videos,
  assets,
  storage,
  charges,
}: CleanupDeps): Pick<VideoActivities, 'clearScenes' | 'purgeVideo'> {
  return {
    async clearScenes(raw) {
      const input = parseInput(schemas.clearScenes, raw);
      const video = await loadVideo(videos, input.videoId);
      const { accountId, id: videoId } = video;
      const key = eventKeys.script.cleared(input.scriptVersion);
      // Lock, check the key, then clear: an attempt that outlived its timeout finds the key its
      // successful retry wrote and leaves alone the script written since.
      const cleared = await videos.transaction(async (trx) => {
        // Lock order everywhere: the account (a refund below moves its credits), then the video.
        await lockForUpdate(trx, accountId);
        await videos.events.lock(accountId, videoId, trx);
        if (await videos.events.has(accountId, videoId, key, trx)) return false;
        // What the old scenes held for images and narration never made goes back; the new
        // script is priced afresh at its approval
        // (docs/decisions/0036-review-fixes-slots-assets-credits.md).
        // What stays held for narration after that paid for narration that was made: spent on
        // the old script, it backs none of the new one's.
        const { credits: refunded, narrationHeld: narrationSpent } = await refundUnmade(
          { videos, charges },
          video,
          `script${input.scriptVersion}`,
          'script replaced before this was made',
          trx,
        );
        const scenes = await videos.scenes.list(accountId, videoId, trx);
        await videos.scenes.replace(accountId, videoId, [], trx);
        await videos.previews.markStale(accountId, videoId, trx);
        // What another video still uses stays (an asset a video references is in use:
        // docs/decisions/0036-review-fixes-slots-assets-credits.md).
        const kept = await videos.assetsUsedElsewhere(accountId, videoId, trx);
        const removed = await assets.markVideoDeleted(accountId, videoId, trx, kept);
        await videos.events.record(
          accountId,
          videoId,
          {
            key,
            type: 'scenes_cleared',
            data: {
              scene_count: scenes.length,
              ...(narrationSpent > 0 && { narration_credits_spent: narrationSpent }),
            },
            set: {
              video_asset_id: null,
              audio_asset_id: null,
              thumbnail_asset_id: null,
              subtitles_asset_id: null,
            },
          },
          trx,
        );
        return { refunded, kept, removed };
      });
      if (cleared) {
        countRefunded(cleared.refunded);
        await storage.removeVideoFiles(accountId, videoId, cleared.removed, cleared.kept.length > 0);
      }
    },

    async purgeVideo(raw) {
      const input = parseInput(schemas.videoOnly, raw);
      await purgeVideo({ videos, assets, storage, charges }, input.videoId);
    },
  };
}
