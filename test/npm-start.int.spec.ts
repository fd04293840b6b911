import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  freePort,
  isPidAlive,
  portInUse,
  REPO_ROOT,
  readStackState,
  SERVICE_ENV,
  SERVICE_NODE_FLAGS,
  type StackState,
  stackStateFile,
  waitFor,
} from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOllama } from '../libs/media/test/support/fake-ollama';

/**
 * `npm start` as a user runs it (its entry, scripts/start.ts), on free ports and a DATA_DIR of
 * its own, so it never meets another engineer's stack or the machine's PostgreSQL.
 */
interface Launched {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function launch(env: NodeJS.ProcessEnv): Launched {
  const child = spawn(
    process.execPath,
    ['-r', '@swc-node/register', path.join(REPO_ROOT, 'scripts/start.ts')],
    // Heading a process group of its own, as in a terminal: a Ctrl-C goes to the whole group.
    {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-50_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exit };
}

async function distinctFreePorts(n: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < n) ports.add(await freePort());
  return [...ports];
}

/** The embedded PostgreSQL server's pid, from the file it keeps while it runs. */
function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postgres', 'postmaster.pid');
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

describe('npm start', () => {
  const tempDirs: string[] = [];
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let ports: {
    api: number;
    temporal: number;
    temporalUi: number;
    postgres: number;
    apiMetrics: number;
    workerMetrics: number;
  };
  let first: Launched;
  let state: StackState;
  // The Ollama a user already runs, with a model: scripts go to it with nothing configured.
  const ollama = new FakeOllama();

  function tempDir(): string {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-start-'));
    // Run as root, the embedded PostgreSQL runs as the postgres user, which must reach DATA_DIR.
    chmodSync(dir, 0o755);
    tempDirs.push(dir);
    return dir;
  }

  /** Every process the first stack runs, the watchdog and the PostgreSQL server included. */
  const stackPids = (): number[] => {
    const c = state.children;
    return [c.api, c.worker, c.temporal, c.watchdog, postmasterPid(dataDir)].filter(
      (p): p is number => typeof p === 'number',
    );
  };

  beforeAll(async () => {
    dataDir = tempDir();
    const [api, temporal, temporalUi, postgres, apiMetrics, workerMetrics] = await distinctFreePorts(6);
    ports = {
      api: api!,
      temporal: temporal!,
      temporalUi: temporalUi!,
      postgres: postgres!,
      apiMetrics: apiMetrics!,
      workerMetrics: workerMetrics!,
    };
    ollama.models = ['qwen2.5:3b'];
    const ollamaHost = await ollama.start();
    env = {
      ...process.env,
      OLLAMA_HOST: ollamaHost,
      SCRIPT_PROVIDER: '',
      DATA_DIR: dataDir,
      PORT: String(ports.api),
      TEMPORAL_PORT: String(ports.temporal),
      TEMPORAL_UI_PORT: String(ports.temporalUi),
      EMBEDDED_POSTGRES_PORT: String(ports.postgres),
      API_METRICS_PORT: String(ports.apiMetrics),
      WORKER_METRICS_PORT: String(ports.workerMetrics),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.TEMPORAL_ADDRESS;

    first = launch(env);
    await waitFor(
      async () => {
        if (first.child.exitCode !== null) throw new Error(`npm start exited early:\n${first.output()}`);
        try {
          const res = await fetch(`http://127.0.0.1:${ports.api}/api/v1/health/ready`, {
            signal: AbortSignal.timeout(5000),
          });
          return res.ok;
        } catch {
          return false;
        }
      },
      { timeoutMs: 200_000, intervalMs: 500, what: 'the api of npm start' },
    );
    state = readStackState(stackStateFile(dataDir))!;
  }, 240_000);

  afterAll(async () => {
    await ollama.stop().catch(() => undefined);
    // Whatever a failed test left behind: the watchdog stops the rest once the supervisor is gone.
    first?.child.kill('SIGKILL');
    for (const pid of state ? stackPids() : []) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('records under DATA_DIR/run/stack.json where its database, Temporal and api are, and its children', () => {
    expect(state).toMatchObject({
      pid: first.child.pid,
      dataDir,
      databaseUrl: `postgres://postgres:vidgen@127.0.0.1:${ports.postgres}/vidgen`,
      temporalAddress: `127.0.0.1:${ports.temporal}`,
      apiUrl: `http://localhost:${ports.api}/api/v1`,
    });
    expect(stackPids()).toHaveLength(5);
    for (const pid of stackPids()) expect(isPidAlive(pid), `pid ${pid}`).toBe(true);
  });

  it("runs the api and the worker with the services' V8 flags and environment", () => {
    for (const [name, pid] of [
      ['api', state.children.api],
      ['worker', state.children.worker],
    ] as const) {
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      expect(argv, name).toEqual(
        expect.arrayContaining([...SERVICE_NODE_FLAGS[`apps/${name}/src/main.ts`]!]),
      );
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      for (const [key, value] of Object.entries(SERVICE_ENV))
        expect(environ, name).toContain(`${key}=${value}`);
    }
  });

  it('says which model writes scripts: the Ollama model it found, with nothing configured', () => {
    expect(first.output()).toContain(
      '[vidgen] script writer        Ollama qwen2.5:3b (OLLAMA_HOST, SCRIPT_MODEL)',
    );
  });

  it('serves the web dashboard, built by npm start when missing, and says where', async () => {
    expect(first.output()).toContain(`[vidgen] dashboard            http://localhost:${ports.api}/dashboard`);
    const page = await fetch(`http://127.0.0.1:${ports.api}/dashboard/videos`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/dashboard/static/');
  });

  it('prints both metrics addresses, and each serves Prometheus text', async () => {
    const api = `http://localhost:${ports.apiMetrics}/metrics`;
    const worker = `http://localhost:${ports.workerMetrics}/metrics`;
    expect(first.output()).toContain(`[vidgen] metrics              api ${api}   worker ${worker}`);
    expect(await (await fetch(api)).text()).toContain('# TYPE vidgen_http_requests_total counter');
    // The worker's endpoint carries the Temporal SDK's series too, once it has polled.
    let text = '';
    await waitFor(
      async () => {
        text = await (await fetch(worker)).text();
        return /^temporal_num_pollers\{/m.test(text);
      },
      { timeoutMs: 30_000, intervalMs: 500, what: "the worker's Temporal SDK series" },
    );
    expect(text).toContain('# TYPE vidgen_videos_completed_total counter');
  });

  it('refuses a second start on the same DATA_DIR and ports at once, naming the ports and the first stack', async () => {
    const startedAt = Date.now();
    const second = launch(env);
    expect(await second.exit).toBe(1);
    expect(Date.now() - startedAt).toBeLessThan(30_000);
    const out = second.output();
    expect(out).toContain(
      `another \`npm start\` (pid ${first.child.pid}) is already running with DATA_DIR=${dataDir}: ` +
        `api http://localhost:${ports.api}/api/v1, Temporal 127.0.0.1:${ports.temporal}, PostgreSQL 127.0.0.1:${ports.postgres}`,
    );
    const byFirst = (pid: number | undefined) =>
      `is in use by pid ${pid} (started by \`npm start\` pid ${first.child.pid}): `;
    expect(out).toContain(`port ${ports.api} (api, PORT) ${byFirst(state.children.api)}`);
    expect(out).toContain(
      `port ${ports.temporal} (Temporal dev server, TEMPORAL_PORT) ${byFirst(state.children.temporal)}`,
    );
    expect(out).toMatch(/TEMPORAL_PORT\) is in use by pid \d+ [^\n]*temporal server start-dev/);
    expect(out).toContain(`port ${ports.temporalUi} (Temporal Web UI, TEMPORAL_UI_PORT) is in use by pid`);
    expect(out).toContain(
      `port ${ports.postgres} (embedded PostgreSQL, EMBEDDED_POSTGRES_PORT) ${byFirst(postmasterPid(dataDir))}`,
    );
    expect(out).not.toContain('undefined');

    // It started nothing, and left the first stack and its state file alone.
    expect(readStackState(stackStateFile(dataDir))?.pid).toBe(first.child.pid);
    expect((await fetch(`http://127.0.0.1:${ports.api}/api/v1/health/ready`)).status).toBe(200);

    // Another DATA_DIR on the same ports: the ports alone tell whose they are.
    const elsewhere = launch({ ...env, DATA_DIR: tempDir() });
    expect(await elsewhere.exit).toBe(1);
    expect(elsewhere.output()).toContain(`port ${ports.api} (api, PORT) ${byFirst(state.children.api)}`);
    expect(elsewhere.output()).not.toContain('another `npm start`');
  });

  it('lets the CLI find its embedded database with nothing exported but DATA_DIR', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        path.join(REPO_ROOT, 'apps/cli/src/main.ts'),
        'accounts',
        'create',
        '--name',
        'Acme',
        '--credits',
        '3',
        '--json',
      ],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
    );
    expect(JSON.parse(stdout)).toMatchObject({ name: 'Acme', plan: 'free', credits: 3 });
  });

  it('leaves no child running when the supervisor itself is killed (SIGKILL)', async () => {
    const pids = stackPids();
    first.child.kill('SIGKILL');
    await first.exit;
    await waitFor(async () => pids.every((pid) => !isPidAlive(pid)), {
      timeoutMs: 15_000,
      intervalMs: 250,
      what: `the children of npm start (pids ${pids.join(', ')}) to stop`,
    });
    for (const port of Object.values(ports)) expect(await portInUse(port), `port ${port}`).toBeUndefined();
    expect(existsSync(stackStateFile(dataDir))).toBe(false);
  });

  it('stops everything on a Ctrl-C (SIGINT to its process group) once the worker has stopped, PostgreSQL and Temporal after it, and exits 0', async () => {
    const again = launch(env);
    first = again;
    await waitFor(
      async () => {
        if (again.child.exitCode !== null) throw new Error(`npm start exited early:\n${again.output()}`);
        return fetch(`http://127.0.0.1:${ports.api}/api/v1/health/ready`, {
          signal: AbortSignal.timeout(5000),
        })
          .then((r) => r.ok)
          .catch(() => false);
      },
      { timeoutMs: 200_000, intervalMs: 500, what: 'the api of npm start, started again' },
    );
    state = readStackState(stackStateFile(dataDir))!;
    const pids = stackPids();
    // The order the processes end in, looked at every 10 ms from the Ctrl-C on.
    const watched = { worker: state.children.worker!, postgres: postmasterPid(dataDir)! };
    const ended: string[] = [];
    const watch = setInterval(() => {
      for (const [name, pid] of Object.entries(watched))
        if (!ended.includes(name) && !isPidAlive(pid)) ended.push(name);
    }, 10);
    process.kill(-again.child.pid!, 'SIGINT');
    // A worker whose Temporal server went with the Ctrl-C would wait for it for 25 s (its
    // SHUTDOWN_FORCE): the server runs in a group of its own and is stopped after the worker.
    const code = await Promise.race([
      again.exit,
      new Promise<string>((r) => setTimeout(() => r('still running 20 s after the Ctrl-C'), 20_000)),
    ]);
    clearInterval(watch);
    expect(code, again.output().slice(-3000)).toBe(0);
    expect(pids.filter((pid) => isPidAlive(pid))).toEqual([]);
    expect(again.output()).toContain('[vidgen] stopped');
    // The embedded PostgreSQL runs in a session of its own: the Ctrl-C does not reach it, and it
    // is there for whatever the worker records while it stops.
    expect(ended).toEqual(['worker', 'postgres']);
  });
});
