import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMedia } from '../../../../test/support/frames';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import { FfmpegRenderer, type RenderStyle } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';
import type { SegmentScene } from './segment';

const run = promisify(execFile);

const STYLE: RenderStyle = {
  motion: 'kenburns',
  transition: 'fade',
  captions: { ...DEFAULT_CAPTIONS, burn_in: true },
  seed: 'segment-inputs-spec',
};

/**
 * A segment rendered from the scenes it needs (the lengths up to the next scene, its picture and
 * the next one's; docs/decisions/0074-overlapped-production.md) is the segment rendered from the
 * whole video: the same frames, pixel for pixel.
 */
describe('a segment from the scenes it needs', () => {
  let dir: string;
  let scenes: SegmentScene[];
  const ffmpeg = resolveFfmpeg();
  const renderer = new FfmpegRenderer({ ffmpegPath: ffmpeg });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-segment-inputs-'));
    const sources = [
      'testsrc=s=1280x720',
      'mandelbrot=s=1280x720',
      'smptehdbars=s=1280x720',
      'rgbtestsrc=s=1280x720',
    ];
    scenes = [];
    for (const [i, source] of sources.entries()) {
      const imagePath = path.join(dir, `scene-${i}.png`);
      await makeMedia(['-f', 'lavfi', '-i', source, '-frames:v', '1', imagePath]);
      // Lengths whose running total rounds differently from each length alone.
      scenes.push({
        imagePath,
        durationSeconds: 1.23 + i * 0.37,
        narration: `Scene number ${i + 1} speaks.`,
      });
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function frameHashes(file: string): Promise<string[]> {
    const { stdout } = await run(ffmpeg, ['-v', 'error', '-i', file, '-map', '0:v', '-f', 'framemd5', '-'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(',').at(-1)!.trim());
  }

  it.each([0, 1, 2])(
    'segment %i: the same frames from the scenes up to the next one, the others without pictures',
    async (k) => {
      const whole = await renderer.renderSegment(
        { scenes, index: k, aspectRatio: '16:9', style: STYLE },
        path.join(dir, `whole-${k}.mp4`),
      );
      const needed = scenes.slice(0, k + 2).map((s, j) => (j >= k ? s : { ...s, imagePath: '' }));
      const part = await renderer.renderSegment(
        { scenes: needed, index: k, aspectRatio: '16:9', style: STYLE },
        path.join(dir, `part-${k}.mp4`),
      );
      expect(part.frames).toBe(whole.frames);
      const [a, b] = await Promise.all([frameHashes(whole.path), frameHashes(part.path)]);
      expect(a).toHaveLength(whole.frames);
      expect(b).toEqual(a);
    },
    60_000,
  );

  it('refuses a segment whose own or next picture is missing', async () => {
    const needed = scenes.slice(0, 3).map((s, j) => (j === 2 ? { ...s, imagePath: '' } : s));
    await expect(
      renderer.renderSegment(
        { scenes: needed, index: 1, aspectRatio: '16:9', style: STYLE },
        path.join(dir, 'x.mp4'),
      ),
    ).rejects.toThrow(/Scene 2 image is missing/);
  });
});
