import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
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
 * a join given it writes the same MP4 as a join that mixes it, and opens neither the narration
 * nor the pictures.
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

  const streamHashes = async (file: string) =>
    (await run(ffmpeg, ['-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'streamhash', '-']))
      .stdout;

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
    expect(await streamHashes(b.videoPath)).toBe(await streamHashes(a.videoPath));
    expect(await streamHashes(b.audioPath)).toBe(await streamHashes(a.audioPath));
    expect((await readFile(b.thumbnailPath)).equals(await readFile(a.thumbnailPath))).toBe(true);
    // The soundtrack's files stay where they were (they may be the stored ones).
    await expect(readFile(soundtrack.mixPath)).resolves.toBeDefined();
    await expect(readFile(soundtrack.narrationPath)).resolves.toBeDefined();

    const l = await loudness(b.videoPath);
    expect(Math.abs(l.integrated - -16)).toBeLessThanOrEqual(1.5);
    expect(l.truePeak).toBeLessThanOrEqual(-1);
  }, 120_000);

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
