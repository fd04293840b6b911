import type { Scene } from '../../api';

/** What a scene's picture shows, in words: its `depicts`, or why there is nothing to say. */
export function depictsText(scene: Scene): string {
  if (!scene.image_asset_id) return 'Not drawn yet';
  if (scene.image_depicts === null) return 'Your own image';
  if (scene.image_depicts.length === 0) return 'A backdrop, nothing in particular';
  return `Shows ${scene.image_depicts.join(', ')}`;
}
