import { describe, expect, it } from 'vitest';
import { ASPECT_RATIOS, frameSize, imageFrame, RESOLUTIONS } from './media.types';

describe('frame sizes per aspect ratio and resolution', () => {
  it("keeps 720p's sizes as the default", () => {
    expect(ASPECT_RATIOS.map((ar) => frameSize(ar))).toEqual([
      { width: 1280, height: 720 },
      { width: 720, height: 1280 },
      { width: 1024, height: 1024 },
    ]);
    expect(ASPECT_RATIOS.map((ar) => frameSize(ar, '720p'))).toEqual(
      ASPECT_RATIOS.map((ar) => frameSize(ar)),
    );
  });

  it('gives 1080p as 1920×1080, 1080×1920 and 1080×1080', () => {
    expect(ASPECT_RATIOS.map((ar) => frameSize(ar, '1080p'))).toEqual([
      { width: 1920, height: 1080 },
      { width: 1080, height: 1920 },
      { width: 1080, height: 1080 },
    ]);
  });

  it('has even sides everywhere (yuv420p) and refuses an unknown resolution', () => {
    for (const r of RESOLUTIONS)
      for (const ar of ASPECT_RATIOS) {
        const { width, height } = frameSize(ar, r);
        expect([width % 2, height % 2]).toEqual([0, 0]);
      }
    expect(() => frameSize('16:9', '4k' as never)).toThrow(RangeError);
  });

  it('draws a picture at the frame it is given, else at the 720p frame', () => {
    expect(imageFrame({ aspectRatio: '9:16', width: 1080, height: 1920 })).toEqual({
      width: 1080,
      height: 1920,
    });
    expect(imageFrame({ aspectRatio: '9:16' })).toEqual({ width: 720, height: 1280 });
  });
});
