import { expect, expectTypeOf, it } from 'vitest';
import type { db, gate, mediaQueue, script } from './video-activity-proxies';

type MediaQueue = ReturnType<typeof mediaQueue>;

// Checked by `npm run typecheck`: each proxy carries only the activities of its timeout class.
it('offers each activity only through the proxy whose timeouts fit it', () => {
  expectTypeOf<typeof script>().toHaveProperty('writeScript');
  expectTypeOf<typeof script>().not.toHaveProperty('joinSegments');
  expectTypeOf<MediaQueue['media']>().toHaveProperty('generateSceneImage');
  expectTypeOf<MediaQueue['media']>().not.toHaveProperty('joinSegments');
  expectTypeOf<MediaQueue['join']>().toHaveProperty('joinSegments');
  expectTypeOf<MediaQueue['join']>().not.toHaveProperty('narrateScene');
  expectTypeOf<typeof db>().toHaveProperty('refund');
  expectTypeOf<typeof db>().not.toHaveProperty('generateSceneImage');
  expectTypeOf<typeof gate>().toHaveProperty('applySceneEdit');
  expectTypeOf<typeof gate>().not.toHaveProperty('refund');
});

// An attempt lost with its worker, or whose task went with a Temporal restart, is noticed only
// by a heartbeat timeout; without one it is waited out for its whole start-to-close timeout
// (minutes for the script writer and the timeline: the crash drill's slowest video).
it('gives every activity that may run for minutes a heartbeat timeout of at most 10 seconds', async () => {
  const { scriptOptions, sceneMediaOptions, segmentOptions, joinOptions, timelineOptions } = await import(
    './video-activity-proxies'
  );
  const seconds = (d: unknown) => {
    const m = /^(\d+) (second|minute)s?$/.exec(String(d));
    return m ? Number(m[1]) * (m[2] === 'minute' ? 60 : 1) : Number.NaN;
  };
  for (const [name, options] of Object.entries({
    scriptOptions,
    sceneMediaOptions,
    segmentOptions,
    joinOptions,
    timelineOptions,
  })) {
    expect(seconds(options.startToCloseTimeout), name).toBeGreaterThan(30);
    expect(seconds(options.heartbeatTimeout), name).toBeLessThanOrEqual(10);
  }
});

// A bookkeeping attempt lost the same way was noticed by its 30 s start-to-close alone: in a
// drill run, a planProduction attempt lost with the control worker held its video for 30 s.
it('gives bookkeeping a heartbeat timeout of at most 5 seconds (the worker beats for it)', async () => {
  const { dbOptions } = await import('./video-activity-proxies');
  expect(dbOptions.heartbeatTimeout).toBe('5 seconds');
});
