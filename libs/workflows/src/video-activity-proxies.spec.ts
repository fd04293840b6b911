import { expectTypeOf, it } from 'vitest';
import type { db, gate, media, renderer, script } from './video-activity-proxies';

// Checked by `npm run typecheck`: each proxy carries only the activities of its timeout class.
it('offers each activity only through the proxy whose timeouts fit it', () => {
  expectTypeOf<typeof script>().toHaveProperty('writeScript');
  expectTypeOf<typeof script>().not.toHaveProperty('render');
  expectTypeOf<typeof media>().toHaveProperty('generateSceneImage');
  expectTypeOf<typeof media>().not.toHaveProperty('render');
  expectTypeOf<typeof renderer>().toHaveProperty('render');
  expectTypeOf<typeof renderer>().not.toHaveProperty('narrateScene');
  expectTypeOf<typeof db>().toHaveProperty('refund');
  expectTypeOf<typeof db>().not.toHaveProperty('generateSceneImage');
  expectTypeOf<typeof gate>().toHaveProperty('applySceneEdit');
  expectTypeOf<typeof gate>().not.toHaveProperty('refund');
});
