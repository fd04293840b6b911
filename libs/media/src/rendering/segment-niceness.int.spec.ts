import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMedia } from '../../../../test/support/frames';
import { mayLowerNiceness } from '../../../../test/support/niceness';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import { FfmpegRenderer } from './ffmpeg.renderer';
import { resolveFfmpeg } from './resolve-ffmpeg';
import type { SegmentScene } from './segment';

/** The niceness of every running ffmpeg whose command line names `marker`. */
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
 * Every niceness the ffmpeg runs under `dir` had while `run` ran, in the order seen (a repeat of
 * the one before left out); `onSeen` hears each look's.
 */
async function watched(
  dir: string,
  run: Promise<unknown>,
  onSeen?: (niceness: number) => void,
): Promise<number[]> {
  const seen: number[] = [];
  let done = false;
  const settled = run.finally(() => {
    done = true;
  });
  while (!done) {
    for (const n of await nicenessOf(path.basename(dir))) {
      if (seen.at(-1) !== n) seen.push(n);
      onSeen?.(n);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await settled;
  return seen;
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

  const own = os.getPriority();
  for (const [yieldCpu, niceness, narrated] of [
    [0, 10, false],
    [5, 15, false],
    [40, 19, false],
    // Its video narrated: an only video's segment at the process's own niceness, the others as before.
    [0, own, true],
    [5, 15, true],
  ] as const) {
    it(`runs at ${niceness} when told to yield ${yieldCpu} more${narrated ? ', its video narrated' : ''}`, async () => {
      const out = path.join(dir, `segment-yield-${yieldCpu}${narrated ? '-narrated' : ''}.mp4`);
      const render = renderer.renderSegment(segment(), out, { yieldCpu, narrated });
      // The ffmpeg writes under a temporary name beside `out`: its folder names it.
      expect(await watched(dir, render)).toEqual([niceness]);
    });
  }

  // Only a process that may lower a niceness again takes one back.
  const mayLower = mayLowerNiceness();

  it.skipIf(!mayLower)(
    "goes on at the process's niceness once its video is narrated while it renders",
    async () => {
      let narratedNow: (yes: boolean) => void = () => undefined;
      const narratedLater = new Promise<boolean>((resolve) => {
        narratedNow = resolve;
      });
      const out = path.join(dir, 'segment-narrated-later.mp4');
      const render = renderer.renderSegment(segment(), out, {
        yieldCpu: 0,
        whenNarrated: () => narratedLater,
      });
      // The video is narrated once the ffmpeg is seen niced.
      const seen = await watched(dir, render, (n) => {
        if (n === 10) narratedNow(true);
      });
      expect(seen).toEqual([10, own]);
    },
  );

  it('stays niced when the render learns its video is not narrated before it ends', async () => {
    const out = path.join(dir, 'segment-not-narrated.mp4');
    const render = renderer.renderSegment(segment(), out, {
      yieldCpu: 0,
      whenNarrated: async () => false,
    });
    expect(await watched(dir, render)).toEqual([10]);
  });

  function segment() {
    return {
      scenes,
      index: 0,
      aspectRatio: '16:9',
      style: {
        motion: 'kenburns',
        transition: 'fade',
        captions: { ...DEFAULT_CAPTIONS, burn_in: true },
        seed: 'nice',
      },
    } as const;
  }
});

/**
 * The soundtrack and the join finish a narrated video: their ffmpeg runs at the process's own
 * niceness, and behind a more urgent piece as a narrated segment of their place does.
 */
describe.runIf(process.platform === 'linux')("the soundtrack's and the join's niceness", () => {
  let dir: string;
  let scenes: { imagePath: string; audioPath: string; durationSeconds: number }[];
  let segments: string[];
  const renderer = new FfmpegRenderer({ ffmpegPath: resolveFfmpeg() });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-finish-nice-'));
    scenes = [];
    segments = [];
    for (const i of [0, 1]) {
      const imagePath = path.join(dir, `scene-${i}.png`);
      const audioPath = path.join(dir, `scene-${i}.wav`);
      await makeMedia(['-f', 'lavfi', '-i', 'testsrc=s=1280x720', '-frames:v', '1', imagePath]);
      await makeMedia(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=20', audioPath]);
      scenes.push({ imagePath, audioPath, durationSeconds: 20 });
    }
    for (const index of [0, 1]) {
      const out = path.join(dir, `segment-${index}.mp4`);
      const stills = scenes.map((s, i) => ({ ...s, narration: `Scene ${i + 1}.` }));
      const style = {
        motion: 'none',
        transition: 'none',
        captions: { ...DEFAULT_CAPTIONS },
        seed: 'nice',
      } as const;
      await renderer.renderSegment({ scenes: stills, index, aspectRatio: '16:9', style }, out);
      segments.push(out);
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const own = os.getPriority();
  for (const [yieldCpu, niceness] of [
    [0, own],
    [5, 15],
  ] as const) {
    it(`mixes the soundtrack at ${niceness} when told to yield ${yieldCpu} more`, async () => {
      const outDir = path.join(dir, `soundtrack-${yieldCpu}`);
      const mix = renderer.mixSoundtrack({ scenes, aspectRatio: '16:9', outDir }, { yieldCpu });
      expect(await watched(dir, mix)).toEqual([niceness]);
    });

    it(`joins at ${niceness} when told to yield ${yieldCpu} more (mixing the soundtrack itself)`, async () => {
      const outDir = path.join(dir, `join-${yieldCpu}`);
      const join = renderer.join({ segments, scenes, aspectRatio: '16:9', outDir }, { yieldCpu });
      expect(await watched(dir, join)).toEqual([niceness]);
      expect((await join).durationSeconds).toBeCloseTo(40, 0);
    });
  }
});
