import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe } from '../../../../test/support/ffprobe';
import { frameAt, makeMedia, meanDiff, toneLevel } from '../../../../test/support/frames';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import { FfmpegRenderer, type RenderScene, type RenderStyle } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';

const style = (s: Partial<RenderStyle> = {}): RenderStyle => ({
  motion: 'kenburns',
  transition: 'none',
  captions: { ...DEFAULT_CAPTIONS, burn_in: false },
  seed: 'clip-spec',
  ...s,
});
// The clips' own sound: it must never reach the video.
const CLIP_HZ = 1500;

/**
 * A still (2 s), a 1 s clip in a 3 s scene (looped) and a 6 s clip in a 2 s scene (cut): clips
 * of another frame rate, size and shape than the 16:9, 24 fps video.
 */
describe('rendering clips in scenes', () => {
  let dir: string;
  let scenes: RenderScene[];
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg() });
  const file = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-clip-render-'));
    await makeMedia(['-f', 'lavfi', '-i', 'mandelbrot=s=1280x720', '-frames:v', '1', file('still.png')]);
    const clip = (name: string, size: string, rate: number, seconds: number, ...codec: string[]) =>
      makeMedia([
        ...['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${rate}:d=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${CLIP_HZ}:duration=${seconds}`],
        ...codec,
        '-shortest',
        file(name),
      ]);
    await clip('short.mp4', '640x480', 30, 1, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac');
    await clip(
      'long.webm',
      '360x640',
      25,
      6,
      '-c:v',
      'libvpx-vp9',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-c:a',
      'libopus',
    );
    for (const [name, seconds] of [
      ['a.wav', 2],
      ['b.wav', 3],
      ['c.wav', 2],
    ] as const) {
      await makeMedia(['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, file(name)]);
    }
    scenes = [
      { imagePath: file('still.png'), audioPath: file('a.wav'), durationSeconds: 2 },
      { imagePath: file('short.mp4'), clip: true, audioPath: file('b.wav'), durationSeconds: 3 },
      { imagePath: file('long.webm'), clip: true, audioPath: file('c.wav'), durationSeconds: 2 },
    ];
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('plays each clip muted and fitted to the frame, looping the short one and cutting the long one', async () => {
    const out = await renderer.render({ scenes, aspectRatio: '16:9', outDir: file('plain'), style: style() });
    const info = await probe(out.videoPath);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    // The clips' rate and size change nothing of the video's.
    expect([video.width, video.height, video.r_frame_rate]).toEqual([1280, 720, '24/1']);
    expect(Number(info.format.duration)).toBeCloseTo(7, 0);

    const at = (t: number) => frameAt(out.videoPath, t);
    // Inside the looped clip's scene (2–5 s) the picture moves, and 1 s later it is back where it was.
    const [s1, s2, s3] = await Promise.all([at(2.3), at(2.8), at(3.3)]);
    expect(meanDiff(s1, s2)).toBeGreaterThan(5);
    expect(meanDiff(s1, s3)).toBeLessThan(3);
    // The long clip moves on until the video ends at 7 s: it is cut, not squeezed.
    const [l1, l2] = await Promise.all([at(5.3), at(6.5)]);
    expect(meanDiff(l1, l2)).toBeGreaterThan(4);
    // The portrait clip is cropped to fill the landscape frame: no black bars at its sides.
    const edge = l1.data.subarray(0, 3 * 8);
    expect(Math.max(...edge)).toBeGreaterThan(30);

    // Only the narration (440 Hz) is heard; the clips' 1500 Hz tone is not.
    expect(await toneLevel(out.videoPath, 2.5, 3, CLIP_HZ)).toBeLessThan(-60);
    expect(await toneLevel(out.videoPath, 2.5, 3, 440)).toBeGreaterThan(-30);
  });

  it('opens a clip only as the container its name says: a concat list named .mp4 is refused, not followed', async () => {
    // ffmpeg would otherwise probe the list and play the file it names.
    await writeFile(file('list.mp4'), "ffconcat version 1.0\nfile 'short.mp4'\n");
    const listed = [{ ...scenes[1]!, imagePath: file('list.mp4') }];
    await expect(
      renderer.render({ scenes: listed, aspectRatio: '16:9', outDir: file('listed'), style: style() }),
    ).rejects.toThrow(/moov atom not found/);
  });

  it('crossfades into and out of a clip and burns captions over it', async () => {
    const captioned = scenes.map((s, i) => ({ ...s, narration: `Scene number ${i + 1} speaks.` }));
    const out = await renderer.render({
      scenes: captioned,
      aspectRatio: '9:16',
      outDir: file('styled'),
      style: style({ transition: 'fade', captions: { ...DEFAULT_CAPTIONS, burn_in: true } }),
    });
    const info = await probe(out.videoPath);
    const video = info.streams.find((s) => s.codec_type === 'video')!;
    expect([video.width, video.height]).toEqual([720, 1280]);
    expect(Number(info.format.duration)).toBeCloseTo(7, 0);
    // A clip scene's frames move under their captions.
    const [a, b] = await Promise.all([frameAt(out.videoPath, 3.2), frameAt(out.videoPath, 3.7)]);
    expect(meanDiff(a, b)).toBeGreaterThan(5);
  });
});
