import { CREDITS_PER_SCENE_IMAGE, narrationCredits } from '@vidgen/ledger';
import type { NewVideo } from '../video.repository';
import { VIDEO_LIMITS } from '../video.types';

/**
 * What a row's video may cost at most, for the batch's check against the balance
 * (docs/decisions/0063-templates-and-batches.md): an image per scene without a visual of the
 * client's, and its narration — the client's text when it wrote the scenes, else the longest
 * narration the planner writes for each scene.
 */
export function estimatedCredits(video: NewVideo): number {
  const scenes = video.clientScenes;
  const images = scenes ? scenes.filter((s) => !s.image_asset_id).length : video.sceneCount;
  if (!video.options.narrate) return images * CREDITS_PER_SCENE_IMAGE;
  const chars = scenes
    ? scenes.filter((s) => !s.audio_asset_id).reduce((n, s) => n + s.narration.length, 0)
    : video.sceneCount * VIDEO_LIMITS.narrationMax;
  return images * CREDITS_PER_SCENE_IMAGE + narrationCredits(chars);
}
