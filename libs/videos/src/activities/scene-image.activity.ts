import path from 'node:path';
import type { MediaProviders } from '@vidgen/media';
import { chargeItems, eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { type RunMediaStep, tempDir } from './media-step';
import { loadScene } from './video-loader';

export interface SceneImageDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events'>;
  providers: Pick<MediaProviders, 'image'>;
  runStep: RunMediaStep;
}

/** Visualising: one image per scene. */
export function createSceneImageActivity({
  videos,
  providers,
  runStep,
}: SceneImageDeps): Pick<VideoActivities, 'generateSceneImage'> {
  return {
    async generateSceneImage(raw) {
      const input = parseInput(schemas.sceneWork, raw);
      await runStep({
        videoId: input.videoId,
        load: async (video) => {
          const { scene, scenes } = await loadScene(videos, video, input.sceneId);
          return scene.imageAssetId ? undefined : { video, scene, sceneCount: scenes.length };
        },
        // fail_scenes picks the scenes whose image fails, by position.
        fault: ({ scene }) => ({
          stage: 'visualising',
          fault: { ...input.fault, fail: input.fault.failScenes.includes(scene.position) },
        }),
        workDir: tempDir('vidgen-img-'),
        make: ({ video, scene, sceneCount }, dir, signal) =>
          providers.image.generateImage(
            {
              description: scene.visualDescription,
              sceneIndex: scene.position - 1,
              sceneCount,
              aspectRatio: video.options.aspect_ratio,
              seed: video.id,
            },
            path.join(dir, 'image.png'),
            signal,
          ),
        files: (image, { scene }) => [
          {
            source: image.path,
            name: `scene-${scene.id}.png`,
            type: 'image',
            mimeType: image.mimeType,
            sceneId: scene.id,
            width: image.width,
            height: image.height,
            depicts: image.depicts,
            attribution: image.attribution,
          },
        ],
        stale: async ({ video, scene }, trx) => {
          const now = (await videos.scenes.list(video.accountId, video.id, trx)).find(
            (s) => s.id === scene.id,
          );
          const refund = eventKeys.run.refund(input.run, chargeItems.image(scene.id));
          return (
            !now ||
            Boolean(now.imageAssetId) ||
            (await videos.events.has(video.accountId, video.id, refund, trx))
          );
        },
        record: async ({ video, scene }, _image, [asset], trx) => {
          await videos.scenes.setImage(video.accountId, video.id, scene.id, asset!.id, trx);
          return {
            key: eventKeys.run.image(input.run, scene.id),
            type: 'scene_image_generated',
            stage: 'visualising',
            data: { scene_id: scene.id, position: scene.position, asset_id: asset!.id },
          };
        },
      });
    },
  };
}
