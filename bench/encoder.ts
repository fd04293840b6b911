/**
 * `node -r @swc-node/register bench/encoder.ts [--json file] [--rounds n]` (or `npm run bench --
 * --only encoder`): the segment's filter graph and encoder settings, picture quality against CPU.
 * Three 5 s scenes of illustrated pictures (16:9, Ken Burns motion, crossfades, captions burned
 * in: what the pipeline bench's videos are made of) are rendered as segments at 720p24 and at
 * 1080p30 with the renderer's own arguments (segmentArgs), only the encoder's part changed, or the
 * filter graph as it was before docs/decisions/0089-segments-stay-in-4-2-0.md (`beforeGraph`):
 *
 * - the reference: the renderer's filter graph with every picture kept in 4:4:4, encoded
 *   losslessly in 4:4:4 (`-qp 0`): the frames the graph makes before any chroma is subsampled, so
 *   a graph that loses chroma scores lower against it, as an encoder that loses detail does;
 * - the filter graph alone (`-f null`), so the filters' share of the CPU is known;
 * - every candidate below: `today` (the graph before 0089 and the encoder before
 *   docs/decisions/0073-segment-encoder-settings.md), `before_0089` (that graph and 0073's
 *   encoder), and encoder settings on the renderer's graph.
 *
 * For each: CPU seconds of the ffmpeg processes (user + system, from /proc; wall time is left
 * to other work on the machine), the bitrate, and SSIM against the reference (the `ssim` filter
 * in 4:4:4, over every frame of every segment; also in dB, `ssim_db`). VMAF (libvmaf) is measured
 * for `today`, `before_0089` and what the renderer does now (`chosen`). `encoder.best_setting` names the
 * candidate with the least CPU whose SSIM is at least today's at both sizes.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEFAULT_CAPTIONS,
  illustrate,
  type RenderStyle,
  resolveFfmpeg,
  SEGMENT_ENCODE_ARGS,
  type SegmentScene,
  segmentArgs,
} from '@vidgen/media';
import { type Figures, printFigures, writeFigures } from './figures';
import { beforeGraph, inFullChroma } from './segment-graphs';

const SCENE_SECONDS = 5;
const SCENES = [
  ['Bees around a hive in the meadow', 'Bees visit thousands of flowers every single day.'],
  ['A camel crossing the desert at night', 'A camel can walk for days without a drink of water.'],
  ['Penguins on the snow', 'Penguins huddle together to keep warm through the winter.'],
] as const;
const SIZES = [
  { name: '720p24', resolution: '720p', width: 1280, height: 720, fps: 24 },
  { name: '1080p30', resolution: '1080p', width: 1920, height: 1080, fps: 30 },
] as const;
type Size = (typeof SIZES)[number];

const x264 = (preset: string, crf: number, ...more: string[]) => [
  '-c:v',
  'libx264',
  '-preset',
  preset,
  '-crf',
  String(crf),
  ...more,
  '-pix_fmt',
  'yuv420p',
];
/** A candidate: encoder arguments, on the renderer's filter graph or on the one before 0089. */
interface Candidate {
  encoder: string[];
  graph: 'now' | 'before';
}
/** The settings before docs/decisions/0073-segment-encoder-settings.md. */
const TODAY = x264('superfast', 23);
/** 0073's settings, the renderer's before docs/decisions/0089-segments-stay-in-4-2-0.md. */
const ENCODER_0073 = x264('ultrafast', 24, '-x264-params', 'cabac=1', '-threads', '1');
const now = (encoder: string[]): Candidate => ({ encoder, graph: 'now' });
const CANDIDATES: Record<string, Candidate> = {
  today: { encoder: TODAY, graph: 'before' },
  before_0089: { encoder: ENCODER_0073, graph: 'before' },
  ultrafast_crf24_cabac: now(ENCODER_0073),
  ultrafast_crf23_cabac: now(x264('ultrafast', 23, '-x264-params', 'cabac=1', '-threads', '1')),
  ultrafast_crf24_cabac_cqo2: now(
    x264('ultrafast', 24, '-x264-params', 'cabac=1:chroma-qp-offset=-2', '-threads', '1'),
  ),
  ultrafast_crf24_cabac_cqo3: now(
    x264('ultrafast', 24, '-x264-params', 'cabac=1:chroma-qp-offset=-3', '-threads', '1'),
  ),
  ultrafast_crf24_cabac_cqo4: now(
    x264('ultrafast', 24, '-x264-params', 'cabac=1:chroma-qp-offset=-4', '-threads', '1'),
  ),
};
const REFERENCE = ['-c:v', 'libx264', '-preset', 'ultrafast', '-qp', '0', '-pix_fmt', 'yuv444p'];

function rounds(argv: readonly string[]): number {
  const i = argv.indexOf('--rounds');
  const n = i >= 0 ? Number(argv[i + 1]) : 2;
  if (!Number.isInteger(n) || n < 1) throw new Error('--rounds takes a positive integer');
  return n;
}

/** CPU seconds (user + system) of this process's finished children (/proc/self/stat cutime + cstime). */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Runs ffmpeg to the end; its CPU seconds and its diagnostic output. */
function ffmpegRun(ffmpeg: string, args: string[], cwd: string): { cpu: number; stderr: string } {
  const c0 = childrenCpuSeconds();
  const r = spawnSync(ffmpeg, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const cpu = childrenCpuSeconds() - c0;
  if (r.status !== 0) throw new Error(`ffmpeg failed (${r.status}): ${(r.stderr ?? '').slice(-2000)}`);
  return { cpu, stderr: r.stderr };
}

/** One segment's ffmpeg arguments, ready to take another encoder (or `-f null`). */
interface SegmentJob {
  dir: string;
  frames: number;
  /**
   * Everything before the encoder's arguments (inputs, filter graph, -map, -frames:v): with the
   * renderer's graph, the graph before 0089, and the reference's (in 4:4:4).
   */
  heads: Record<Candidate['graph'] | 'reference', string[]>;
}

async function segmentJobs(size: Size, work: string): Promise<SegmentJob[]> {
  const scenes: SegmentScene[] = [];
  for (const [i, [description, narration]] of SCENES.entries()) {
    const { png } = await illustrate({
      description,
      language: 'en',
      sceneIndex: i,
      sceneCount: SCENES.length,
      aspectRatio: '16:9',
      seed: 'bench',
      width: size.width,
      height: size.height,
    });
    const imagePath = path.join(work, `picture-${size.name}-${i}.png`);
    writeFileSync(imagePath, png);
    scenes.push({ imagePath, durationSeconds: SCENE_SECONDS, narration });
  }
  const style: RenderStyle = {
    motion: 'kenburns',
    transition: 'fade',
    captions: DEFAULT_CAPTIONS,
    seed: 'bench',
    brand: null,
  };
  const jobs: SegmentJob[] = [];
  for (let index = 0; index < scenes.length; index++) {
    const dir = path.join(work, `${size.name}-${index}`);
    mkdirSync(dir, { recursive: true });
    const output = { resolution: size.resolution, fps: size.fps };
    const { args, frames } = await segmentArgs(
      { scenes, index, aspectRatio: '16:9', style, output },
      size.fps,
      dir,
      'out.mp4',
    );
    const at = args.indexOf(SEGMENT_ENCODE_ARGS[0]!);
    if (args.slice(at, at + SEGMENT_ENCODE_ARGS.length).join(' ') !== SEGMENT_ENCODE_ARGS.join(' '))
      throw new Error('segment arguments without the encoder settings in one place');
    // Progress lines are of no use here.
    const head = args.slice(0, at).filter((a, k, all) => a !== '-progress' && all[k - 1] !== '-progress');
    const graph = head.indexOf('-filter_complex') + 1;
    const withGraph = (edit: (g: string) => string) => head.map((a, k) => (k === graph ? edit(a) : a));
    jobs.push({
      dir,
      frames,
      heads: { now: head, before: withGraph(beforeGraph), reference: withGraph(inFullChroma) },
    });
  }
  return jobs;
}

/** Encodes every segment with `encoder` into `<dir>/<name>.mp4`; the CPU seconds and bytes of all. */
function encodeAll(
  ffmpeg: string,
  jobs: SegmentJob[],
  fps: number,
  name: string,
  encoder: string[],
  graph: keyof SegmentJob['heads'],
): { cpu: number; bytes: number } {
  let cpu = 0;
  let bytes = 0;
  for (const job of jobs) {
    const out = `${name}.mp4`;
    cpu += ffmpegRun(
      ffmpeg,
      [...job.heads[graph], ...encoder, '-r', String(fps), '-an', '-f', 'mp4', out],
      job.dir,
    ).cpu;
    bytes += statSync(path.join(job.dir, out)).size;
  }
  return { cpu, bytes };
}

/** Frame-weighted mean over the segments of a comparison filter's score against the reference. */
function compare(ffmpeg: string, jobs: SegmentJob[], name: string, metric: 'ssim' | 'vmaf'): number {
  let sum = 0;
  let frames = 0;
  for (const job of jobs) {
    const filter = metric === 'ssim' ? 'ssim' : `libvmaf=n_threads=${os.cpus().length}`;
    const { stderr } = ffmpegRun(
      ffmpeg,
      [
        '-hide_banner',
        '-i',
        `${name}.mp4`,
        '-i',
        'reference.mp4',
        '-lavfi',
        // Compared in 4:4:4, the reference's format: chroma a graph or an encoder lost counts.
        `[0:v]format=yuv444p[a];[1:v]format=yuv444p[b];[a][b]${filter}`,
        '-f',
        'null',
        '-',
      ],
      job.dir,
    );
    const m = metric === 'ssim' ? /SSIM .*All:([\d.]+)/.exec(stderr) : /VMAF score: ([\d.]+)/.exec(stderr);
    if (!m) throw new Error(`no ${metric} in ffmpeg's output: ${stderr.slice(-500)}`);
    sum += Number(m[1]) * job.frames;
    frames += job.frames;
  }
  return sum / frames;
}

/**
 * SSIM in decibels, as ffmpeg prints it beside the index: the figures keep three decimals, which
 * tell 0.99794 from 0.99798 only on this scale.
 */
const ssimDb = (ssim: number) => -10 * Math.log10(1 - ssim);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const ffmpeg = resolveFfmpeg();
  const n = rounds(process.argv);
  const work = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-encoder-'));
  const candidates: Record<string, Candidate> = { ...CANDIDATES, chosen: now(SEGMENT_ENCODE_ARGS) };
  const figures: Figures = {};
  const ssims: Record<string, Record<string, number>> = {};
  const cpus: Record<string, Record<string, number>> = {};
  try {
    for (const size of SIZES) {
      const jobs = await segmentJobs(size, work);
      const key = (setting: string, what: string) => `encoder.${size.name}.${setting}.${what}`;
      const seconds = jobs.reduce((a, j) => a + j.frames, 0) / size.fps;
      encodeAll(ffmpeg, jobs, size.fps, 'reference', REFERENCE, 'reference');
      const filterCpu: number[] = [];
      const cpu: Record<string, number[]> = Object.fromEntries(Object.keys(candidates).map((c) => [c, []]));
      for (let round = 0; round < n; round++) {
        let nullCpu = 0;
        for (const job of jobs)
          nullCpu += ffmpegRun(ffmpeg, [...job.heads.now, '-f', 'null', '-'], job.dir).cpu;
        filterCpu.push(nullCpu);
        // Each round in another order, so a burst of other work does not fall on the same settings.
        const names = Object.keys(candidates);
        const order = round % 2 === 0 ? names : [...names].reverse();
        for (const name of order)
          cpu[name]!.push(
            encodeAll(ffmpeg, jobs, size.fps, name, candidates[name]!.encoder, candidates[name]!.graph).cpu,
          );
        console.log(`${size.name}: round ${round + 1}/${n} done (load ${os.loadavg()[0]!.toFixed(2)})`);
      }
      ssims[size.name] = {};
      cpus[size.name] = {};
      figures[`encoder.${size.name}.filters_cpu_s`] = median(filterCpu);
      figures[`encoder.${size.name}.video_s`] = seconds;
      for (const name of Object.keys(candidates)) {
        const bytes = jobs.reduce((a, j) => a + statSync(path.join(j.dir, `${name}.mp4`)).size, 0);
        const ssim = compare(ffmpeg, jobs, name, 'ssim');
        ssims[size.name]![name] = ssim;
        cpus[size.name]![name] = median(cpu[name]!);
        figures[key(name, 'ssim')] = ssim;
        figures[key(name, 'ssim_db')] = ssimDb(ssim);
        figures[key(name, 'cpu_s')] = median(cpu[name]!);
        figures[key(name, 'encoder_cpu_s')] = median(cpu[name]!) - median(filterCpu);
        figures[key(name, 'kbps')] = (bytes * 8) / 1000 / seconds;
        console.log(
          `${size.name} ${name.padEnd(32)} cpu ${median(cpu[name]!).toFixed(2)} s  ssim ${ssim.toFixed(5)}  ${((bytes * 8) / 1000 / seconds).toFixed(0)} kb/s`,
        );
      }
      const suffix = size.name === '720p24' ? '' : `_${size.name}`;
      figures[`encoder.today_vmaf${suffix}`] = compare(ffmpeg, jobs, 'today', 'vmaf');
      figures[`encoder.chosen_vmaf${suffix}`] = compare(ffmpeg, jobs, 'chosen', 'vmaf');
      figures[`encoder.before_0089_vmaf${suffix}`] = compare(ffmpeg, jobs, 'before_0089', 'vmaf');
      figures[`encoder.today_ssim${suffix}`] = ssims[size.name]!.today!;
      figures[`encoder.chosen_ssim${suffix}`] = ssims[size.name]!.chosen!;
      figures[`encoder.today_ssim_db${suffix}`] = ssimDb(ssims[size.name]!.today!);
      figures[`encoder.chosen_ssim_db${suffix}`] = ssimDb(ssims[size.name]!.chosen!);
      figures[`encoder.today_cpu_s${suffix}`] = cpus[size.name]!.today!;
      figures[`encoder.chosen_cpu_s${suffix}`] = cpus[size.name]!.chosen!;
      figures[`encoder.chosen_cpu_over_today${suffix}`] = cpus[size.name]!.chosen! / cpus[size.name]!.today!;
      figures[`encoder.filters_share_today${suffix}`] = median(filterCpu) / cpus[size.name]!.today!;
      figures[`encoder.before_0089_ssim${suffix}`] = ssims[size.name]!.before_0089!;
      figures[`encoder.before_0089_cpu_s${suffix}`] = cpus[size.name]!.before_0089!;
      figures[`encoder.chosen_cpu_over_before_0089${suffix}`] =
        cpus[size.name]!.chosen! / cpus[size.name]!.before_0089!;
    }
    // The least CPU (summed over both sizes, as today's share) whose SSIM is at least today's at both.
    const fits = Object.keys(CANDIDATES).filter((c) =>
      SIZES.every((s) => ssims[s.name]![c]! >= ssims[s.name]!.today!),
    );
    const cost = (c: string) => SIZES.reduce((a, s) => a + cpus[s.name]![c]! / cpus[s.name]!.today!, 0);
    figures['encoder.best_setting'] = fits.sort((a, b) => cost(a) - cost(b))[0] ?? 'today';
    figures['encoder.chosen_args'] = SEGMENT_ENCODE_ARGS.join(' ');
    figures['encoder.rounds'] = n;
    figures['encoder.load_average_1m'] = os.loadavg()[0]!;
    printFigures(
      `Segment filter graph and encoder settings: SSIM against a lossless 4:4:4 encode of the graph's frames, and CPU (${SCENES.length} × ${SCENE_SECONDS} s scenes)`,
      figures,
    );
    writeFigures(figures);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
