import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import {
  freePort,
  nodeEntry,
  REPO_ROOT,
  SERVICE_STOP_TIMEOUT_MS,
  stopChild,
  waitFor,
} from '@vidgen/devstack';

export interface ServiceProcess {
  child: ChildProcess;
  output: () => string;
  /** Graceful stop (SIGTERM, then SIGKILL after the timeout). */
  stop: () => Promise<void>;
  /** Immediate SIGKILL: a crash. */
  kill: () => Promise<void>;
}

/**
 * How a service starts: from the TypeScript sources through SWC (the default, always current),
 * or with `VIDGEN_RUN_COMPILED=1` from the output of `npm run build`, as production runs it
 * (the benches' memory figures are meant for that; bench/README.md).
 */
function serviceEntry(app: 'api' | 'worker'): { argv: string[]; env: Record<string, string> } {
  const compiled = process.env.VIDGEN_RUN_COMPILED === '1';
  const { args, file, env } = nodeEntry(`apps/${app}/src/main.ts`, compiled);
  if (compiled && !existsSync(file))
    throw new Error(`VIDGEN_RUN_COMPILED=1 but ${file} is missing: npm run build`);
  return { argv: [...args, file], env };
}

export function spawnService(
  app: 'api' | 'worker',
  env: NodeJS.ProcessEnv,
  options: { keepAllOutput?: boolean } = {},
): ServiceProcess {
  const entry = serviceEntry(app);
  const child = spawn(process.execPath, entry.argv, {
    cwd: REPO_ROOT,
    env: { ...entry.env, ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out += b.toString();
    if (!options.keepAllOutput) out = out.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let expectedExit = false;
  // A service that dies on its own would only show up as timeouts in other specs: say so, with its last words.
  child.once('exit', (code, signal) => {
    if (!expectedExit) {
      process.stderr.write(
        `\n[${app} ${child.pid}] exited unexpectedly (${signal ?? code}); last output:\n${out.slice(-4000)}\n`,
      );
    }
  });
  return {
    child,
    output: () => out,
    stop: () => {
      expectedExit = true;
      return stopChild(child, SERVICE_STOP_TIMEOUT_MS);
    },
    kill: () =>
      new Promise<void>((resolve) => {
        expectedExit = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

export interface Stack {
  baseUrl: string;
  port: number;
  apiMetricsUrl: string;
  workerMetricsUrl: string;
  api: ServiceProcess;
  worker: ServiceProcess | undefined;
  env: NodeJS.ProcessEnv;
  startWorker(): Promise<ServiceProcess>;
  stop(): Promise<void>;
}

/**
 * Starts an api and a worker as real child processes against the run's PostgreSQL and
 * Temporal, on their own task queue, and waits until the api answers a full round trip
 * through the worker.
 */
export async function startStack(options: {
  databaseUrl: string;
  temporalAddress: string;
  taskQueue: string;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  /** Start only the api (it still needs a worker on the task queue for workflow calls). */
  apiOnly?: boolean;
  /**
   * false: return once the api serves requests, whatever its health says (for an api started
   * against a database or Temporal that is down on purpose). Default true.
   */
  waitForHealthy?: boolean;
  /** Keep every line the processes print (default: the last 20,000 characters). */
  keepAllOutput?: boolean;
}): Promise<Stack> {
  const port = await freePort();
  // Free ports, never the defaults: several stacks (and other checkouts' test runs) share the machine.
  const [apiMetricsPort, workerMetricsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    PORT: String(port),
    API_METRICS_PORT: String(apiMetricsPort),
    WORKER_METRICS_PORT: String(workerMetricsPort),
    DATABASE_URL: options.databaseUrl,
    TEMPORAL_ADDRESS: options.temporalAddress,
    TEMPORAL_TASK_QUEUE: options.taskQueue,
    DATA_DIR: options.dataDir,
    PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
    // No Ollama on the machine writes a stack's scripts unless a spec points OLLAMA_HOST at one.
    OLLAMA_HOST: 'http://127.0.0.1:9',
    ...options.env,
  };
  const keep = { keepAllOutput: options.keepAllOutput };
  let worker = options.apiOnly ? undefined : spawnService('worker', env, keep);
  const api = spawnService('api', env, keep);
  const baseUrl = `http://127.0.0.1:${port}/api/v1`;
  const started = waitFor(
    async () => {
      for (const p of [api, worker]) {
        if (p && p.child.exitCode !== null) throw new Error(`process exited early:\n${p.output()}`);
      }
      try {
        // Not waiting for health: the OpenAPI document is served without touching any dependency.
        if (options.waitForHealthy === false) {
          return (await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(5000) })).ok;
        }
        const res = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(5000) });
        if (!res.ok) return false;
        // With a worker: ready once Temporal has seen it poll the task queue.
        const ready = (await res.json()) as { workers: { pollers: number | null } };
        return options.apiOnly || (ready.workers.pollers ?? 0) > 0;
      } catch {
        return false;
      }
    },
    { timeoutMs: 120_000, intervalMs: 300, what: `api and worker on ${baseUrl}` },
  );
  // A stack that never came up must not leave its other process running.
  await started.catch(async (err) => {
    await Promise.all([api.kill(), worker?.kill()]);
    throw err;
  });
  const stack: Stack = {
    baseUrl,
    port,
    apiMetricsUrl: `http://127.0.0.1:${env.API_METRICS_PORT}/metrics`,
    workerMetricsUrl: `http://127.0.0.1:${env.WORKER_METRICS_PORT}/metrics`,
    api,
    get worker() {
      return worker;
    },
    env,
    async startWorker() {
      worker = spawnService('worker', env, keep);
      return worker;
    },
    async stop() {
      await Promise.all([api.stop(), worker?.stop()]);
    },
  };
  return stack;
}
