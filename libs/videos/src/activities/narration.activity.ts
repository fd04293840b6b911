import path from 'node:path';
import type { MediaProviders } from '@vidgen/media';
import { chargeItems, eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { type RunMediaStep, tempDir } from './media-step';
import { loadScene } from './video-loader';

export interface NarrationDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events'>;
  providers: Pick<MediaProviders, 'speech'>;
  runStep: RunMediaStep;
}

/** Narrating: one spoken narration per scene; its length sets the scene's duration. */
export function createNarrationActivity({
  videos,
  providers,
  runStep,
}: NarrationDeps): Pick<VideoActivities, 'narrateScene'> {
  return {
    async narrateScene(raw) {
      const input = parseInput(schemas.sceneWork, raw);
      await runStep({
        videoId: input.videoId,
        load: async (video) => {
          const { scene } = await loadScene(videos, video, input.sceneId);
          return scene.narrationAssetId ? undefined : { video, scene };
        },
        fault: () => ({ stage: 'narrating', fault: input.fault }),
        workDir: tempDir('vidgen-tts-'),
        make: ({ video, scene }, dir, signal) =>
          providers.speech.synthesize(
            { text: scene.narration, voice: video.options.voice ?? undefined },
            path.join(dir, 'narration.wav'),
            signal,
          ),
        files: (speech, { scene }) => [
          {
            source: speech.path,
            name: `scene-${scene.id}.wav`,
            type: 'narration',
            mimeType: speech.mimeType,
            sceneId: scene.id,
            durationSeconds: speech.durationSeconds,
          },
        ],
        stale: async ({ video, scene }, trx) => {
          const now = (await videos.scenes.list(video.accountId, video.id, trx)).find(
            (s) => s.id === scene.id,
          );
          const refund = eventKeys.run.refund(input.run, chargeItems.narration);
          return (
            !now ||
            Boolean(now.narrationAssetId) ||
            (await videos.events.has(video.accountId, video.id, refund, trx))
          );
        },
        record: async ({ video, scene }, speech, [asset], trx) => {
          await videos.scenes.setNarration(
            video.accountId,
            video.id,
            scene.id,
            { assetId: asset!.id, seconds: speech.durationSeconds },
            trx,
          );
          return {
            key: eventKeys.run.narration(input.run, scene.id),
            type: 'scene_narrated',
            stage: 'narrating',
            data: {
              scene_id: scene.id,
              position: scene.position,
              asset_id: asset!.id,
              seconds: speech.durationSeconds,
            },
          };
        },
      });
    },
  };
}
