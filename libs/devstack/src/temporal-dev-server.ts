import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { freePort, waitFor } from './ports';
import { devServerSettings, resolveTemporalCli } from './temporal-cli';

export interface RunningTemporal {
  address: string;
  uiUrl: string | undefined;
  stop(): Promise<void>;
}

export interface TemporalDevServerOptions {
  cliPath?: string;
  envPath?: string;
  port?: number;
  uiPort?: number;
  headless?: boolean;
  /** Persisted state; omitted → in memory. */
  dbFile?: string;
  logFile?: string;
  namespace?: string;
  startTimeoutMs?: number;
  /** Called with the server's pid as soon as it is spawned, before it answers (not for the SDK download). */
  onSpawn?: (pid: number) => void;
  /**
   * Run it in a process group of its own, so a terminal's Ctrl-C reaches the caller and not the
   * server: the caller stops the workers while it still answers (a stopping worker waits for the
   * server to complete its polls, docs/decisions/0087-a-stopping-worker-keeps-its-tasks.md), then
   * the server. For a caller whose stop always stops the server (or a watchdog that does).
   */
  ownProcessGroup?: boolean;
  log?: (msg: string) => void;
}

function devServerArgs(opts: {
  port: number;
  uiPort: number;
  headless: boolean;
  dbFile?: string;
  namespace: string;
}) {
  const settings = devServerSettings();
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--log-level',
    'warn',
  ];
  if (opts.headless) args.push('--headless');
  else args.push('--ui-port', String(opts.uiPort));
  if (opts.dbFile) args.push('--db-filename', opts.dbFile);
  if (opts.namespace !== 'default') args.push('--namespace', opts.namespace);
  for (const [key, type] of Object.entries(settings.searchAttributes))
    args.push('--search-attribute', `${key}=${type}`);
  args.push(...dynamicConfigArgs(settings.dynamicConfig));
  return args;
}

/** The dev server's dynamic config (temporal/dev-server.json) as `--dynamic-config-value` flags. */
function dynamicConfigArgs(config: Record<string, unknown>): string[] {
  return Object.entries(config).flatMap(([key, value]) => [
    '--dynamic-config-value',
    `${key}=${JSON.stringify(value)}`,
  ]);
}

async function serverAnswers(address: string): Promise<boolean> {
  try {
    const conn = await Connection.connect({ address, connectTimeout: 1000 });
    try {
      await conn.workflowService.getSystemInfo({});
      return true;
    } finally {
      await conn.close();
    }
  } catch {
    return false;
  }
}

/**
 * Starts the Temporal CLI dev server as a child process, waits until its frontend answers
 * (a 2-core machine can need well over the SDK's 5 s), and registers the search attributes
 * from temporal/dev-server.json. When no CLI binary can be found, falls back to the SDK's
 * downloaded server via TestWorkflowEnvironment.
 */
export async function startTemporalDevServer(
  options: TemporalDevServerOptions = {},
): Promise<RunningTemporal> {
  const port = options.port ?? (await freePort());
  const uiPort = options.uiPort ?? (await freePort());
  const headless = options.headless ?? false;
  const namespace = options.namespace ?? 'default';
  const address = `127.0.0.1:${port}`;
  const cli = await resolveTemporalCli({
    cliPath: options.cliPath,
    envPath: options.envPath,
    log: options.log,
  });
  if (!cli.path) return startWithSdkDownload({ port, uiPort, headless, namespace, dbFile: options.dbFile });

  if (options.dbFile) mkdirSync(path.dirname(options.dbFile), { recursive: true });
  const child: ChildProcess = spawn(
    cli.path,
    devServerArgs({ port, uiPort, headless, dbFile: options.dbFile, namespace }),
    { stdio: ['ignore', 'pipe', 'pipe'], detached: options.ownProcessGroup ?? false },
  );
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const out = createWriteStream(options.logFile, { flags: 'a' });
    child.stdout?.pipe(out);
    child.stderr?.pipe(out);
  } else {
    child.stdout?.resume();
    child.stderr?.resume();
  }
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  await waitFor(
    async () => {
      if (exited !== undefined)
        throw new Error(
          `Temporal dev server exited with code ${exited} (see ${options.logFile ?? 'its output'})`,
        );
      return serverAnswers(address);
    },
    {
      timeoutMs: options.startTimeoutMs ?? 60_000,
      intervalMs: 250,
      what: `Temporal dev server on ${address}`,
    },
  );
  return {
    address,
    uiUrl: headless ? undefined : `http://127.0.0.1:${uiPort}`,
    stop: () => stopChild(child),
  };
}

async function startWithSdkDownload(opts: {
  port: number;
  uiPort: number;
  headless: boolean;
  namespace: string;
  dbFile?: string;
}): Promise<RunningTemporal> {
  const { TestWorkflowEnvironment } = await import('@temporalio/testing');
  const settings = devServerSettings();
  const env = await TestWorkflowEnvironment.createLocal({
    server: {
      ip: '127.0.0.1',
      port: opts.port,
      ui: !opts.headless,
      uiPort: opts.uiPort,
      dbFilename: opts.dbFile,
      namespace: opts.namespace,
      searchAttributes: Object.entries(settings.searchAttributes).map(([name, type]) => ({
        name,
        type: type.toUpperCase() as never,
      })),
      // The same settings as the CLI's dev server gets: priority and fairness of the media queue too.
      extraArgs: dynamicConfigArgs(settings.dynamicConfig),
    },
  });
  return {
    address: `127.0.0.1:${opts.port}`,
    uiUrl: opts.headless ? undefined : `http://127.0.0.1:${opts.uiPort}`,
    stop: () => env.teardown(),
  };
}

export function stopChild(child: ChildProcess, timeoutMs = 10_000): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
