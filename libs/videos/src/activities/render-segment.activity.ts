import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { DRAFT_OUTPUT, type FfmpegRenderer } from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import type { RunMediaStep } from './media-step';
import { localScenes, pieceCpuYield, renderBrand, renderStyle, segmentScenes } from './render-inputs';

export interface RenderSegmentDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events'>;
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'localCopy' | 'scratchDir'>;
  renderer: Pick<FfmpegRenderer, 'renderSegment'>;
  runStep: RunMediaStep;
}

/**
 * Rendering, one scene at a time: the scene's segment (from the scenes it needs, see
 * segmentScenes, so it can render before later scenes are narrated), stored beside the video's assets under a
 * name of its own per attempt and recorded by a keyed event that names the file. An attempt
 * whose segment another attempt already recorded throws its file away (stale), so a worker
 * that dies or stalls mid-render costs only this scene's segment.
 */
export function createRenderSegmentActivity(deps: RenderSegmentDeps): Pick<VideoActivities, 'renderSegment'> {
  const { videos, storage, renderer, runStep } = deps;
  return {
    async renderSegment(raw) {
      const input = parseInput(schemas.segmentWork, raw);
      const { draft } = input;
      const key = draft
        ? eventKeys.gate.segment(draft, input.sceneId)
        : eventKeys.run.segment(input.run, input.sceneId);
      const { attempt } = Context.current().info;
      await runStep({
        videoId: input.videoId,
        load: async (video) => {
          if (video.videoAssetId && !draft) return undefined;
          if (await videos.events.has(video.accountId, video.id, key)) return undefined;
          return { video, ...(await segmentScenes(deps, video, input.sceneId)) };
        },
        workDir: (video) =>
          storage.scratchDir(
            video.accountId,
            video.id,
            `segment-${draft ?? input.run}-${input.sceneId}-${attempt}`,
          ),
        // The scenes' images come to this disk first (from the bucket, with the s3 driver).
        make: async ({ video, scenes, index }, dir, signal) =>
          renderer.renderSegment(
            {
              scenes: await localScenes(deps, scenes, dir, { audio: false }),
              index,
              aspectRatio: video.options.aspect_ratio,
              style: { ...renderStyle(video), brand: await renderBrand(deps, video, dir) },
              // A draft is the same render at the draft's size, rate and mark.
              output: draft ? DRAFT_OUTPUT : video.options.output,
            },
            path.join(dir, 'segment.mp4'),
            {
              signal,
              yieldCpu: pieceCpuYield(),
              narrated: input.narrated,
              whenNarrated: (until) => narratedWhile(videos, video, until),
            },
          ),
        files: (segment, { index }) => [
          {
            source: segment.path,
            name: draft ? `draft-${draft}-${index + 1}.mp4` : `segment-run${input.run}-${index + 1}.mp4`,
            type: null,
            mimeType: 'video/mp4',
          },
        ],
        stale: ({ video }, trx) => videos.events.has(video.accountId, video.id, key, trx),
        record: async ({ scenes, index }, segment, _assets, _trx, [stored]) => ({
          key,
          type: 'segment_rendered',
          ...(!draft && { stage: 'rendering' as const }),
          // The file's name only: where the video's folder lies is storage's business.
          data: {
            scene_id: input.sceneId,
            position: scenes[index]!.position,
            frames: segment.frames,
            file: path.basename(stored!),
          },
        }),
      });
    },
  };
}

/** How often a segment rendering before its video is narrated looks whether it is now. */
const NARRATED_POLL_MS = 500;

/**
 * Resolves true once every scene of the video is narrated, looked at every NARRATED_POLL_MS while
 * `signal` lasts; false when it ends first. A look the database does not answer counts as not yet.
 */
export async function narratedWhile(
  videos: Pick<VideoRepository, 'scenes'>,
  video: { accountId: string; id: string },
  signal: AbortSignal,
  everyMs = NARRATED_POLL_MS,
): Promise<boolean> {
  while (!signal.aborted) {
    if (await videos.scenes.allNarrated(video.accountId, video.id).catch(() => false)) return true;
    await sleep(everyMs, undefined, { signal }).catch(() => undefined);
  }
  return false;
}
