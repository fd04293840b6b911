import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../../test/support/ffprobe';
import { band, frameAt, loudness, makeMedia, meanDiff, toneLevel } from '../../../../test/support/frames';
import {
  DEFAULT_CAPTIONS,
  DRAFT_OUTPUT,
  type GeneratedSpeech,
  type RenderOutputOptions,
} from '../common/media.types';
import { LocalSpeechProvider } from '../narrating/local-speech.provider';
import { FfmpegRenderer, type RenderScene, type RenderStyle } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';

const LONG =
  'Bees collect nectar from thousands of flowers, carry it home in their stomachs, and pass it from bee to bee until it thickens into honey.';
const SHORT = 'Then they seal it with wax.';
const HZ = 60;

const style = (s: Partial<RenderStyle> = {}): RenderStyle => ({
  motion: 'none',
  transition: 'none',
  captions: { ...DEFAULT_CAPTIONS, burn_in: false },
  seed: 'style-spec',
  ...s,
});

describe('rendering style: motion, transitions, captions, music, loudness', () => {
  let dir: string;
  let speech: GeneratedSpeech[];
  let scenes: RenderScene[];
  let total: number;
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg() });
  const rendered = new Map<string, string>();

  async function render(
    name: string,
    s: RenderStyle,
    extra: { scenes?: RenderScene[]; music?: string; output?: RenderOutputOptions } = {},
  ) {
    const out = await renderer.render({
      scenes: extra.scenes ?? scenes,
      aspectRatio: '16:9',
      outDir: path.join(dir, name),
      style: s,
      music: extra.music ? { path: extra.music, volume: 0.15 } : null,
      output: extra.output,
    });
    rendered.set(name, out.videoPath);
    return out.videoPath;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-style-'));
    const voice = new LocalSpeechProvider();
    speech = [
      await voice.synthesize({ text: LONG }, path.join(dir, 'long.wav')),
      await voice.synthesize({ text: SHORT }, path.join(dir, 'short.wav')),
    ];
    // Two detailed, different pictures, so motion and fades show in every part of the frame.
    await makeMedia(['-f', 'lavfi', '-i', 'testsrc=s=1280x720', '-frames:v', '1', path.join(dir, 'a.png')]);
    await makeMedia([
      '-f',
      'lavfi',
      '-i',
      'mandelbrot=s=1280x720',
      '-frames:v',
      '1',
      path.join(dir, 'b.jpg'),
    ]);
    scenes = [
      {
        imagePath: path.join(dir, 'a.png'),
        audioPath: speech[0]!.path,
        durationSeconds: speech[0]!.durationSeconds,
        narration: LONG,
      },
      {
        imagePath: path.join(dir, 'b.jpg'),
        audioPath: speech[1]!.path,
        durationSeconds: speech[1]!.durationSeconds,
        narration: SHORT,
      },
    ];
    total = speech[0]!.durationSeconds + speech[1]!.durationSeconds;
    expect(speech[0]!.durationSeconds).toBeGreaterThan(5);
    await render('plain', style());
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('kenburns moves the picture within a scene; none keeps it still', async () => {
    const moving = await render('kenburns', style({ motion: 'kenburns' }));
    const still = rendered.get('plain')!;
    const [m1, m2, s1, s2] = await Promise.all([
      frameAt(moving, 1, { gray: true }),
      frameAt(moving, 2, { gray: true }),
      frameAt(still, 1, { gray: true }),
      frameAt(still, 2, { gray: true }),
    ]);
    expect(meanDiff(s1, s2)).toBeLessThan(0.5);
    expect(meanDiff(m1, m2)).toBeGreaterThan(4);
  });

  it('varies the motion from scene to scene and repeats it exactly for the same video', async () => {
    const again = await render('kenburns-again', style({ motion: 'kenburns' }));
    const other = await render('kenburns-other', style({ motion: 'kenburns', seed: 'another video' }));
    const t = 2.5;
    const [a, b, c] = await Promise.all([
      frameAt(rendered.get('kenburns')!, t, { gray: true }),
      frameAt(again, t, { gray: true }),
      frameAt(other, t, { gray: true }),
    ]);
    expect(meanDiff(a, b)).toBeLessThan(0.5);
    expect(meanDiff(a, c)).toBeGreaterThan(2);
  });

  it('crossfades at a scene boundary without changing the length or moving the narration', async () => {
    const faded = await render('fade', style({ transition: 'fade' }));
    const plain = rendered.get('plain')!;
    const boundary = speech[0]!.durationSeconds;
    const [mid0, mid1, fadeFrame, cutFrame] = await Promise.all([
      frameAt(faded, boundary / 2),
      frameAt(faded, boundary + speech[1]!.durationSeconds / 2),
      frameAt(faded, boundary - 0.25),
      frameAt(plain, boundary - 0.25),
    ]);
    // Mid-fade the frame is neither scene; with a cut it is still the first scene.
    expect(meanDiff(fadeFrame, mid0)).toBeGreaterThan(8);
    expect(meanDiff(fadeFrame, mid1)).toBeGreaterThan(8);
    expect(meanDiff(cutFrame, mid0)).toBeLessThan(1);
    const info = await probe(faded);
    expect(Math.abs(Number(info.format.duration) - total)).toBeLessThan(0.5);
    const v = info.streams.find((s) => s.codec_type === 'video')!;
    expect(Math.abs(Number(v.duration) - total)).toBeLessThan(0.1);
  });

  it('burns in captions that advance phrase by phrase, at the bottom or the top', async () => {
    const bottom = await render(
      'captions-bottom',
      style({ captions: { ...DEFAULT_CAPTIONS, size: 'large' } }),
    );
    const top = await render('captions-top', style({ captions: { ...DEFAULT_CAPTIONS, position: 'top' } }));
    const plain = rendered.get('plain')!;
    const at = async (file: string, t: number) => frameAt(file, t, { gray: true });
    const [b1, b2, p1, t1] = await Promise.all([
      at(bottom, 0.8),
      at(bottom, 4),
      at(plain, 0.8),
      at(top, 0.8),
    ]);
    const low = (f: typeof b1) => band(f, 0.75, 1);
    const high = (f: typeof b1) => band(f, 0, 0.25);
    expect(meanDiff(low(b1), low(p1))).toBeGreaterThan(5);
    // The next phrase replaced the first one in the same scene.
    expect(meanDiff(low(b1), low(b2))).toBeGreaterThan(3);
    expect(meanDiff(high(b1), high(p1))).toBeLessThan(0.5);
    // At the top: the top band changes, the bottom band is the picture's own.
    expect(meanDiff(high(t1), high(p1))).toBeGreaterThan(5);
    expect(meanDiff(low(t1), low(p1))).toBeLessThan(0.5);
  });

  it('lays music under the whole video, ducked under the narration, and normalises loudness', async () => {
    const tone = path.join(dir, 'tone.wav');
    // A 60 Hz tone, where speech has next to no energy (at 1 kHz the voice itself would fill the
    // measuring band), shorter than the video, so it must loop.
    await makeMedia(['-f', 'lavfi', '-i', `sine=frequency=${HZ}:duration=3`, '-ac', '2', tone]);
    // Three seconds of silence after each narration: the pauses where the music comes up.
    const paused = scenes.map((s) => ({ ...s, durationSeconds: s.durationSeconds + 3 }));
    const withMusic = await render('music', style(), { scenes: paused, music: tone });
    const without = await render('no-music', style(), { scenes: paused });
    const speechEnd = speech[0]!.durationSeconds;
    const during = await toneLevel(withMusic, 0.5, speechEnd - 1, HZ);
    const pause = await toneLevel(withMusic, speechEnd + 0.8, 1.8, HZ);
    expect(pause - during).toBeGreaterThanOrEqual(6);
    // Past the tone's own 3 s, in the second scene's pause: it looped.
    const lastPause = paused[0]!.durationSeconds + speech[1]!.durationSeconds + 0.8;
    expect(await toneLevel(withMusic, lastPause, 1, HZ)).toBeGreaterThan(pause - 6);
    expect(await toneLevel(without, speechEnd + 0.8, 1.8, HZ)).toBeLessThan(pause - 30);
    // A draft mixes its sound in its one run: its music loops too.
    const draft = await render('music-draft', style(), { scenes: paused, music: tone, output: DRAFT_OUTPUT });
    expect(await toneLevel(draft, lastPause, 1, HZ)).toBeGreaterThan(
      (await toneLevel(draft, speechEnd + 0.8, 1.8, HZ)) - 6,
    );

    for (const file of [withMusic, without, rendered.get('plain')!]) {
      const l = await loudness(file);
      expect(Math.abs(l.integrated - -16)).toBeLessThanOrEqual(1.5);
      expect(l.truePeak).toBeLessThanOrEqual(-1);
    }
  });

  it('fits pictures of any size and format to the frame without distortion (cover, centred)', async () => {
    // 500×900 portrait JPEG and WebP: white, with a centred 200×200 red square.
    const pictures = ['tall.jpg', 'tall.webp'].map((n) => path.join(dir, n));
    for (const p of pictures) {
      await makeMedia([
        ...['-f', 'lavfi', '-i', 'color=white:s=500x900', '-frames:v', '1'],
        ...['-vf', 'drawbox=x=150:y=350:w=200:h=200:color=red:t=fill', p],
      ]);
    }
    for (const [k, motion] of (['none', 'kenburns'] as const).entries()) {
      const image = pictures[k]!;
      const file = await render(`cover-${motion}`, style({ motion }), {
        scenes: scenes.map((s) => ({ ...s, imagePath: image })),
      });
      const f = await frameAt(file, 1, { width: 640, height: 360 });
      const red = (x: number, y: number) => {
        const i = (y * f.width + x) * 3;
        return f.data[i]! > 180 && f.data[i + 1]! < 90 && f.data[i + 2]! < 90;
      };
      let [x0, x1, y0, y1] = [f.width, -1, f.height, -1];
      for (let y = 0; y < f.height; y++)
        for (let x = 0; x < f.width; x++)
          if (red(x, y))
            [x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)];
      const w = x1 - x0 + 1;
      const h = y1 - y0 + 1;
      expect(w, motion).toBeGreaterThan(100);
      expect(w / h, motion).toBeGreaterThan(0.9);
      expect(w / h, motion).toBeLessThan(1.1);
      // Centred, and the frame filled edge to edge: white corners, no black bars.
      expect(Math.abs((x0 + x1) / 2 - f.width / 2), motion).toBeLessThan(f.width * 0.1);
      for (const [x, y] of [
        [2, 2],
        [f.width - 3, 2],
        [2, f.height - 3],
        [f.width - 3, f.height - 3],
      ] as const) {
        const i = (y * f.width + x) * 3;
        expect(
          Math.min(f.data[i]!, f.data[i + 1]!, f.data[i + 2]!),
          `${motion} corner ${x},${y}`,
        ).toBeGreaterThan(200);
      }
    }
  });
});
