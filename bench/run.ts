/**
 * `npm run bench`: runs every bench, one after the other, each as its own process with
 * `--json <file>` (the convention of bench/figures.ts), and merges their figures into
 * bench/results/latest.json; then prints them all as one table.
 *
 *   npm run bench                       every bench present
 *   npm run bench -- --only api,pipeline
 *   npm run bench -- --sources          the services from the TypeScript sources through SWC
 *
 * By default the api and workers run as production runs them: the JavaScript of `npm run build`,
 * which this runs first (VIDGEN_RUN_COMPILED=1 for the benches; libs/stack-harness/src/processes.ts).
 *
 * A bench that is not run keeps its figures from the last run that had it (`runs` in the file
 * says when and on what load each bench ran). A bench that fails is reported and keeps its old
 * figures too, unless it wrote new ones before failing (the drill exits 1 on a finding).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { type Figures, printFigures } from './figures';

/** Every bench by name, in the order a full run takes them: the quick and quiet ones first. */
const BENCHES: Record<string, string> = {
  api: 'bench/api.ts',
  webhooks: 'bench/webhooks.ts',
  pipeline: 'bench/pipeline.ts',
  draft: 'bench/draft.ts',
  clips: 'bench/clip-render.ts',
  brand: 'bench/brand-render.ts',
  encoder: 'bench/encoder.ts',
  speech: 'bench/speech.ts',
  throughput: 'bench/throughput.ts',
  scheduling: 'bench/scheduling.ts',
  batch: 'bench/batch.ts',
  drill: 'bench/drill.ts',
  pictures: 'bench/pictures.ts',
};

const RESULTS = path.join(REPO_ROOT, 'bench', 'results', 'latest.json');

interface RunInfo {
  at: string;
  seconds: number;
  exit: number | null;
  cores: number;
  load_average_1m: number;
  /** What the services ran: the build's JavaScript or the TypeScript sources through SWC. */
  services: 'compiled' | 'sources';
  /** The figures it wrote, so the next run of it replaces exactly these. */
  keys: string[];
  /** Its `rss_mb.<process>` figures: a process's figure in `figures` is the highest over the benches. */
  rss_mb?: Record<string, number>;
}

interface Results {
  runs: Record<string, RunInfo>;
  figures: Figures;
}

function selected(argv: readonly string[]): string[] {
  const i = argv.indexOf('--only');
  const names = i >= 0 ? (argv[i + 1] ?? '').split(',').filter(Boolean) : Object.keys(BENCHES);
  const unknown = names.filter((n) => !BENCHES[n]);
  if (unknown.length > 0) {
    throw new Error(`unknown bench: ${unknown.join(', ')} (known: ${Object.keys(BENCHES).join(', ')})`);
  }
  return names;
}

const RSS = 'rss_mb.';

/**
 * `rss_mb.<process>` is one figure per process however many benches measure it (the pipeline and
 * throughput benches both run a media and a control worker): the highest of the benches' latest.
 */
function peakRssFigures(results: Results): void {
  const peaks: Record<string, number> = {};
  for (const run of Object.values(results.runs))
    for (const [proc, mb] of Object.entries(run.rss_mb ?? {})) peaks[proc] = Math.max(peaks[proc] ?? 0, mb);
  for (const [proc, mb] of Object.entries(peaks)) results.figures[`${RSS}${proc}`] = mb;
}

function load(): Results {
  if (!existsSync(RESULTS)) return { runs: {}, figures: {} };
  const parsed = JSON.parse(readFileSync(RESULTS, 'utf8')) as Partial<Results>;
  const runs = parsed.runs ?? {};
  const figures = parsed.figures ?? {};
  // A run recorded before runs kept their own `rss_mb` figures: the ones among its keys.
  for (const run of Object.values(runs)) {
    if (run.rss_mb) continue;
    const rss = run.keys.filter((k) => k.startsWith(RSS) && typeof figures[k] === 'number');
    if (rss.length > 0)
      run.rss_mb = Object.fromEntries(rss.map((k) => [k.slice(RSS.length), figures[k] as number]));
  }
  return { runs, figures };
}

/**
 * The same figures by group (`api.get_ratio` → `api: { get_ratio }`), beside the flat list, so
 * a reader can take either `figures["api.get_ratio"]` or `api.get_ratio`.
 */
function grouped(figures: Figures): Record<string, Record<string, unknown>> {
  const groups: Record<string, Record<string, unknown>> = {};
  for (const [key, value] of Object.entries(figures)) {
    const dot = key.indexOf('.');
    if (dot <= 0) continue;
    const group = key.slice(0, dot);
    groups[group] ??= {};
    groups[group][key.slice(dot + 1)] = value;
  }
  return groups;
}

function runBench(file: string, json: string, compiled: boolean): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', file, '--json', json], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
      env: { ...process.env, VIDGEN_RUN_COMPILED: compiled ? '1' : '0' },
    });
    child.once('exit', (code) => resolve(code));
  });
}

async function main(): Promise<void> {
  const names = selected(process.argv);
  const compiled = !process.argv.includes('--sources');
  if (compiled) {
    console.log('=== npm run build (the services run compiled, as in production)');
    execFileSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  }
  const results = load();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-bench-run-'));
  const failed: string[] = [];
  for (const name of names) {
    const file = BENCHES[name]!;
    if (!existsSync(path.join(REPO_ROOT, file))) {
      console.log(`\n=== ${name}: ${file} is not there; skipped`);
      continue;
    }
    console.log(`\n=== ${name} (${file})`);
    const json = path.join(dir, `${name}.json`);
    const started = Date.now();
    const load1 = os.loadavg()[0]!;
    const exit = await runBench(file, json, compiled);
    if (exit !== 0) failed.push(`${name} (exit ${exit})`);
    if (!existsSync(json)) continue;
    const figures = JSON.parse(readFileSync(json, 'utf8')) as Figures;
    for (const key of results.runs[name]?.keys ?? []) delete results.figures[key];
    Object.assign(results.figures, figures);
    const rss = Object.entries(figures).filter(([k, v]) => k.startsWith(RSS) && typeof v === 'number');
    results.runs[name] = {
      at: new Date(started).toISOString(),
      seconds: Math.round((Date.now() - started) / 1000),
      exit,
      cores: os.cpus().length,
      load_average_1m: Math.round(load1 * 10) / 10,
      services: compiled ? 'compiled' : 'sources',
      keys: Object.keys(figures),
      ...(rss.length > 0 && {
        rss_mb: Object.fromEntries(rss.map(([k, v]) => [k.slice(RSS.length), v as number])),
      }),
    };
    peakRssFigures(results);
  }
  const sorted: Results = {
    runs: Object.fromEntries(Object.entries(results.runs).sort(([a], [b]) => a.localeCompare(b))),
    figures: Object.fromEntries(Object.entries(results.figures).sort(([a], [b]) => a.localeCompare(b))),
  };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify({ ...sorted, ...grouped(sorted.figures) }, null, 2)}\n`);
  // In the layout the formatter keeps (npm run lint checks it).
  execFileSync(process.execPath, [require.resolve('@biomejs/biome/bin/biome'), 'format', '--write', RESULTS]);
  printFigures(`figures (${path.relative(REPO_ROOT, RESULTS)})`, sorted.figures);
  if (failed.length > 0) {
    console.error(`\nfailed: ${failed.join(', ')}`);
    process.exit(1);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
