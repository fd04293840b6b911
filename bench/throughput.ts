/**
 * Throughput and fairness through the real stack (api → Temporal → workers → PostgreSQL →
 * ffmpeg): BENCH_VIDEOS videos (default 30, BENCH_SCENES scenes each, default 4, auto-approved)
 * over BENCH_ACCOUNTS accounts (default 10), submitted together, round-robin over the accounts.
 * Twice, each on a fresh stack: once with one worker process of every role (as `npm start` runs
 * it), once with a control worker and two media worker processes (BENCH_MEDIA_WORKERS, default
 * `0,2`, lists the runs).
 *
 * Figures per run: videos per minute (first submission → last completion); the machine's CPU
 * busy share over that window (/proc/stat; other work on a shared machine counts too); peak RSS
 * of each process (VmHWM); and fairness, `median completion / last completion` (both from the
 * first submission; 0.5 when videos finish evenly spread in submission order, 1 when everyone
 * waits for everyone), plus the same for the first video of each account: the account served
 * last, over the last completion; and `idle_while_backlog_s`, the seconds a media worker had a free
 * slot for over a second while media work waited to start, from the workflow histories (which
 * worker started each piece when; docs/decisions/0062-scheduling-by-temporal.md). The run with
 * media workers then measures `one_beside_ten` on its idle stack (bench/one-beside-ten.ts): an
 * account's one video beside another account's ten, over its time alone (medians of rounds).
 *
 *   npm run bench:throughput [-- --json results.json]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { idleWhileBacklog, mediaPieces, type ServiceProcess, spawnService } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { type Figures, writeFigures } from './figures';
import { type OneBesideTen, oneBesideTen } from './one-beside-ten';
import { busyPercent, cpuTicks, median, rssMb } from './proc-stats';
import { type BenchApi, benchClient, startBenchStack } from './support';

const VIDEOS = Number(process.env.BENCH_VIDEOS ?? 30);
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? 10);
const SCENES = Number(process.env.BENCH_SCENES ?? 4);
/** Media worker processes beside the control worker, one run each; 0: one worker of every role. */
const MEDIA_WORKERS = (process.env.BENCH_MEDIA_WORKERS ?? '0,2').split(',').map(Number);
const TIMEOUT_MS = 30 * 60_000;

interface RunFigures {
  label: string;
  completed: number;
  failed: number;
  wallS: number;
  videosPerMinute: number;
  cpuBusy: number;
  /** median completion / last completion, both counted from the first submission */
  fairness: number;
  /** the latest first completion of any account / the last completion */
  accountFirstOverLast: number;
  /** seconds a media worker had a free slot (for over 1 s) while media work waited to start */
  idleWhileBacklogS: number;
  rssMb: Record<string, number>;
  /** The run with media workers: one account's video beside another's ten, over its time alone. */
  besideTen?: OneBesideTen;
}

// biome-ignore lint/suspicious/noExplicitAny: API records are read loosely here
type Loose = any;

const dbTime = (iso: string) => Date.parse(`${iso}Z`) / 1000;

function videoBody(i: number, scenes: number) {
  return {
    prompt: `Video ${i}`,
    auto_approve: true,
    scenes: Array.from({ length: scenes }, (_, s) => ({
      narration: `Video ${i}, part ${s + 1}. Boats leave the harbour at dawn.`,
    })),
  };
}

async function waitForAll(call: BenchApi[], ids: string[]): Promise<Map<string, Loose>> {
  const done = new Map<string, Loose>();
  const deadline = Date.now() + TIMEOUT_MS;
  while (done.size < ids.length) {
    if (Date.now() > deadline) throw new Error(`${ids.length - done.size} videos still running`);
    for (const [i, id] of ids.entries()) {
      if (done.has(id)) continue;
      const v = (await call[i]!('GET', `/videos/${id}`)).body;
      if (v.status === 'completed' || v.status === 'failed') done.set(id, v);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return done;
}

async function run(label: string, mediaWorkers: number): Promise<RunFigures> {
  const bench = await startBenchStack({
    LOG_LEVEL: 'warn',
    WORKER_ROLES: mediaWorkers > 0 ? 'control' : 'all',
  });
  const media: ServiceProcess[] = [];
  try {
    for (let i = 0; i < mediaWorkers; i++)
      media.push(
        spawnService('worker', { ...bench.stack.env, WORKER_ROLES: 'media', WORKER_METRICS_PORT: '0' }),
      );
    const keys = await Promise.all(Array.from({ length: ACCOUNTS }, () => bench.key(10_000)));
    const calls = keys.map((k) => benchClient(bench.stack.baseUrl, k));
    // Warm-up, one short video per media worker: bundles, pools, espeak's WASM, ffmpeg's first start.
    const warm = await Promise.all(
      Array.from({ length: Math.max(1, mediaWorkers) }, async (_, i) => {
        const r = await calls[i % ACCOUNTS]!('POST', '/videos', videoBody(-1 - i, 2));
        if (r.status !== 201) throw new Error(`create ${r.status}: ${JSON.stringify(r.body)}`);
        return r.body.id as string;
      }),
    );
    await waitForAll(
      warm.map((_, i) => calls[i % ACCOUNTS]!),
      warm,
    );

    const owner: BenchApi[] = [];
    const ids: string[] = [];
    const cpu0 = cpuTicks();
    const t0 = performance.now();
    for (let i = 0; i < VIDEOS; i++) {
      const call = calls[i % ACCOUNTS]!;
      const r = await call('POST', '/videos', videoBody(i, SCENES));
      if (r.status !== 201) throw new Error(`create ${r.status}: ${JSON.stringify(r.body)}`);
      ids.push(r.body.id);
      owner.push(call);
    }
    const done = await waitForAll(owner, ids);
    const cpuBusy = busyPercent(cpu0, cpuTicks());
    const wallS = (performance.now() - t0) / 1000;
    const rss: Record<string, number> = {
      api: rssMb(bench.stack.api.child.pid),
      [mediaWorkers > 0 ? 'control_worker' : 'worker']: rssMb(bench.stack.worker?.child.pid),
    };
    for (const [i, m] of media.entries()) rss[`media_worker_${i + 1}`] = rssMb(m.child.pid);

    // Completion times from the database's own clock: the first submission to each `completed` event.
    const start = dbTime(done.get(ids[0]!)!.created_at);
    const finished: number[] = [];
    const firstPerAccount = new Map<number, number>();
    let failed = 0;
    for (const [i, id] of ids.entries()) {
      if (done.get(id)!.status !== 'completed') {
        failed++;
        process.stdout.write(`  [${label}] ${id} failed: ${JSON.stringify(done.get(id)!.failure_reason)}\n`);
        continue;
      }
      const events = (await owner[i]!('GET', `/videos/${id}/events`)).body as Loose[];
      const at = dbTime(events.find((e) => e.type === 'completed')!.created_at) - start;
      finished[i] = at;
      const account = i % ACCOUNTS;
      firstPerAccount.set(account, Math.min(firstPerAccount.get(account) ?? Infinity, at));
    }
    const times = finished.filter((t) => t !== undefined);
    // Each media worker runs one piece per core of this machine (apps/worker's worker-concurrency.ts).
    const connection = await Connection.connect({ address: bench.temporalAddress });
    const client = new Client({ connection });
    const pieces = await mediaPieces(client, ids.map(workflowIds.video));
    const idleWhileBacklogS = idleWhileBacklog(pieces, os.availableParallelism());
    const last = Math.max(...times);
    let besideTen: OneBesideTen | undefined;
    try {
      if (mediaWorkers > 0) {
        besideTen = await oneBesideTen(
          async () => {
            const [alone, quiet, busy] = await Promise.all([0, 1, 2].map(() => bench.key(10_000)));
            return {
              alone: benchClient(bench.stack.baseUrl, alone!),
              quiet: benchClient(bench.stack.baseUrl, quiet!),
              busy: benchClient(bench.stack.baseUrl, busy!),
            };
          },
          SCENES,
          (id) => mediaPieces(client, [workflowIds.video(id)]),
        );
      }
    } finally {
      await connection.close();
    }
    console.log(
      `  [${label}] completion (s after the first submission), in submission order: ${finished
        .map((t) => (t === undefined ? '–' : t.toFixed(0)))
        .join(' ')}`,
    );
    return {
      label,
      completed: times.length,
      failed,
      wallS,
      videosPerMinute: (60 * times.length) / wallS,
      cpuBusy,
      fairness: median(times) / last,
      accountFirstOverLast: Math.max(...firstPerAccount.values()) / last,
      idleWhileBacklogS,
      rssMb: rss,
      besideTen,
    };
  } finally {
    await Promise.all(media.map((m) => m.stop()));
    await bench.stop();
  }
}

function print(runs: RunFigures[]): void {
  console.log(
    `\nthroughput bench: ${VIDEOS} videos × ${SCENES} scenes over ${ACCOUNTS} accounts; ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    '| run | completed | failed | wall | videos/min | CPU busy | median/last | account first/last | idle beside backlog | peak RSS (MB) |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of runs) {
    const rss = Object.entries(r.rssMb)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    console.log(
      `| ${r.label} | ${r.completed} | ${r.failed} | ${r.wallS.toFixed(1)} s | ${r.videosPerMinute.toFixed(2)} | ${r.cpuBusy.toFixed(0)} % | ${r.fairness.toFixed(2)} | ${r.accountFirstOverLast.toFixed(2)} | ${r.idleWhileBacklogS.toFixed(1)} s | ${rss} |`,
    );
  }
}

async function main(): Promise<void> {
  const runs: RunFigures[] = [];
  let one: RunFigures | undefined;
  let two: RunFigures | undefined;
  for (const n of MEDIA_WORKERS) {
    const r = await run(n > 0 ? `control + ${n} media workers` : 'one worker (all roles)', n);
    runs.push(r);
    if (n === 0) one = r;
    else two = r;
    print([r]); // as it comes: a run that stops later still leaves its figures
  }
  print(runs);
  const mediaRss = two
    ? Math.max(...Object.entries(two.rssMb).flatMap(([k, v]) => (k.startsWith('media') ? [v] : [])))
    : Number.NaN;
  // Flat, dotted keys (bench/figures.ts), merged by `npm run bench` into bench/results/latest.json.
  const figures: Figures = {
    'throughput.videos': VIDEOS,
    ...(one && {
      'throughput.videos_per_minute': one.videosPerMinute,
      'throughput.cpu_busy': one.cpuBusy,
      'throughput.fairness_median_over_last': one.fairness,
      'throughput.account_first_over_last': one.accountFirstOverLast,
      'throughput.idle_while_backlog_s_1_worker': one.idleWhileBacklogS,
      'throughput.failed': one.failed,
      'throughput.rss_mb_api': one.rssMb.api!,
      // One worker of every role, as `npm start` runs it: not the media or the control worker's figure.
      'throughput.rss_mb_worker_all_roles': one.rssMb.worker!,
    }),
    ...(two && {
      'throughput.videos_per_minute_2_media': two.videosPerMinute,
      'throughput.cpu_busy_2_media': two.cpuBusy,
      'throughput.fairness_median_over_last_2_media': two.fairness,
      'throughput.account_first_over_last_2_media': two.accountFirstOverLast,
      // Two media workers: none should sit idle beside work that waits (target 0).
      'throughput.idle_while_backlog_s': two.idleWhileBacklogS,
      // An account's one video beside another's ten over its time alone (target 1.5 at most).
      ...(two.besideTen && {
        'throughput.one_beside_ten': two.besideTen.ratio,
        'throughput.one_beside_ten_alone_s': two.besideTen.aloneS,
        'throughput.one_beside_ten_beside_s': two.besideTen.besideS,
      }),
      'throughput.failed_2_media': two.failed,
      // Each worker process's peak (VmHWM; the higher media worker); bench/run.ts keeps the higher
      // of this and bench/pipeline's figure for the same process.
      'rss_mb.control_worker': two.rssMb.control_worker!,
      'rss_mb.media_worker': mediaRss,
    }),
  };
  console.log(JSON.stringify(figures));
  writeFigures(figures);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
