/**
 * The crash drill: DRILL_VIDEOS videos (default 20) over DRILL_ACCOUNTS accounts (default 5),
 * webhooks on both events to a local HTTPS receiver, first undisturbed, then again while the
 * media workers (DRILL_MEDIA_WORKERS, default 2) are SIGKILLed DRILL_MEDIA_KILLS times in turn
 * (default 5), the control worker once, the Temporal dev server restarted, PostgreSQL frozen for
 * 10 s and restarted, and the api killed mid-request. Prints what held, each video's delay against
 * its undisturbed twin and the recovery cost per killed worker; exits 1 on a finding. DRILL_RUNS
 * times over (default 5), each run on a fresh stack; the figures are over all runs: the worst
 * delay and recovery, the mean of the means and the walls, the counts summed (issue 38 asks the
 * drill's targets over five runs).
 *
 *   npm run drill [-- --json <file>] [--timelines <file>]
 *
 * --timelines writes every disturbed video's timeline (events and activity attempts, seconds
 * after the batch's start), to see what the media worker did while a video waited.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  allFindings,
  DRILL_MEDIA_WORKERS,
  drillFigures,
  runDrill,
  summaryLines,
} from '@vidgen/stack-harness';

const VIDEOS = Number(process.env.DRILL_VIDEOS ?? 20);
const ACCOUNTS = Number(process.env.DRILL_ACCOUNTS ?? 5);
const MEDIA_KILLS = Number(process.env.DRILL_MEDIA_KILLS ?? 5);
const MEDIA_WORKERS = process.env.DRILL_MEDIA_WORKERS ? Number(process.env.DRILL_MEDIA_WORKERS) : undefined;
const RUNS = Number(process.env.DRILL_RUNS ?? 5);

type DrillFigures = Record<string, number | null>;

/** Figures taken at their worst over the runs. */
const WORST = new Set([
  'drill.max_recovery_s',
  'drill.max_video_delay_s',
  'drill.p95_video_delay_s',
  'drill.delivery_attempts_max',
  'drill.freeze_probe_max_ms',
]);
/** Figures averaged over the runs; the rest are counts, summed. */
const MEAN = new Set([
  'drill.mean_recovery_s',
  'drill.wall_per_disruption_s',
  'drill.undisturbed_s',
  'drill.disturbed_s',
  'drill.media_workers',
]);

/** One set of figures from several runs' (see the header). */
function overRuns(runs: DrillFigures[]): DrillFigures {
  const out: DrillFigures = { 'drill.runs': runs.length };
  for (const key of Object.keys(runs[0] ?? {})) {
    const v = runs.map((r) => r[key]).filter((n): n is number => n !== null);
    const sum = v.reduce((a, b) => a + b, 0);
    if (v.length === 0) out[key] = null;
    else if (WORST.has(key)) out[key] = Math.max(...v);
    else if (MEAN.has(key)) out[key] = Math.round((sum / v.length) * 10) / 10;
    else out[key] = sum;
  }
  return out;
}

async function main(): Promise<void> {
  const started = Date.now();
  const log = (m: string) =>
    process.stdout.write(`  [${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${m}\n`);
  console.log(
    `drill: ${VIDEOS} videos over ${ACCOUNTS} accounts, ${MEDIA_WORKERS ?? DRILL_MEDIA_WORKERS} media workers, ${MEDIA_KILLS} media worker kills`,
  );
  const figures: DrillFigures[] = [];
  let findings = 0;
  let report: Awaited<ReturnType<typeof runDrill>> | undefined;
  for (let run = 1; run <= RUNS; run++) {
    if (RUNS > 1) console.log(`--- drill run ${run} of ${RUNS}`);
    report = await runDrill({
      videos: VIDEOS,
      accounts: ACCOUNTS,
      mediaKills: MEDIA_KILLS,
      mediaWorkers: MEDIA_WORKERS,
      undisturbed: true,
      deadlineMs: 15 * 60_000,
      timelines: process.argv.includes('--timelines'),
      log,
    });
    for (const line of summaryLines(report)) console.log(line);
    figures.push(drillFigures(report));
    findings += allFindings(report).length;
  }
  const all = overRuns(figures);
  if (RUNS > 1)
    console.log(
      `over ${RUNS} runs: max video delay ${all['drill.max_video_delay_s']} s (per run ${figures.map((f) => f['drill.max_video_delay_s']).join(', ')}), max recovery ${all['drill.max_recovery_s']} s (per run ${figures.map((f) => f['drill.max_recovery_s']).join(', ')})`,
    );
  const i = process.argv.indexOf('--json');
  if (i >= 0 && process.argv[i + 1]) {
    const file = path.resolve(process.argv[i + 1]!);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  }
  const t = process.argv.indexOf('--timelines');
  // The last run's timelines.
  if (t >= 0 && process.argv[t + 1] && report?.timelines) {
    const lines = report.timelines
      .flatMap((v) => v.timeline.map((l) => ({ ...l, video: `#${v.index} ${v.id.slice(0, 8)}` })))
      .sort((a, b) => a.atS - b.atS)
      .map((l) => `${l.atS.toFixed(1).padStart(6)}  ${l.video}  ${l.what}`);
    writeFileSync(
      path.resolve(process.argv[t + 1]!),
      `# batch started at ${report.hit.startedAtMs} (ms since the epoch)\n${lines.join('\n')}\n`,
    );
  }
  process.exit(findings > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
