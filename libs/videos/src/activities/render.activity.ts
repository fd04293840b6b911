import { ApplicationFailure, Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import { type FfmpegRenderer, frameSize } from '@vidgen/media';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import type { RunMediaStep } from './media-step';

export interface RenderDeps {
  videos: Pick<VideoRepository, 'scenes'>;
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'absolute' | 'scratchDir'>;
  renderer: Pick<FfmpegRenderer, 'render'>;
  runStep: RunMediaStep;
}

/** Rendering: the MP4, its audio track and a thumbnail, from the scene images and narrations. */
export function createRenderActivity({
  videos,
  assets,
  storage,
  renderer,
  runStep,
}: RenderDeps): Pick<VideoActivities, 'render'> {
  /** Each scene's image and narration files, in order; a scene without them cannot be rendered. */
  async function sceneMedia(video: WorkflowVideo) {
    const scenes = await videos.scenes.list(video.accountId, video.id);
    return Promise.all(
      scenes.map(async (s) => {
        const [image, audio] = await Promise.all([
          s.imageAssetId ? assets.find(video.accountId, s.imageAssetId) : undefined,
          s.narrationAssetId ? assets.find(video.accountId, s.narrationAssetId) : undefined,
        ]);
        if (!image || !audio || s.narrationSeconds === null) {
          throw ApplicationFailure.nonRetryable(
            `Scene ${s.position} has no image or narration`,
            'INVALID_INPUT',
          );
        }
        return {
          imagePath: storage.absolute(image.path),
          audioPath: storage.absolute(audio.path),
          durationSeconds: s.narrationSeconds,
        };
      }),
    );
  }

  return {
    async render(raw) {
      const input = parseInput(schemas.videoWork, raw);
      const ctx = Context.current();
      // Heartbeats carry progress; the timer keeps them flowing while ffmpeg starts up.
      let progress = 0;
      const beat = setInterval(() => ctx.heartbeat({ progress }), 2000);
      try {
        await runStep({
          videoId: input.videoId,
          load: async (video) => (video.videoAssetId ? undefined : video),
          fault: () => ({ stage: 'rendering', fault: input.fault }),
          // Inside the video's folder: the outputs then move into storage by a rename, not a copy.
          workDir: (video) =>
            storage.scratchDir(video.accountId, video.id, `render-${input.run}-${ctx.info.attempt}`),
          make: async (video, outDir, signal) =>
            renderer.render(
              { scenes: await sceneMedia(video), aspectRatio: video.options.aspect_ratio, outDir },
              {
                signal,
                onProgress: (f) => {
                  progress = f;
                },
              },
            ),
          files: (out, video) => {
            const { width, height } = frameSize(video.options.aspect_ratio);
            return [
              {
                source: out.videoPath,
                name: 'video.mp4',
                type: 'video',
                mimeType: 'video/mp4',
                width,
                height,
                durationSeconds: out.durationSeconds,
              },
              {
                source: out.audioPath,
                name: 'narration.m4a',
                type: 'audio',
                mimeType: 'audio/mp4',
                durationSeconds: out.durationSeconds,
              },
              {
                source: out.thumbnailPath,
                name: 'thumbnail.jpg',
                type: 'thumbnail',
                mimeType: 'image/jpeg',
                width,
                height,
              },
            ];
          },
          record: async (_video, out, [v, a, t]) => ({
            key: eventKeys.run.rendered(input.run),
            type: 'rendered',
            stage: 'rendering',
            data: { duration_seconds: out.durationSeconds, video_asset_id: v!.id },
            set: { video_asset_id: v!.id, audio_asset_id: a!.id, thumbnail_asset_id: t!.id },
          }),
        });
      } finally {
        clearInterval(beat);
      }
    },
  };
}
