import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMedia } from '../../../../test/support/frames';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import type { RenderStyle } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';
import { SEGMENT_ENCODE_ARGS, type SegmentScene, segmentArgs } from './segment';

const run = promisify(execFile);

const STYLE: RenderStyle = {
  motion: 'kenburns',
  transition: 'fade',
  captions: { ...DEFAULT_CAPTIONS, burn_in: true },
  // Scene 0 zooms in, scene 1 pans right, scene 2 zooms out.
  seed: 'segment-chroma-6',
};

/**
 * A segment's pictures stay in 4:2:0 from the still to the encoder, and only the crossfade's own
 * frames go through xfade's 4:4:4 (docs/decisions/0089-segments-stay-in-4-2-0.md); the motion
 * still lands on exact pixels: the luma is the same, frame for frame, as the same graph's with
 * every picture kept in 4:4:4.
 */
describe('a segment in 4:2:0', () => {
  let dir: string;
  let scenes: SegmentScene[];
  const ffmpeg = resolveFfmpeg();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-segment-chroma-'));
    const sources = ['testsrc=s=1280x720', 'mandelbrot=s=1280x720', 'smptehdbars=s=1280x720'];
    scenes = [];
    for (const [i, source] of sources.entries()) {
      const imagePath = path.join(dir, `scene-${i}.png`);
      await makeMedia(['-f', 'lavfi', '-i', source, '-frames:v', '1', imagePath]);
      scenes.push({ imagePath, durationSeconds: 2.1, narration: `Scene number ${i + 1} speaks.` });
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /**
   * Segment `index`'s arguments: `head` up to its encoder, and in `args` the encoder replaced by
   * `encoder`; the graph edited by `edit`.
   */
  async function segment(index: number, name: string, encoder: string[], edit = (g: string) => g) {
    const work = path.join(dir, `${name}-${index}`);
    await mkdir(work, { recursive: true });
    const { args } = await segmentArgs(
      { scenes, index, aspectRatio: '16:9', style: STYLE },
      24,
      work,
      'out.mp4',
    );
    const at = args.indexOf(SEGMENT_ENCODE_ARGS[0]!);
    const graph = args.indexOf('-filter_complex') + 1;
    const edited = args.map((a, k) => (k === graph ? edit(a) : a));
    // Progress lines are of no use here.
    const head = edited.slice(0, at).filter((a, k, all) => a !== '-progress' && all[k - 1] !== '-progress');
    return { work, head, args: [...head, ...encoder, ...edited.slice(at + SEGMENT_ENCODE_ARGS.length)] };
  }

  /** Luma SSIM of `a` against `b`, over every frame (both lossless). */
  async function lumaSsim(a: string, b: string): Promise<number> {
    const { stderr } = await run(ffmpeg, [
      '-hide_banner',
      '-i',
      a,
      '-i',
      b,
      '-lavfi',
      '[0:v]format=yuv444p[a];[1:v]format=yuv444p[b];[a][b]ssim',
      '-f',
      'null',
      '-',
    ]);
    return Number(/SSIM Y:([\d.]+)/.exec(stderr)![1]);
  }

  it.each([
    [0, 'zooming in, ending in a crossfade'],
    [1, 'panning, ending in a crossfade'],
    [2, 'zooming out, the last, with no crossfade'],
  ])('moves segment %i (%s) on exact pixels: its luma is the 4:4:4 graph’s', async (index) => {
    const lossless = (fmt: string) => [
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-qp',
      '0',
      '-pix_fmt',
      fmt,
    ];
    const made = await segment(index, 'made', lossless('yuv420p'));
    // The same graph without its format filters after the still's fit, encoded in 4:4:4: ffmpeg
    // keeps the moving pictures in 4:4:4, and nothing stands between the motion's scale and crop.
    const full = await segment(index, 'full', lossless('yuv444p'), (g) =>
      g.replace(/,format=yuv420p(?!,loop)/g, ''),
    );
    for (const s of [made, full]) await run(ffmpeg, s.args, { cwd: s.work });
    const ssim = await lumaSsim(path.join(made.work, 'out.mp4'), path.join(full.work, 'out.mp4'));
    // A crop rounded to even pixels in 4:2:0 (as before) scored 0.995 here, and the zooms with a
    // `format` filter between the scale and the crop 0.90.
    expect(ssim).toBeGreaterThan(0.9999);
  });

  it('scales the motion in 4:2:0 and gives xfade the crossfade’s frames alone', async () => {
    const s = await segment(0, 'formats', []);
    const args = s.head.map((a) => (a === 'error' ? 'debug' : a));
    const { stderr } = await run(ffmpeg, [...args, '-f', 'null', '-'], {
      cwd: s.work,
      maxBuffer: 64 * 1024 * 1024,
    });
    // Each filter prints its formats when it is configured: the motion's scales read the
    // oversampled still (1536×864) and write a frame-sized picture.
    const motion = [
      ...stderr.matchAll(/Parsed_scale_\d+ @ \w+\] w:1536 h:864 fmt:(\w+) .*?-> w:\d+ h:\d+ fmt:(\w+)/g),
    ];
    expect(motion.length).toBeGreaterThan(0);
    expect(new Set(motion.map((m) => `${m[1]}→${m[2]}`))).toEqual(new Set(['yuv420p→yuv420p']));
    // ffmpeg converts a picture's format only next to xfade: into 4:4:4 for it and back after it.
    const conversions = [
      ...stderr.matchAll(/auto-inserting filter '\w+' between the filter '(\w+)' and the filter '(\w+)'/g),
    ];
    expect(conversions).toHaveLength(3);
    for (const [, from, to] of conversions) expect(`${from} ${to}`).toMatch(/Parsed_xfade_/);
    // The scene's own frames before the crossfade (2.1 s less the fade's 0.5 s at 24 fps: 38
    // frames) end the concatenation's first part.
    const ends = [...stderr.matchAll(/Segment finished at pts=(\d+)/g)].map((m) => Number(m[1]) / 1e6);
    expect(ends[0]).toBeCloseTo(38 / 24, 3);
  });
});
