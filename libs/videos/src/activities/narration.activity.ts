import path from 'node:path';
import { defaultVoiceFor, type MediaProviders } from '@vidgen/media';
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
          if (scene.narrationAssetId) return undefined;
          // The voice chosen at creation; a video made before voices were chosen then gets its
          // language's default voice, as it would be created today.
          const voice =
            video.options.voice ??
            defaultVoiceFor(await providers.speech.listVoices(), video.options.language)?.id;
          return { video, scene, voice };
        },
        fault: () => ({ stage: 'narrating', fault: input.fault }),
        workDir: tempDir('vidgen-tts-'),
        make: ({ scene, voice }, dir, signal) =>
          providers.speech.synthesize(
            { text: scene.narration, voice },
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
        record: async ({ video, scene, voice }, speech, [asset], trx) => {
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
              voice: speech.voice || voice || null,
              // The engine that spoke: "piper", "espeak" or "openai".
              provider: speech.provider,
            },
          };
        },
      });
    },
  };
}
