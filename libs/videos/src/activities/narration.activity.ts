import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import {
  defaultVoiceFor,
  estimateWordTimings,
  type FfmpegRenderer,
  type GeneratedSpeech,
  type MediaProviders,
  readingSeconds,
  silentWav,
  wavDurationSeconds,
  wordTimingsFromWav,
} from '@vidgen/media';
import { chargeItems, eventKeys, mediaCpuYield, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { type RunMediaStep, tempDir } from './media-step';
import { loadScene } from './video-loader';

export interface NarrationDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events'>;
  providers: Pick<MediaProviders, 'speech'>;
  runStep: RunMediaStep;
  /** Where a client's recording comes from, and how it becomes a narration WAV. */
  assets: Pick<AssetRepository, 'find'>;
  storage: Pick<AssetStorage, 'localCopy'>;
  renderer: Pick<FfmpegRenderer, 'decodeNarration'>;
}

/**
 * Narrating: one narration per scene, with when each word is spoken; its length sets the scene's
 * duration. The voice speaks it; a scene with the client's recording uses that instead, and a
 * video made with `narrate: false` gets silence as long as the text takes to read.
 */
export function createNarrationActivity({
  videos,
  providers,
  runStep,
  assets,
  storage,
  renderer,
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
        make: async ({ video, scene, voice }, dir, signal): Promise<GeneratedSpeech> => {
          const out = path.join(dir, 'narration.wav');
          if (scene.audioAssetId) {
            const recording = await assets.find(video.accountId, scene.audioAssetId);
            if (recording?.type !== 'audio') {
              throw ApplicationFailure.nonRetryable(
                `The recording ${scene.audioAssetId} of scene ${scene.position} is gone`,
                'INVALID_INPUT',
              );
            }
            const local = await storage.localCopy(recording.path, path.join(dir, 'inputs'));
            await renderer.decodeNarration(local, out, signal);
            const wav = await readFile(out);
            return {
              path: out,
              durationSeconds: await wavDurationSeconds(out),
              mimeType: 'audio/wav',
              words: wordTimingsFromWav(scene.narration, wav),
              provider: 'recording',
              voice: '',
            };
          }
          if (!video.options.narrate) {
            const seconds = readingSeconds(scene.narration);
            await writeFile(out, silentWav(seconds));
            return {
              path: out,
              durationSeconds: seconds,
              mimeType: 'audio/wav',
              words: estimateWordTimings(scene.narration, seconds),
              provider: 'none',
              voice: '',
            };
          }
          // Beside a more urgent narration in this process, this one lets its sentences go first,
          // and beside any more urgent piece on the machine it gives it the cores.
          const { priorityKey: priority, fairnessWeight: weight } = Context.current().info.priority ?? {};
          return providers.speech.synthesize(
            {
              text: scene.narration,
              voice,
              speed: video.options.voice_speed,
              priority,
              weight,
              yieldCpu: mediaCpuYield(priority),
            },
            out,
            signal,
          );
        },
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
          // A draft's narration of words since edited is not the scene's.
          if (input.gate) return !now || Boolean(now.narrationAssetId) || now.narration !== scene.narration;
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
            { assetId: asset!.id, seconds: speech.durationSeconds, words: speech.words },
            trx,
          );
          return {
            // Made for a draft at the gate, where the video has no stage to show; the run reuses it.
            ...(input.gate
              ? { key: eventKeys.gate.narration(input.gate, scene.id) }
              : { key: eventKeys.run.narration(input.run, scene.id), stage: 'narrating' as const }),
            type: 'scene_narrated',
            data: {
              scene_id: scene.id,
              position: scene.position,
              asset_id: asset!.id,
              seconds: speech.durationSeconds,
              // Who spoke: null for the client's recording and for silence.
              voice: speech.voice || null,
              provider: speech.provider,
              speed: video.options.voice_speed,
              words: speech.words.length,
            },
          };
        },
      });
    },
  };
}
