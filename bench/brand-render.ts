/**
 * `node -r @swc-node/register bench/brand-render.ts [--json file] [--rounds n]` (or `npm run bench
 * -- --only brand`): the render speed of a video with a brand against the same video without one,
 * on the pinned ffmpeg, in one run. Six 5 s scenes (16:9, 720p24, Ken Burns motion, crossfades,
 * captions burned in) are rendered as the media workers render them: each scene's segment
 * (renderSegment, one at a time), then the join. The branded side adds everything a brand kit
 * adds: a logo overlaid on every frame (PNG with transparency), the captions in the brand's font
 * and colours, an intro and an outro card. Plain and branded alternate (plain, branded, branded,
 * plain, …) for several rounds; medians.
 *
 * `brand.render_ratio` compares the same scenes: the six segments' seconds, branded over plain
 * (the same frames either way). The cards are left out of it: they are seconds of video the brand
 * adds, not a slower render of the scenes; their cost is in the join's figures, and
 * `brand.per_video_second_ratio` compares the whole render (segments and join, cards included)
 * per second of the output video. `brand.cpu_ratio` is the segments' ffmpeg CPU seconds, branded
 * over plain: the same comparison, left alone by other work on the machine.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type BrandStyle,
  DEFAULT_CAPTIONS,
  FfmpegRenderer,
  type OutputOptions,
  type RenderScene,
  type RenderStyle,
  resolveFfmpeg,
} from '@vidgen/media';
import { type Figures, printFigures, writeFigures } from './figures';

const SCENES = 6;
const SCENE_SECONDS = 5;
const OUTPUT: OutputOptions = { resolution: '720p', fps: 24 };

function rounds(argv: readonly string[]): number {
  const i = argv.indexOf('--rounds');
  const n = i >= 0 ? Number(argv[i + 1]) : 5;
  if (!Number.isInteger(n) || n < 1) throw new Error('--rounds takes a positive integer');
  return n;
}

const NARRATION = [
  'Bees visit thousands of flowers every single day.',
  'They carry nectar home to the hive in a second stomach.',
  'Inside, workers pass it from mouth to mouth.',
  'Fanning wings dry it until it thickens into honey.',
  'The cells are sealed with a cap of fresh wax.',
  'A jar of honey holds the work of a whole summer.',
];

/** One side's seconds in one round; `scenesCpu`: CPU seconds of the segments' ffmpeg runs. */
interface Timing {
  scenes: number;
  scenesCpu: number;
  join: number;
  video: number;
}

/**
 * CPU seconds (user + system) of this process's finished children, the ffmpeg runs (/proc/self/stat
 * cutime and cstime, in clock ticks of 1/100 s): what a busy machine leaves alone.
 */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function renderOnce(
  renderer: FfmpegRenderer,
  scenes: RenderScene[],
  style: RenderStyle,
  outDir: string,
): Promise<Timing> {
  const c0 = childrenCpuSeconds();
  const t0 = process.hrtime.bigint();
  const segments: string[] = [];
  for (let index = 0; index < scenes.length; index++) {
    const out = path.join(outDir, `segment-${index}.mp4`);
    await renderer.renderSegment({ scenes, index, aspectRatio: '16:9', style, output: OUTPUT }, out);
    segments.push(out);
  }
  const t1 = process.hrtime.bigint();
  const c1 = childrenCpuSeconds();
  // What render() joins after its segments (libs/media/src/rendering/ffmpeg.renderer.ts).
  const result = await renderer.join({
    scenes,
    segments,
    aspectRatio: '16:9',
    outDir,
    output: OUTPUT,
    brand: style.brand,
  });
  const t2 = process.hrtime.bigint();
  rmSync(outDir, { recursive: true, force: true });
  return {
    scenes: Number(t1 - t0) / 1e9,
    scenesCpu: c1 - c0,
    join: Number(t2 - t1) / 1e9,
    video: result.durationSeconds,
  };
}

async function main(): Promise<void> {
  const ffmpeg = resolveFfmpeg();
  const n = rounds(process.argv);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-brand-'));
  const make = (name: string, ...args: string[]) => {
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, path.join(dir, name)]);
    return path.join(dir, name);
  };
  try {
    // Six different 1920 × 1080 pictures, so each scene encodes its own content.
    const pictures = [
      'mandelbrot=s=1920x1080',
      'testsrc2=s=1920x1080',
      'life=mold=10:ratio=0.4:seed=7:s=1920x1080',
      'cellauto=rule=110:s=1920x1080',
      'gradients=s=1920x1080:seed=4',
      'smptehdbars=s=1920x1080',
    ].map((src, i) => make(`picture-${i}.png`, '-f', 'lavfi', '-i', src, '-frames:v', '1'));
    const scenes: RenderScene[] = Array.from({ length: SCENES }, (_, i) => ({
      imagePath: pictures[i]!,
      audioPath: make(
        `narration-${i}.wav`,
        ...[
          '-f',
          'lavfi',
          '-i',
          `sine=frequency=${300 + 40 * i}:duration=${SCENE_SECONDS}:sample_rate=44100`,
        ],
        ...['-ac', '1', '-c:a', 'pcm_s16le'],
      ),
      durationSeconds: SCENE_SECONDS,
      narration: NARRATION[i],
    }));
    // A 400 × 200 logo: a half-transparent backdrop with an opaque mark, alpha kept.
    const logo = make(
      'logo.png',
      ...['-f', 'lavfi', '-i', 'color=c=0x0B3D91@0.5:s=400x200,format=rgba'],
      ...['-f', 'lavfi', '-i', 'color=c=0xFFD23F:s=200x100,format=rgba'],
      ...['-filter_complex', '[0][1]overlay=100:50:format=auto,format=rgba', '-frames:v', '1'],
    );
    const brand: BrandStyle = {
      logo: { path: logo, width: 400, height: 200, position: 'bottom-right', size: 0.2, opacity: 0.9 },
      font: 'inter',
      captions: {
        text_color: '#FFD23F',
        box_color: '#0B3D91',
        box_opacity: 0.8,
        highlight_color: '#FFFFFF',
        position: 'bottom',
      },
      palette: ['#0B3D91', '#FFD23F'],
      intro: { text: 'Acme presents', seconds: 2 },
      outro: { text: 'acme.example', seconds: 3 },
    };
    const style = (b: BrandStyle | null): RenderStyle => ({
      motion: 'kenburns',
      transition: 'fade',
      captions: DEFAULT_CAPTIONS,
      seed: 'bench',
      brand: b,
    });
    const sides = { plain: style(null), branded: style(brand) } as const;
    const renderer = new FfmpegRenderer({ ffmpegPath: ffmpeg });
    const times: Record<keyof typeof sides, Timing[]> = { plain: [], branded: [] };
    for (let round = 0; round < n; round++) {
      const order = round % 2 === 0 ? (['plain', 'branded'] as const) : (['branded', 'plain'] as const);
      for (const side of order) {
        times[side].push(await renderOnce(renderer, scenes, sides[side], path.join(dir, `${side}-${round}`)));
      }
      const [p, b] = [times.plain.at(-1)!, times.branded.at(-1)!];
      console.log(
        `round ${round + 1}/${n}: scenes plain ${p.scenes.toFixed(2)} s, branded ${b.scenes.toFixed(2)} s ` +
          `(×${(b.scenes / p.scenes).toFixed(3)}; CPU ×${(b.scenesCpu / p.scenesCpu).toFixed(3)}); join plain ${p.join.toFixed(2)} s, branded ${b.join.toFixed(2)} s`,
      );
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = Math.floor(s.length / 2);
      return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    const of = (side: keyof typeof sides, pick: (t: Timing) => number) => median(times[side].map(pick));
    const figures: Figures = {
      'brand.render_ratio': of('branded', (t) => t.scenes) / of('plain', (t) => t.scenes),
      'brand.cpu_ratio': of('branded', (t) => t.scenesCpu) / of('plain', (t) => t.scenesCpu),
      'brand.scenes_cpu_s': of('branded', (t) => t.scenesCpu),
      'brand.plain_scenes_cpu_s': of('plain', (t) => t.scenesCpu),
      'brand.scenes_s': of('branded', (t) => t.scenes),
      'brand.plain_scenes_s': of('plain', (t) => t.scenes),
      'brand.join_s': of('branded', (t) => t.join),
      'brand.plain_join_s': of('plain', (t) => t.join),
      'brand.render_s': of('branded', (t) => t.scenes + t.join),
      'brand.plain_render_s': of('plain', (t) => t.scenes + t.join),
      'brand.video_s': of('branded', (t) => t.video),
      'brand.plain_video_s': of('plain', (t) => t.video),
      'brand.per_video_second_ratio':
        of('branded', (t) => (t.scenes + t.join) / t.video) /
        of('plain', (t) => (t.scenes + t.join) / t.video),
      'brand.rounds': n,
      'brand.load_average_1m': os.loadavg()[0]!,
    };
    printFigures(
      `Render speed with a brand vs without (${SCENES} × ${SCENE_SECONDS} s scenes, 1280x720, 24 fps)`,
      figures,
    );
    writeFigures(figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
