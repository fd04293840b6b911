import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import type { FfmpegRenderer } from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import type { RunMediaStep } from './media-step';
import { localScenes, pieceCpuYield, renderMusic, storedScenes } from './render-inputs';

export interface SoundtrackDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events'>;
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'localCopy' | 'scratchDir'>;
  renderer: Pick<FfmpegRenderer, 'mixSoundtrack'>;
  runStep: RunMediaStep;
}

/** The storage names of a run's soundtrack files: work in progress beside the video's assets. */
export const soundtrackFileNames = (run: number) => ({
  mix: `soundtrack-run${run}.m4a`,
  narration: `narration-run${run}.m4a`,
  thumbnail: `thumbnail-run${run}.jpg`,
});

/**
 * The run's soundtrack, made once every scene is narrated, while the segments render
 * (docs/decisions/0079-soundtrack-before-the-join.md): the normalised mix as the MP4's audio
 * track, the narration file and the thumbnail, stored like segments (no asset rows) and recorded
 * by a `soundtrack_mixed` event naming them; joinSegments then only muxes.
 */
export function createSoundtrackActivity(deps: SoundtrackDeps): Pick<VideoActivities, 'mixSoundtrack'> {
  const { videos, storage, renderer, runStep } = deps;
  return {
    async mixSoundtrack(raw) {
      const input = parseInput(schemas.soundtrackWork, raw);
      const key = eventKeys.run.soundtrack(input.run);
      const names = soundtrackFileNames(input.run);
      const { attempt } = Context.current().info;
      await runStep({
        videoId: input.videoId,
        load: async (video) => {
          if (video.videoAssetId) return undefined;
          if (await videos.events.has(video.accountId, video.id, key)) return undefined;
          return video;
        },
        workDir: (video) =>
          storage.scratchDir(video.accountId, video.id, `soundtrack-${input.run}-${attempt}`),
        make: async (video, dir, signal) => {
          // Every scene's narration; of the pictures only the first, the thumbnail's.
          const stored = (await storedScenes(deps, video)).map((s, i) =>
            i === 0 ? s : { ...s, imageKey: '' },
          );
          return renderer.mixSoundtrack(
            {
              scenes: await localScenes(deps, stored, dir, { audio: true }),
              aspectRatio: video.options.aspect_ratio,
              outDir: dir,
              music: await renderMusic(deps, video, dir),
              output: video.options.output,
              // The cards' lengths only: no logo or font is fetched.
              brand: video.options.brand,
            },
            { signal, yieldCpu: pieceCpuYield() },
          );
        },
        files: (soundtrack) => [
          { source: soundtrack.mixPath, name: names.mix, type: null, mimeType: 'audio/mp4' },
          { source: soundtrack.narrationPath, name: names.narration, type: null, mimeType: 'audio/mp4' },
          { source: soundtrack.thumbnailPath, name: names.thumbnail, type: null, mimeType: 'image/jpeg' },
        ],
        stale: (video, trx) => videos.events.has(video.accountId, video.id, key, trx),
        record: async (_video, _soundtrack, _assets, _trx, [mix, narration, thumbnail]) => ({
          key,
          type: 'soundtrack_mixed',
          stage: 'rendering',
          // The files' names only: where the video's folder lies is storage's business.
          data: {
            mix: path.basename(mix!),
            narration: path.basename(narration!),
            thumbnail: path.basename(thumbnail!),
          },
        }),
      });
    },
  };
}
