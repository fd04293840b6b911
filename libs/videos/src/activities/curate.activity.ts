import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/activity';
import { buildTimeline, introOffsetSeconds, shiftVtt, toWebVtt } from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { type RunMediaStep, tempDir } from './media-step';

export interface CurateDeps {
  videos: Pick<VideoRepository, 'scenes'>;
  runStep: RunMediaStep;
}

/** Curating: the timeline of the narrated scenes, stored as WebVTT subtitles. */
export function createCurateActivity({ videos, runStep }: CurateDeps): Pick<VideoActivities, 'curate'> {
  return {
    async curate(raw) {
      const input = parseInput(schemas.videoWork, raw);
      await runStep({
        videoId: input.videoId,
        load: async (video) => (video.subtitlesAssetId ? undefined : video),
        fault: () => ({ stage: 'curating', fault: input.fault }),
        workDir: tempDir('vidgen-vtt-'),
        make: async (video, dir) => {
          const scenes = await videos.scenes.list(video.accountId, video.id);
          if (scenes.some((s) => s.narrationSeconds === null)) {
            throw ApplicationFailure.nonRetryable(
              'Scenes without narration cannot be curated',
              'INVALID_INPUT',
            );
          }
          const timeline = buildTimeline(
            scenes.map((s) => ({
              narration: s.narration,
              durationSeconds: s.narrationSeconds!,
              words: s.words,
            })),
          );
          const file = path.join(dir, 'subtitles.vtt');
          // The intro card plays before the first word (docs/decisions/0064-brand-kits.md).
          const intro = introOffsetSeconds(video.options.brand, video.options.output.fps);
          await writeFile(file, shiftVtt(toWebVtt(timeline.cues), intro));
          return { file, timeline };
        },
        files: ({ file, timeline }) => [
          {
            source: file,
            name: 'subtitles.vtt',
            type: 'subtitles',
            mimeType: 'text/vtt',
            durationSeconds: timeline.totalSeconds,
          },
        ],
        record: async (_video, { timeline }, [asset]) => ({
          key: eventKeys.run.curated(input.run),
          type: 'timeline_built',
          stage: 'curating',
          data: { total_seconds: timeline.totalSeconds, cues: timeline.cues.length, asset_id: asset!.id },
          set: { subtitles_asset_id: asset!.id },
        }),
      });
    },
  };
}
