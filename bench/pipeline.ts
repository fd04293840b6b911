/**
 * Production speed through the real stack (api → Temporal → workers → PostgreSQL → ffmpeg):
 * a 60-second 16:9 720p video (12 scenes, local providers) with the full look: Ken Burns
 * motion, crossfades, burned-in captions and ducked music. Prints the prompt → completed time
 * as a fraction of the video's length, each stage's share, and the render stage with one and
 * with two media worker processes; the same video at 1080p and 30 fps beside it (one media worker,
 * the 16:9 frame 1920×1080); and, as the baseline, the same media work done by a plain
 * script in one process (bench/pipeline-baseline.ts), so `pipeline.ratio` says what the
 * service's machinery costs on top of ffmpeg and the speech engine. English is spoken by the
 * default Piper voice (neural); one more run with espeak-ng's `en-gb` gives the figure with the
 * formant voice (`pipeline.realtime_fraction_60s_espeak`). While each video runs, its record's
 * `progress` is read: `eta.abs_error_at_25` and `eta.abs_error_at_50` are the median relative error
 * of `eta_seconds` at 25 % and 50 % over the 60 s runs after the first (bench/eta-accuracy.ts).
 *
 *   npm run bench:pipeline [-- --json <file>]
 *
 * BENCH_PIECES=1 prints each run's media pieces one by one as well.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { resolveFfmpeg } from '@vidgen/media';
import { mediaPieces, type ServiceProcess, spawnService } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { etaErrors, median, type ProgressSample } from './eta-accuracy';
import { peakRssMb, writeFigures } from './figures';
import { mediaTimeBreakdown, piecesOneByOne } from './media-breakdown';
import { plainScript } from './pipeline-baseline';
import { cpuSecondsWithChildren } from './proc-stats';
import { startBenchStack } from './support';

// Twelve scenes of about five seconds of speech each: a one-minute video.
const SCENES = Array.from({ length: 12 }, (_, i) => ({
  narration: `Part ${i + 1}. The river carries silt from the mountains to the sea, and the delta grows each year.`,
}));
const STAGES = ['scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering'];

interface Run {
  wallSeconds: number;
  videoSeconds: number;
  stages: Record<string, number>;
  /** CPU seconds the media workers (and the ffmpeg runs they waited for) spent on the video. */
  mediaCpuSeconds: number;
  /** Relative error of the record's ETA at 25 % and 50 % of the run. */
  eta: Record<number, number>;
  /** The video's id, for its workflow's history. */
  id: string;
  /** Where its media time went, by activity (mediaTimeBreakdown), when read. */
  pieces?: string;
}

async function produce(
  baseUrl: string,
  key: string,
  body: Record<string, unknown>,
  mediaPids: (number | undefined)[] = [],
): Promise<Run> {
  const headers = { 'X-Api-Key': key, 'Content-Type': 'application/json' };
  const cpu0 = mediaPids.reduce<number>((sum, pid) => sum + cpuSecondsWithChildren(pid), 0);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/videos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ prompt: 'A river delta', auto_approve: true, ...body }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const samples: ProgressSample[] = [];
  for (;;) {
    const v = (await (await fetch(`${baseUrl}/videos/${id}`, { headers })).json()) as {
      status: string;
      progress: { percent: number; eta_seconds: number | null } | null;
    };
    if (v.progress) {
      const t = (performance.now() - t0) / 1000;
      samples.push({ t, percent: v.progress.percent, eta: v.progress.eta_seconds });
    }
    if (v.status === 'completed') break;
    if (v.status === 'failed') throw new Error(`video ${id} failed: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const wallSeconds = (performance.now() - t0) / 1000;
  const mediaCpuSeconds = mediaPids.reduce<number>((sum, pid) => sum + cpuSecondsWithChildren(pid), 0) - cpu0;
  const log = (await (await fetch(`${baseUrl}/videos/${id}/events`, { headers })).json()) as {
    type: string;
    status: string | null;
    data: Record<string, unknown>;
    created_at: string;
  }[];
  const at = (e: { created_at: string }) => Date.parse(`${e.created_at}Z`) / 1000;
  const marks = log.filter((e) => e.type === 'stage_started' || e.type === 'completed');
  const stages: Record<string, number> = {};
  for (let i = 0; i < marks.length - 1; i++) stages[marks[i]!.status!] = at(marks[i + 1]!) - at(marks[i]!);
  const rendered = log.find((e) => e.type === 'rendered');
  return {
    id,
    wallSeconds,
    videoSeconds: Number(rendered?.data.duration_seconds),
    stages,
    mediaCpuSeconds,
    eta: etaErrors(samples, wallSeconds),
  };
}

function table(label: string, run: Run): void {
  console.log(`\n${label}`);
  console.log(
    `video length ${run.videoSeconds.toFixed(1)} s, prompt → completed ${run.wallSeconds.toFixed(1)} s`,
  );
  console.log(`= ${(run.wallSeconds / run.videoSeconds).toFixed(2)}× the video's length`);
  const cores = os.cpus().length;
  console.log(
    `media workers used ${run.mediaCpuSeconds.toFixed(1)} CPU s = ${(run.mediaCpuSeconds / cores / run.videoSeconds).toFixed(2)}× the length on ${cores} otherwise idle cores`,
  );
  const pct = (e: number | undefined) => (Number.isFinite(e) ? `${(100 * e!).toFixed(0)} %` : 'n/a');
  console.log(`ETA error at 25 %: ${pct(run.eta[25])}, at 50 %: ${pct(run.eta[50])}`);
  if (run.pieces) console.log(`media pieces (seconds from the first): ${run.pieces}`);
  console.log('stage        | seconds | share');
  const total = Object.values(run.stages).reduce((a, b) => a + b, 0);
  for (const s of STAGES) {
    const t = run.stages[s] ?? 0;
    console.log(
      `${s.padEnd(12)} | ${t.toFixed(2).padStart(7)} | ${((100 * t) / total).toFixed(0).padStart(4)} %`,
    );
  }
}

async function main(): Promise<void> {
  // The stack's own worker runs workflows and bookkeeping only; media workers are added below.
  const bench = await startBenchStack({ LOG_LEVEL: 'warn', WORKER_ROLES: 'control' });
  const media: ServiceProcess[] = [];
  const addMediaWorker = () =>
    media.push(
      spawnService('worker', { ...bench.stack.env, WORKER_ROLES: 'media', WORKER_METRICS_PORT: '0' }),
    );
  try {
    const key = await bench.key(10_000);
    // The music: a 20 s tone uploaded as a client would (POST /assets); it loops under the video.
    const musicFile = path.join(bench.dir, 'music.wav');
    execFileSync(resolveFfmpeg(), [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=220:duration=20,volume=0.5'],
      ...['-ac', '2', musicFile],
    ]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(readFileSync(musicFile))]), 'music.wav');
    const uploaded = await fetch(`${bench.stack.baseUrl}/assets`, {
      method: 'POST',
      headers: { 'X-Api-Key': key },
      body: form,
    });
    if (uploaded.status !== 201)
      throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
    const music = (await uploaded.json()) as { id: string };
    const body = { scenes: SCENES, music: { asset_id: music.id, volume: 0.2 } };

    addMediaWorker();
    // Warm-up: bundles, pools, espeak WASM, ffmpeg's first start.
    await produce(bench.stack.baseUrl, key, { scenes: SCENES.slice(0, 1) });
    const pids = () => media.map((m) => m.child.pid);
    const one = await produce(bench.stack.baseUrl, key, body, pids());
    // The same video at 1080p30: 2.25× the pixels of a frame and 1.25× the frames.
    const hd = await produce(
      bench.stack.baseUrl,
      key,
      { ...body, output: { resolution: '1080p', fps: 30 } },
      pids(),
    );
    const espeak = await produce(bench.stack.baseUrl, key, { ...body, voice: 'en-gb' }, pids());

    addMediaWorker();
    await produce(bench.stack.baseUrl, key, { scenes: SCENES.slice(0, 2) });
    const two = await produce(bench.stack.baseUrl, key, body, pids());
    const connection = await Connection.connect({ address: bench.temporalAddress });
    try {
      const client = new Client({ connection });
      for (const run of [one, hd, espeak, two]) {
        const pieces = await mediaPieces(client, [workflowIds.video(run.id)]);
        run.pieces = mediaTimeBreakdown(pieces);
        // BENCH_PIECES=1: every piece on a line (scheduled, started, ended, worker).
        if (process.env.BENCH_PIECES) run.pieces += `\n${piecesOneByOne(pieces)}`;
      }
    } finally {
      await connection.close();
    }

    console.log(
      `pipeline bench: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log('12 scenes, 16:9 720p, local providers, kenburns + fade + burned-in captions + ducked music');
    table('one media worker process (Piper en_US-joe-medium)', one);
    table('one media worker process (espeak-ng en-gb)', espeak);
    table('two media worker processes', two);
    table('one media worker process, 1080p at 30 fps', hd);
    console.log(
      `\n1080p30 beside 720p24 (one worker): prompt → completed ${hd.wallSeconds.toFixed(1)} s vs ${one.wallSeconds.toFixed(1)} s (${(hd.wallSeconds / one.wallSeconds).toFixed(2)}×), render stage ${(hd.stages.rendering ?? Number.NaN).toFixed(2)} s vs ${(one.stages.rendering ?? Number.NaN).toFixed(2)} s`,
    );
    const r1 = one.stages.rendering ?? Number.NaN;
    const r2 = two.stages.rendering ?? Number.NaN;
    console.log(
      `\nrender stage: one worker ${r1.toFixed(2)} s, two workers ${r2.toFixed(2)} s, ratio ${(r2 / r1).toFixed(2)}`,
    );
    // The baseline last, with the stack idle: the same scenes and music, no service in between.
    const plain = await plainScript(
      SCENES.map((s) => s.narration),
      { path: musicFile, volume: 0.2 },
    );
    console.log(
      `\nplain script, same media work: ${plain.wallSeconds.toFixed(1)} s for ${plain.videoSeconds.toFixed(1)} s of video; prompt → completed / plain = ${(one.wallSeconds / plain.wallSeconds).toFixed(2)}`,
    );
    // The ETA once the service has measured a 60 s video: the runs after the first one (the first
    // has only the one-scene warm-up measured; its errors are printed beside).
    const at = (mark: number) => median([hd, espeak, two].map((r) => r.eta[mark] ?? Number.NaN));
    console.log(
      `\nETA median relative error over the 60 s runs after the first (1080p30, espeak-ng, two workers): at 25 % ${(100 * at(25)).toFixed(0)} %, at 50 % ${(100 * at(50)).toFixed(0)} % (target ≤ 25 %); the first run: ${(100 * (one.eta[25] ?? Number.NaN)).toFixed(0)} %, ${(100 * (one.eta[50] ?? Number.NaN)).toFixed(0)} %`,
    );
    writeFigures({
      'eta.abs_error_at_25': at(25),
      'eta.abs_error_at_50': at(50),
      'eta.abs_error_at_25_first_run': one.eta[25] ?? Number.NaN,
      'eta.abs_error_at_50_first_run': one.eta[50] ?? Number.NaN,
      'pipeline.ratio': one.wallSeconds / plain.wallSeconds,
      'pipeline.realtime_fraction_60s': one.wallSeconds / one.videoSeconds,
      'pipeline.realtime_fraction_60s_espeak': espeak.wallSeconds / espeak.videoSeconds,
      'pipeline.narrating_seconds_60s': one.stages.narrating ?? Number.NaN,
      'pipeline.narrating_seconds_60s_espeak': espeak.stages.narrating ?? Number.NaN,
      'pipeline.seconds_60s': one.wallSeconds,
      'pipeline.plain_seconds': plain.wallSeconds,
      'pipeline.realtime_fraction_60s_two_workers': two.wallSeconds / two.videoSeconds,
      'pipeline.render_two_over_one': r2 / r1,
      'pipeline.realtime_fraction_60s_1080p30': hd.wallSeconds / hd.videoSeconds,
      'pipeline.seconds_60s_1080p30': hd.wallSeconds,
      'pipeline.render_seconds_720p24': one.stages.rendering ?? Number.NaN,
      'pipeline.render_seconds_1080p30': hd.stages.rendering ?? Number.NaN,
      // CPU seconds of the media workers and their ffmpeg runs: what a loaded machine does not change.
      'pipeline.media_cpu_seconds_720p24': one.mediaCpuSeconds,
      'pipeline.media_cpu_seconds_1080p30': hd.mediaCpuSeconds,
      // Each worker process's peak over the whole bench (VmHWM); bench/run.ts keeps the higher of
      // this and bench/throughput's figure for the same process.
      'rss_mb.control_worker': peakRssMb(bench.stack.worker?.child.pid),
      'rss_mb.media_worker': Math.max(...media.map((m) => peakRssMb(m.child.pid))),
    });
  } finally {
    await Promise.all(media.map((m) => m.stop()));
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
