import { execFile } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../../test/support/ffprobe';
import { band, type Frame, meanDiff, toneLevel } from '../../../../test/support/frames';
import { insetLogo } from '../../../../test/support/png';
import { type BrandStyle, logoBox } from '../common/branding/brand-style';
import { fontsDir } from '../common/font-catalog';
import type { AspectRatio } from '../common/media.types';
import { assCaptions } from './captions';
import { FfmpegRenderer, type RenderScene } from './ffmpeg.renderer';
import type { RenderStyle } from './render-plan';
import { resolveFfmpeg } from './resolve-ffmpeg';

const run = promisify(execFile);
const ffmpeg = resolveFfmpeg();
const FPS = 24;
const GREY = [128, 128, 128];

/** The frame at `seconds` at full size, RGB. */
async function fullFrame(file: string, seconds: number, width: number, height: number): Promise<Frame> {
  const { stdout } = await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  expect(stdout.length).toBe(width * height * 3);
  return { data: stdout, width, height, channels: 3 };
}
const px = (f: Frame, x: number, y: number) => [
  ...f.data.subarray((y * f.width + x) * 3, (y * f.width + x) * 3 + 3),
];
const near = (a: number[], b: number[], tol = 40) => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
const hex = (h: string) => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16));

/** The bounding box of the pixels near `rgb`, and how many there are. */
function inkBox(f: Frame, rgb: number[], region?: { x0: number; y0: number; x1: number; y1: number }) {
  const r = region ?? { x0: 0, y0: 0, x1: f.width, y1: f.height };
  let x0 = Number.POSITIVE_INFINITY;
  let y0 = Number.POSITIVE_INFINITY;
  let x1 = -1;
  let y1 = -1;
  let count = 0;
  for (let y = r.y0; y < r.y1; y++)
    for (let x = r.x0; x < r.x1; x++)
      if (near(px(f, x, y), rgb, 60)) {
        count++;
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x);
        y1 = Math.max(y1, y);
      }
  return { x0, y0, width: x1 - x0 + 1, height: y1 - y0 + 1, count };
}

async function frameCount(file: string): Promise<number> {
  const info = await probe(file, ['-count_frames']);
  const video = info.streams.find((s) => s.codec_type === 'video')!;
  return Number((video as { nb_read_frames?: string }).nb_read_frames ?? video.nb_frames);
}

describe('brand kits in renders', () => {
  let dir: string;
  let logoPath: string;
  const renderer = new FfmpegRenderer({ ffmpegPath: ffmpeg, fps: FPS });

  const brand = (over: Partial<BrandStyle> = {}): BrandStyle => ({
    logo: { path: logoPath, width: 200, height: 100, position: 'bottom-right', size: 0.2, opacity: 1 },
    font: 'inter',
    captions: {
      text_color: '#00FF00',
      box_color: '#0000FF',
      box_opacity: 1,
      highlight_color: '#FF00FF',
      position: 'bottom',
    },
    palette: ['#0B3D91', '#FFD23F'],
    intro: { text: 'Acme presents', seconds: 1 },
    outro: { text: 'acme.example', seconds: 1.5 },
    ...over,
  });
  const style = (b: BrandStyle | null): RenderStyle => ({
    motion: 'none',
    transition: 'none',
    captions: { burn_in: true, position: 'bottom', size: 'medium', style: 'phrase' },
    seed: 'brand-spec',
    brand: b,
  });

  async function scenes(aspect: AspectRatio, narration: string[]): Promise<RenderScene[]> {
    const [w, h] = { '16:9': [1280, 720], '9:16': [720, 1280], '1:1': [1024, 1024] }[aspect];
    const image = path.join(dir, `grey-${w}x${h}.png`);
    await run(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `color=c=0x808080:s=${w}x${h}`,
      '-frames:v',
      '1',
      image,
    ]);
    return Promise.all(
      narration.map(async (text, i) => {
        const audio = path.join(dir, `tone-${i}.wav`);
        await run(ffmpeg, [
          ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5:sample_rate=44100'],
          ...['-ac', '1', '-c:a', 'pcm_s16le', audio],
        ]);
        return { imagePath: image, audioPath: audio, durationSeconds: 1.5, narration: text };
      }),
    );
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-brand-render-'));
    logoPath = path.join(dir, 'logo.png');
    // A red rectangle in the middle half, fully transparent around it.
    await writeFile(logoPath, insetLogo(200, 100, [255, 0, 0]));
  });
  afterAll(async () => {
    // BRAND_RENDERS_DIR=<folder> keeps the renders there, to look at.
    if (process.env.BRAND_RENDERS_DIR) await cp(dir, process.env.BRAND_RENDERS_DIR, { recursive: true });
    await rm(dir, { recursive: true, force: true });
  });

  describe('a 16:9 render with every part of a brand', () => {
    let branded: string;
    let plain: string;
    const W = 1280;
    const H = 720;

    beforeAll(async () => {
      const input = await scenes('16:9', ['Bees make honey.', 'From flower to jar.']);
      branded = (
        await renderer.render({
          scenes: input,
          aspectRatio: '16:9',
          outDir: path.join(dir, 'branded'),
          style: style(brand()),
        })
      ).videoPath;
      plain = (
        await renderer.render({
          scenes: input,
          aspectRatio: '16:9',
          outDir: path.join(dir, 'plain'),
          style: style(null),
        })
      ).videoPath;
    }, 120_000);

    it('is longer by exactly the cards’ frames', async () => {
      const extra = (await frameCount(branded)) - (await frameCount(plain));
      expect(Math.abs(extra - (1 + 1.5) * FPS)).toBeLessThanOrEqual(1);
    });

    it('opens and closes on cards in the palette', async () => {
      const first = await fullFrame(branded, 0, W, H);
      expect(near(px(first, 20, 20), hex('#0B3D91'), 12)).toBe(true);
      expect(inkBox(first, hex('#FFD23F')).count).toBeGreaterThan(500); // the title, in the second colour
      const frames = await frameCount(branded);
      const last = await fullFrame(branded, (frames - 1) / FPS, W, H);
      expect(near(px(last, W - 20, H - 20), hex('#0B3D91'), 12)).toBe(true);
      expect(inkBox(last, hex('#FFD23F')).count).toBeGreaterThan(300);
    });

    it('starts the narration after the intro', async () => {
      expect(await toneLevel(branded, 0.1, 0.8, 440)).toBeLessThan(-50);
      expect(await toneLevel(branded, 1.2, 0.6, 440)).toBeGreaterThan(-30);
      expect(await toneLevel(plain, 0.1, 0.8, 440)).toBeGreaterThan(-30);
    });

    it('draws the logo at its corner at its size, transparency kept, and the captions clear of it', async () => {
      const f = await fullFrame(branded, 1.75, W, H);
      const box = logoBox(
        { width: W, height: H },
        { width: 200, height: 100, position: 'bottom-right', size: 0.2 },
      );
      expect(box).toEqual({ x: W - 36 - 144, y: H - 36 - 72, width: 144, height: 72 });
      // The opaque middle half of the logo: 72 × 36 px, centred in the box.
      const red = inkBox(f, [255, 0, 0]);
      expect(Math.abs(red.width - 72) / 72).toBeLessThanOrEqual(0.1);
      expect(Math.abs(red.height - 36) / 36).toBeLessThanOrEqual(0.1);
      expect(Math.abs(red.x0 - (box.x + 36))).toBeLessThanOrEqual(3);
      expect(Math.abs(red.y0 - (box.y + 18))).toBeLessThanOrEqual(3);
      // Its transparent rim shows the picture.
      expect(near(px(f, box.x + 6, box.y + 6), GREY, 20)).toBe(true);
      expect(near(px(f, box.x + box.width - 6, box.y + box.height - 6), GREY, 20)).toBe(true);
      // The caption: green text on a blue box, all of it above the logo.
      const text = inkBox(f, [0, 255, 0]);
      const boxInk = inkBox(f, [0, 0, 255]);
      expect(text.count).toBeGreaterThan(300);
      expect(boxInk.count).toBeGreaterThan(3000);
      expect(boxInk.y0 + boxInk.height).toBeLessThanOrEqual(box.y);
    });
    it('keeps the logo on to the last frame of the last scene (the one logo frame is repeated)', async () => {
      // The scenes' frames run from the intro's 24th to the outro's first: the last scene's last is 95.
      const f = await fullFrame(branded, 95 / FPS, W, H);
      const red = inkBox(f, [255, 0, 0]);
      expect(Math.abs(red.width - 72) / 72).toBeLessThanOrEqual(0.1);
      expect(Math.abs(red.x0 - (W - 36 - 144 + 36))).toBeLessThanOrEqual(3);
    });
  });

  it.each([
    ['9:16', 720, 1280, 'top-left'],
    ['1:1', 1024, 1024, 'top-right'],
    ['16:9', 1920, 1080, 'bottom-left'],
  ] as const)(
    'keeps the logo inside the safe area at %s (%ix%i, %s)',
    async (aspect, W, H, position) => {
      const input = await scenes(aspect, ['A logo in its corner.']);
      const out = await renderer.render({
        scenes: input,
        aspectRatio: aspect,
        outDir: path.join(dir, `corner-${aspect.replace(':', 'x')}-${W}`),
        output: { resolution: W === 1920 ? '1080p' : '720p', fps: FPS },
        style: style(
          brand({
            intro: null,
            outro: null,
            captions: null,
            logo: { ...brand().logo!, position, size: 0.3 },
          }),
        ),
      });
      const f = await fullFrame(out.videoPath, 0.5, W, H);
      const short = Math.min(W, H);
      const margin = Math.round(short * 0.05);
      const width = 2 * Math.round((short * 0.3) / 2);
      const red = inkBox(f, [255, 0, 0]);
      expect(Math.abs(red.width - width / 2) / (width / 2)).toBeLessThanOrEqual(0.1);
      const left = position.endsWith('left') ? margin : W - margin - width;
      const top = position.startsWith('top') ? margin : H - margin - width / 2;
      expect(Math.abs(red.x0 - (left + width / 4))).toBeLessThanOrEqual(3);
      expect(Math.abs(red.y0 - (top + width / 8))).toBeLessThanOrEqual(3);
    },
    60_000,
  );

  describe('caption fonts', () => {
    const W = 1280;
    const H = 720;
    async function captionBand(narration: string, b: BrandStyle | null, name: string): Promise<Frame> {
      const input = await scenes('16:9', [narration]);
      const out = path.join(dir, `${name}.mp4`);
      await renderer.renderSegment({ scenes: input, index: 0, aspectRatio: '16:9', style: style(b) }, out);
      return band(await fullFrame(out, 0.5, W, H), 0.7, 1);
    }
    const fontOnly = (font: string): BrandStyle => ({
      ...brand(),
      logo: null,
      intro: null,
      outro: null,
      captions: null,
      font,
    });

    it('draws a brand’s font: its glyphs differ measurably from the default font’s', async () => {
      const dejavu = await captionBand('Bees make honey from flowers.', null, 'font-default');
      const inter = await captionBand('Bees make honey from flowers.', fontOnly('inter'), 'font-inter');
      const lato = await captionBand('Bees make honey from flowers.', fontOnly('lato'), 'font-lato');
      expect(meanDiff(dejavu, inter)).toBeGreaterThan(2);
      expect(meanDiff(inter, lato)).toBeGreaterThan(2);
    }, 60_000);

    it('writes Japanese under a Latin-only font in a font that can: glyphs, not the boxes of a missing glyph', async () => {
      const text = '日本語のキャプションです';
      const fallback = await captionBand(text, fontOnly('lato'), 'font-ja');
      // The same caption with Lato alone, no fallback: libass draws a box for each character.
      const tofuDir = path.join(dir, 'tofu');
      await fontsDir(path.join(tofuDir, 'fonts'), ['lato']);
      const ass = assCaptions([{ start: 0, end: 1.5, text }], { width: W, height: H }, style(null).captions, {
        font: 'lato',
      }).replace(/\{\\fn[^}]*\}/g, '');
      await writeFile(path.join(tofuDir, 'captions.ass'), ass);
      const tofuImage = path.join(tofuDir, 'tofu.png');
      await run(
        ffmpeg,
        [
          ...['-v', 'error', '-y', '-i', path.join(dir, 'grey-1280x720.png')],
          ...['-vf', 'ass=filename=captions.ass:fontsdir=fonts', '-frames:v', '1', '-update', '1', tofuImage],
        ],
        { cwd: tofuDir },
      );
      const { stdout } = await run(
        ffmpeg,
        ['-v', 'error', '-i', tofuImage, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
        {
          encoding: 'buffer',
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const tofu = band({ data: stdout, width: W, height: H, channels: 3 }, 0.7, 1);
      // The same caption drawn in Noto Sans JP itself: what the fallback must look like.
      const direct = await captionBand(text, fontOnly('noto-sans-jp'), 'font-ja-direct');
      const white = (f: Frame) => inkBox(f, [255, 255, 255]).count;
      expect(white(fallback)).toBeGreaterThan(1000);
      expect(meanDiff(fallback, direct)).toBeLessThan(0.5);
      expect(meanDiff(fallback, tofu)).toBeGreaterThan(1.5);
    }, 60_000);
  });
});
