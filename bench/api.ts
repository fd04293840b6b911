/**
 * The api's hot path against a bare baseline, in one run: autocannon against
 * `GET /videos/{id}`, `GET /videos?limit=20` and `POST /videos` on the real api (auth, the
 * per-key rate limit, logging at its default level, metrics, signed asset URLs), then against
 * bench/bare-server.ts answering the same single queries on the same database. Prints req/s
 * for each, the api/bare ratios, and the p99 latency of `GET /videos/{id}` at a fixed
 * 300 req/s. Absolute figures drift on a shared machine; the ratios are the figures to watch.
 *
 *   npm run bench -- --only api        (or: node -r @swc-node/register bench/api.ts [--json file])
 *
 * BENCH_API_SECONDS (default 12) per route and side, BENCH_API_CREATES (default 450) per side.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { hashApiKey } from '@vidgen/auth';
import { freePort, REPO_ROOT, stopChild } from '@vidgen/devstack';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Figures, peakRssMb, printFigures, writeFigures } from './figures';
import { findProcesses, processCpuMs } from './proc-stats';
import { startBenchStack } from './support';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 12);
const CREATES = Number(process.env.BENCH_API_CREATES ?? 450);
const CONNECTIONS = 10;
const FIXED_RATE = 300;
/** Each measurement is split into this many alternating rounds per side (see compare). */
const ROUNDS = 4;
/** A video holds one of its account's 3 slots while the (stopped) worker leaves it queued. */
const CREATES_PER_ACCOUNT = 3;

interface Target {
  /** Base of the routes: `…/api/v1` for the api, the bare server's root. */
  base: string;
  headers: Record<string, string>;
  /** Headers of the i-th create: the api's creates rotate over accounts, the bare server needs none. */
  createHeaders: (i: number) => Record<string, string>;
  /** Creates made so far (the next one's index). */
  created: number;
  /** The server's process, whose CPU each run is charged with. */
  pid: number | undefined;
}

/** CPU ms spent during a run: the server, PostgreSQL's processes and this one (the load). */
interface Cpu {
  server: number;
  postgres: number;
  load: number;
}

interface Run {
  ok: number;
  seconds: number;
  p99: number;
  cpu: Cpu;
}

let databaseName = '';
const cpuNow = (pid: number | undefined): Cpu => ({
  server: processCpuMs(pid),
  postgres: findProcesses('postgres:', databaseName).reduce((sum, p) => sum + processCpuMs(p), 0),
  load: processCpuMs(process.pid),
});

async function cannon(opts: autocannon.Options, expectStatus: number, pid?: number): Promise<Run> {
  const before = cpuNow(pid);
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const run = autocannon({ connections: CONNECTIONS, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    );
    run.on('response', () => {
      lastAnswer = performance.now();
    });
  });
  const after = cpuNow(pid);
  const cpu = {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    load: after.load - before.load,
  };
  const ok = result.statusCodeStats?.[String(expectStatus) as `${number}`]?.count ?? 0;
  const total = result.requests.total;
  if (result.errors > 0 || ok !== total) {
    throw new Error(
      `${opts.url}: ${total - ok} of ${total} answers were not ${expectStatus} (${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors)`,
    );
  }
  // A run of a fixed `amount` ends at autocannon's next one-second sample after its last answer,
  // so its `duration` is a whole number of seconds: 113 creates in 0.4 s or in 1.0 s both read
  // as 113/s. Such a run lasts until its last answer.
  const seconds = opts.amount ? (lastAnswer - started) / 1000 : result.duration;
  return { ok, seconds, p99: result.latency.p99, cpu };
}

type Load = (t: Target) => { opts: autocannon.Options; expect: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * One route on both servers in alternating rounds (api, bare, then bare, api, …): load from
 * other work on the machine that comes and goes then falls on both sides alike. Req/s over all
 * rounds; p99 as the median of the rounds' p99s, so one round hit by a burst elsewhere does not
 * decide it.
 */
async function compare(api: Target, bare: Target, load: Load): Promise<{ api: Measured; bare: Measured }> {
  const runs = new Map<Target, Run[]>([
    [api, []],
    [bare, []],
  ]);
  for (let r = 0; r < ROUNDS; r++) {
    for (const t of r % 2 === 0 ? [api, bare] : [bare, api]) {
      const { opts, expect } = load(t);
      runs.get(t)!.push(await cannon(opts, expect, t.pid));
    }
  }
  const sum = (t: Target): Measured => {
    const rs = runs.get(t)!;
    const ok = rs.reduce((a, x) => a + x.ok, 0);
    const perRequest = (k: keyof Cpu) => (1000 * rs.reduce((a, x) => a + x.cpu[k], 0)) / ok;
    return {
      rps: ok / rs.reduce((a, x) => a + x.seconds, 0),
      p99: median(rs.map((x) => x.p99)),
      cpuUs: { server: perRequest('server'), postgres: perRequest('postgres'), load: perRequest('load') },
    };
  };
  return { api: sum(api), bare: sum(bare) };
}

interface Measured {
  rps: number;
  p99: number;
  /** CPU µs per answered request. */
  cpuUs: Cpu;
}

async function measure(api: Target, bare: Target, videoId: string) {
  const get: Load = (t) => ({
    opts: { url: `${t.base}/videos/${videoId}`, headers: t.headers, duration: SECONDS / ROUNDS },
    expect: 200,
  });
  const list: Load = (t) => ({
    opts: { url: `${t.base}/videos?limit=20`, headers: t.headers, duration: SECONDS / ROUNDS },
    expect: 200,
  });
  const fixed: Load = (t) => ({ ...get(t), opts: { ...get(t).opts, overallRate: FIXED_RATE } });
  const create: Load = (t) => ({
    opts: {
      url: `${t.base}/videos`,
      amount: Math.ceil(CREATES / ROUNDS),
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', ...t.createHeaders(t.created++) },
            body: JSON.stringify({ prompt: 'How honey bees make honey', scene_count: 3 }),
          }),
        },
      ],
    },
    expect: 201,
  });
  // Warm-up: JIT, pools, caches.
  for (const t of [api, bare]) {
    await cannon({ ...get(t).opts, duration: 2 }, 200);
    await cannon({ ...list(t).opts, duration: 2 }, 200);
  }
  return {
    get: await compare(api, bare, get),
    list: await compare(api, bare, list),
    fixed: await compare(api, bare, fixed),
    create: await compare(api, bare, create),
  };
}

async function startBare(
  databaseUrl: string,
  accountId: string,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', path.join(REPO_ROOT, 'bench', 'bare-server.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        BARE_DATABASE_URL: databaseUrl,
        BARE_ACCOUNT_ID: accountId,
        BARE_PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (b: Buffer) => b.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

/** Thirty finished videos with their four assets, so a page and a record carry signed URLs. */
async function seed(databaseUrl: string, accountId: string): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: string }>(
      `insert into videos (account_id, prompt, status, scene_count, options, credits_charged,
         video_asset_id, audio_asset_id, thumbnail_asset_id, subtitles_asset_id, workflow_started_at)
       select $1, 'How honey bees make honey ' || n, 'completed', 3, '{"auto_approve": true}', 30,
         gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), now()
       from generate_series(1, 30) n returning id`,
      [accountId],
    );
    return rows[0]!.id;
  } finally {
    await c.end();
  }
}

async function accountOf(databaseUrl: string, key: string): Promise<string> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query('select account_id from api_keys where key_hash = $1', [hashApiKey(key)]);
    return rows[0].account_id as string;
  } finally {
    await c.end();
  }
}

async function main(): Promise<void> {
  const bench = await startBenchStack({
    // The api as it ships (logging at info), but limits that a bench's volume does not trip:
    // every request is still counted, none is refused.
    LOG_LEVEL: process.env.BENCH_API_LOG_LEVEL ?? 'info',
    RATE_LIMIT_PER_MINUTE: '100000000',
    VIDEO_CREATE_LIMIT_PRO: '100000000',
    // e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of the api
    // (docs/decisions/0031-the-apis-hot-path.md).
    ...(process.env.BENCH_API_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_API_NODE_OPTIONS } : {}),
  });
  let bare: ChildProcess | undefined;
  try {
    // Only the api is measured: without a worker, created videos stay queued in Temporal.
    await bench.stack.worker?.stop();
    const key = await bench.key(1000);
    const accountId = await accountOf(bench.databaseUrl, key);
    const videoId = await seed(bench.databaseUrl, accountId);
    const createKeys: string[] = [];
    const creates = ROUNDS * Math.ceil(CREATES / ROUNDS);
    for (let i = 0; i < Math.ceil(creates / CREATES_PER_ACCOUNT); i++) createKeys.push(await bench.key(1000));
    const apiPid = bench.stack.api.child.pid;
    databaseName = new URL(bench.databaseUrl).pathname.slice(1);

    const started = await startBare(bench.databaseUrl, accountId);
    bare = started.child;
    const m = await measure(
      {
        base: bench.stack.baseUrl,
        headers: { 'x-api-key': key },
        createHeaders: (i) => ({ 'x-api-key': createKeys[Math.floor(i / CREATES_PER_ACCOUNT)]! }),
        created: 0,
        pid: apiPid,
      },
      { base: started.base, headers: {}, createHeaders: () => ({}), created: 0, pid: bare.pid },
      videoId,
    );

    const figures: Figures = {
      'api.get_rps': m.get.api.rps,
      'api.get_bare_rps': m.get.bare.rps,
      'api.get_ratio': m.get.api.rps / m.get.bare.rps,
      'api.list_rps': m.list.api.rps,
      'api.list_bare_rps': m.list.bare.rps,
      'api.list_ratio': m.list.api.rps / m.list.bare.rps,
      'api.create_rps': m.create.api.rps,
      'api.create_bare_rps': m.create.bare.rps,
      'api.create_ratio': m.create.api.rps / m.create.bare.rps,
      'api.p99_ms_at_300': m.fixed.api.p99,
      'api.bare_p99_ms_at_300': m.fixed.bare.p99,
      'rss_mb.api': peakRssMb(apiPid),
    };
    console.log(
      `api bench: ${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; ${CONNECTIONS} connections, ${SECONDS} s per route and side in ${ROUNDS} alternating rounds, ${CREATES} creates`,
    );
    console.log('\nroute                  |   api req/s |  bare req/s | api/bare');
    for (const [label, k] of [
      ['GET /videos/{id}', 'get'],
      ['GET /videos?limit=20', 'list'],
      ['POST /videos', 'create'],
    ] as const) {
      const a = m[k].api.rps;
      const b = m[k].bare.rps;
      console.log(
        `${label.padEnd(22)} | ${a.toFixed(0).padStart(11)} | ${b.toFixed(0).padStart(11)} | ${(a / b).toFixed(2).padStart(7)}×`,
      );
    }
    console.log(
      '\nCPU µs per request    |  api server | bare server | PostgreSQL (api, bare) | load (api, bare)',
    );
    for (const [label, k] of [
      ['GET /videos/{id}', 'get'],
      ['GET /videos?limit=20', 'list'],
      ['POST /videos', 'create'],
    ] as const) {
      const a = m[k].api.cpuUs;
      const b = m[k].bare.cpuUs;
      const us = (x: number) => x.toFixed(0);
      console.log(
        `${label.padEnd(22)} | ${us(a.server).padStart(11)} | ${us(b.server).padStart(11)} | ` +
          `${`${us(a.postgres)}, ${us(b.postgres)}`.padStart(22)} | ${`${us(a.load)}, ${us(b.load)}`.padStart(16)}`,
      );
    }
    console.log(
      `\np99 of GET /videos/{id} at ${FIXED_RATE} req/s: api ${m.fixed.api.p99} ms, bare ${m.fixed.bare.p99} ms`,
    );
    printFigures('figures', figures);
    writeFigures(figures);
  } finally {
    if (bare) await stopChild(bare, 5000);
    await bench.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
