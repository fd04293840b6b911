import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loudness, makeMedia } from '../../../../test/support/frames';
import { FfmpegRenderer, PLAIN_STYLE, type RenderStyle } from './ffmpeg.renderer';
import type { JoinScene } from './join';
import { resolveFfmpeg } from './resolve-ffmpeg';

const run = promisify(execFile);

const STYLE: RenderStyle = { ...PLAIN_STYLE, transition: 'fade', seed: 'soundtrack-spec' };

/**
 * The soundtrack mixed while the segments render (docs/decisions/0079-soundtrack-before-the-join.md):
 * a join given it writes the same MP4 as a join that mixes it (the same video stream, the same
 * audio to within ffmpeg's run-to-run noise), and opens neither the narration nor the pictures;
 * its ffmpeg runs (the narration file's beside the mix's) succeed or fail together.
 */
describe('a soundtrack mixed before the join', () => {
  let dir: string;
  let scenes: JoinScene[];
  let segments: string[];
  let music: { path: string; volume: number };
  const ffmpeg = resolveFfmpeg();
  const renderer = new FfmpegRenderer({ ffmpegPath: ffmpeg });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-soundtrack-'));
    scenes = [];
    for (const [i, hz] of [330, 440, 550].entries()) {
      const imagePath = path.join(dir, `scene-${i}.png`);
      const audioPath = path.join(dir, `scene-${i}.wav`);
      await makeMedia(['-f', 'lavfi', '-i', 'testsrc=s=1280x720', '-frames:v', '1', imagePath]);
      // A voice of bursts: loud enough to duck the music, with pauses between.
      await makeMedia([
        ...['-f', 'lavfi', '-i', `sine=frequency=${hz}:duration=${1.4 + i * 0.3}:sample_rate=22050`],
        ...['-af', "volume='if(lt(mod(t,0.5),0.3),0.5,0)':eval=frame", audioPath],
      ]);
      scenes.push({ imagePath, audioPath, durationSeconds: 1.4 + i * 0.3 });
    }
    music = { path: path.join(dir, 'music.wav'), volume: 0.3 };
    await makeMedia(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=2', '-ac', '2', music.path]);
    segments = [];
    for (let i = 0; i < scenes.length; i++) {
      const out = await renderer.renderSegment(
        { scenes: scenes.map((s) => ({ ...s })), index: i, aspectRatio: '16:9', style: STYLE },
        path.join(dir, `segment-${i}.mp4`),
      );
      segments.push(out.path);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const streamHash = async (file: string, stream: 'v' | 'a') =>
    (
      await run(ffmpeg, [
        '-v',
        'error',
        '-i',
        file,
        '-map',
        `0:${stream}`,
        '-c',
        'copy',
        '-f',
        'streamhash',
        '-',
      ])
    ).stdout;
  /** The file's audio decoded, as 32-bit float samples (mono, 44.1 kHz). */
  const samples = async (file: string) => {
    const { stdout } = await run(
      ffmpeg,
      ['-v', 'error', '-i', file, '-map', '0:a', '-ac', '1', '-ar', '44100', '-f', 'f32le', '-'],
      { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
    );
    return new Float32Array(stdout.buffer, stdout.byteOffset, stdout.byteLength / 4);
  };
  /**
   * How far two decodings of one mix are apart, in dB of signal over difference (Infinity when
   * equal). ffmpeg's mix of a looped music input is not bit-exact from run to run (a few thousand
   * samples about 57 dB down around a loop point), so the soundtrack is compared by this.
   */
  const snr = (a: Float32Array, b: Float32Array) => {
    let signal = 0;
    let noise = 0;
    for (let i = 0; i < a.length; i++) {
      signal += a[i]! ** 2;
      noise += (a[i]! - b[i]!) ** 2;
    }
    return noise === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10(signal / noise);
  };

  it('joins into the same MP4, narration file and thumbnail as a join that mixes them itself', async () => {
    const inline = path.join(dir, 'inline');
    const mixed = path.join(dir, 'mixed');
    const early = path.join(dir, 'early');
    await Promise.all([inline, mixed, early].map((d) => mkdir(d)));
    const a = await renderer.join({ segments, scenes, aspectRatio: '16:9', outDir: inline, music });
    const soundtrack = await renderer.mixSoundtrack({ scenes, aspectRatio: '16:9', outDir: mixed, music });
    // The join is given no narration and no picture: the soundtrack holds what came of them.
    const bare = scenes.map((s) => ({ ...s, audioPath: '', imagePath: '' }));
    const b = await renderer.join({
      segments,
      scenes: bare,
      aspectRatio: '16:9',
      outDir: early,
      music,
      soundtrack,
    });

    expect(b.durationSeconds).toBe(a.durationSeconds);
    expect(await streamHash(b.videoPath, 'v')).toBe(await streamHash(a.videoPath, 'v'));
    for (const [x, y] of [
      [a.videoPath, b.videoPath],
      [a.audioPath, b.audioPath],
    ] as const) {
      const [sx, sy] = await Promise.all([samples(x), samples(y)]);
      expect(sy.length).toBe(sx.length);
      expect(snr(sx, sy)).toBeGreaterThan(40);
    }
    expect((await readFile(b.thumbnailPath)).equals(await readFile(a.thumbnailPath))).toBe(true);
    // The soundtrack's files stay where they were (they may be the stored ones).
    await expect(readFile(soundtrack.mixPath)).resolves.toBeDefined();
    await expect(readFile(soundtrack.narrationPath)).resolves.toBeDefined();

    const l = await loudness(b.videoPath);
    expect(Math.abs(l.integrated - -16)).toBeLessThanOrEqual(1.5);
    expect(l.truePeak).toBeLessThanOrEqual(-1);
  }, 120_000);

  it('fails as a whole when one of its runs fails, leaving no file of it behind', async () => {
    // The narration file's run reads only the narration; the mix's run fails on music that is
    // not audio, and takes the narration's run down with it.
    const outDir = path.join(dir, 'broken-music');
    const broken = path.join(dir, 'not-music.wav');
    await writeFile(broken, 'not a sound');
    await expect(
      renderer.mixSoundtrack({ scenes, aspectRatio: '16:9', outDir, music: { path: broken, volume: 0.3 } }),
    ).rejects.toThrow(/not-music\.wav/);
    expect(await readdir(outDir)).toEqual([]);
  });

  it("refuses a join whose soundtrack's files are missing", async () => {
    const outDir = path.join(dir, 'missing');
    await expect(
      renderer.join({
        segments,
        scenes,
        aspectRatio: '16:9',
        outDir,
        soundtrack: {
          mixPath: path.join(dir, 'nope.m4a'),
          narrationPath: scenes[0]!.audioPath,
          thumbnailPath: scenes[0]!.imagePath,
        },
      }),
    ).rejects.toThrow(/soundtrack's nope.m4a is missing/);
  });
});
