import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMedia } from '../../../../test/support/frames';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import { FfmpegRenderer } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';
import type { SegmentScene } from './segment';

/** The niceness of every running process whose command line names `marker`. */
async function nicenessOf(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const pid of (await readdir('/proc')).filter((d) => /^\d+$/.test(d))) {
    try {
      const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes(marker) || !cmdline.includes('ffmpeg')) continue;
      // Fields after the command's name in parentheses: state is field 3, nice field 19.
      const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      found.push(Number(fields[16]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return found;
}

/**
 * A segment's ffmpeg yields the CPU by its piece's place in the media queue on top of a
 * segment's own niceness (docs/decisions/0075-media-rank-by-account-load.md).
 */
describe.runIf(process.platform === 'linux')("a segment's niceness", () => {
  let dir: string;
  let scenes: SegmentScene[];
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg() });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-segment-nice-'));
    scenes = [];
    for (const i of [0, 1]) {
      const imagePath = path.join(dir, `scene-${i}.png`);
      await makeMedia(['-f', 'lavfi', '-i', 'testsrc=s=1280x720', '-frames:v', '1', imagePath]);
      scenes.push({ imagePath, durationSeconds: 6, narration: `Scene ${i + 1}.` });
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  for (const [yieldCpu, niceness] of [
    [0, 10],
    [5, 15],
    [40, 19],
  ] as const) {
    it(`runs at ${niceness} when told to yield ${yieldCpu} more`, async () => {
      const out = path.join(dir, `segment-yield-${yieldCpu}.mp4`);
      const seen = new Set<number>();
      let done = false;
      const render = renderer
        .renderSegment(
          {
            scenes,
            index: 0,
            aspectRatio: '16:9',
            style: {
              motion: 'kenburns',
              transition: 'fade',
              captions: { ...DEFAULT_CAPTIONS, burn_in: true },
              seed: 'nice',
            },
          },
          out,
          { yieldCpu },
        )
        .finally(() => {
          done = true;
        });
      // The ffmpeg writes under a temporary name beside `out`: its folder names it.
      while (!done) {
        for (const n of await nicenessOf(path.basename(dir))) seen.add(n);
        await new Promise((r) => setTimeout(r, 20));
      }
      await render;
      expect([...seen]).toEqual([niceness]);
    });
  }
});
