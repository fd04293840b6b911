/**
 * `node -r @swc-node/register bench/clip-render.ts [--json file]` (or `npm run bench -- --only
 * clips`): the render cost of a scene that plays a clip against one that shows a still, on the
 * pinned ffmpeg. One 5 s scene's segment (16:9, 24 fps, captions burned in, a crossfade into a
 * second scene) is rendered from a still with Ken Burns motion, from a 1080p 30 fps H.264 clip
 * shorter than the scene (looped) and from a 4K 25 fps HEVC clip (cut); each kind in turn, five
 * rounds interleaved, median wall time and the rate against real time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CAPTIONS, FfmpegRenderer, type RenderScene, resolveFfmpeg } from '@vidgen/media';
import { type Figures, printFigures, writeFigures } from './figures';

const ROUNDS = 5;
const SCENE_SECONDS = 5;

async function main(): Promise<void> {
  const ffmpeg = resolveFfmpeg();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-clips-'));
  const make = (name: string, ...args: string[]) => {
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, path.join(dir, name)]);
    return path.join(dir, name);
  };
  try {
    const still = make('still.png', '-f', 'lavfi', '-i', 'mandelbrot=s=1920x1080', '-frames:v', '1');
    const hd = make(
      'hd.mp4',
      ...['-f', 'lavfi', '-i', 'testsrc2=s=1920x1080:r=30:d=3', '-c:v', 'libx264', '-preset', 'veryfast'],
    );
    const uhd = make(
      'uhd.mp4',
      ...['-f', 'lavfi', '-i', 'testsrc2=s=3840x2160:r=25:d=8', '-c:v', 'libx265', '-preset', 'ultrafast'],
      ...['-x265-params', 'log-level=none', '-tag:v', 'hvc1'],
    );
    const audio = make('a.wav', '-f', 'lavfi', '-i', `sine=duration=${SCENE_SECONDS}`);
    const renderer = new FfmpegRenderer({ ffmpegPath: ffmpeg });
    const kinds: Record<string, RenderScene> = {
      still: { imagePath: still, audioPath: audio, durationSeconds: SCENE_SECONDS },
      clip_1080p_h264_looped: { imagePath: hd, clip: true, audioPath: audio, durationSeconds: SCENE_SECONDS },
      clip_4k_hevc_cut: { imagePath: uhd, clip: true, audioPath: audio, durationSeconds: SCENE_SECONDS },
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [kind, scene] of Object.entries(kinds)) {
        const next = { ...scene, narration: 'The second scene.' };
        const started = process.hrtime.bigint();
        await renderer.renderSegment(
          {
            scenes: [{ ...scene, narration: 'A scene of five seconds with its caption burned in.' }, next],
            index: 0,
            aspectRatio: '16:9',
            style: {
              motion: 'kenburns',
              transition: 'fade',
              captions: { ...DEFAULT_CAPTIONS, burn_in: true },
              seed: 'bench',
            },
          },
          path.join(dir, `${kind}-${round}.mp4`),
        );
        times[kind]!.push(Number(process.hrtime.bigint() - started) / 1e9);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const figures: Figures = {};
    for (const [kind, xs] of Object.entries(times)) {
      figures[`clips.${kind}_segment_s`] = median(xs);
      figures[`clips.${kind}_x_realtime`] = SCENE_SECONDS / median(xs);
    }
    figures['clips.hd_clip_vs_still'] = median(times.clip_1080p_h264_looped!) / median(times.still!);
    figures['clips.uhd_clip_vs_still'] = median(times.clip_4k_hevc_cut!) / median(times.still!);
    figures['clips.load_average_1m'] = os.loadavg()[0]!;
    printFigures('Render cost of a clip scene vs a still scene (one 5 s segment, 1280x720)', figures);
    writeFigures(figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
