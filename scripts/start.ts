/**
 * `npm start`: brings up the whole service on one machine and stays in the foreground.
 *   Temporal dev server (+ Web UI)  unless TEMPORAL_ADDRESS is set
 *   embedded PostgreSQL             unless DATABASE_URL is set
 *   migrations, then the api and the worker as child processes (restarted if they crash).
 * Ctrl-C / SIGTERM stops everything in reverse order.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@vidgen/config';
import { createDb, ensureDatabase, MIGRATION_TIMEOUT_MS, migrateToLatest } from '@vidgen/db';
import { REPO_ROOT, startEmbeddedPostgres, startTemporalDevServer, stopChild } from '@vidgen/devstack';

const EMBEDDED_PG_PORT = 54329;
const log = (msg: string) => console.log(`[vidgen] ${msg}`);

async function main(): Promise<void> {
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const stop of stops.reverse()) await stop().catch((e) => log(`stop failed: ${e}`));
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    let temporalAddress = config.temporal.address;
    if (!temporalAddress) {
      const temporal = await startTemporalDevServer({
        cliPath: config.temporal.cliPath,
        envPath: process.env.PATH,
        port: 7233,
        uiPort: 8233,
        dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
        logFile: path.join(config.dataDir, 'logs', 'temporal.log'),
        namespace: config.temporal.namespace,
        log,
      });
      stops.push(temporal.stop);
      temporalAddress = temporal.address;
      log(`Temporal dev server  ${temporal.address}   Web UI ${temporal.uiUrl}`);
    } else {
      log(`Temporal             ${temporalAddress} (TEMPORAL_ADDRESS)`);
    }

    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const pg = await startEmbeddedPostgres({
        dataDir: path.join(config.dataDir, 'postgres'),
        port: EMBEDDED_PG_PORT,
        log,
      });
      stops.push(pg.stop);
      databaseUrl = pg.url;
      log(`PostgreSQL (embedded) 127.0.0.1:${EMBEDDED_PG_PORT}`);
    } else {
      log(`PostgreSQL           ${new URL(databaseUrl).host} (DATABASE_URL)`);
    }
    await ensureDatabase(databaseUrl);
    const db = createDb(databaseUrl, { max: 1, timeoutMs: MIGRATION_TIMEOUT_MS });
    const applied = await migrateToLatest(db).finally(() => db.destroy());
    log(`migrations           ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);

    const env = { ...process.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalAddress };
    for (const name of ['worker', 'api'] as const) {
      stops.push(supervise(name, path.join(REPO_ROOT, 'apps', name, 'src', 'main.ts'), env, () => stopping));
    }
    log(`api                  http://localhost:${config.port}/api/v1   (OpenAPI reference: /api/v1/docs)`);
    log(`worker               task queue ${config.temporal.taskQueue}`);
    log('Ctrl-C stops everything.');
  } catch (err) {
    console.error(err);
    await shutdown(1);
  }
}

/** Runs a process and restarts it if it dies on its own; returns its stop function. */
function supervise(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  stopping: () => boolean,
): () => Promise<void> {
  let child: ChildProcess;
  let restarts = 0;
  const launch = () => {
    child = spawn(process.execPath, ['-r', '@swc-node/register', entry], {
      env,
      stdio: 'inherit',
      cwd: REPO_ROOT,
    });
    child.once('exit', (code, signal) => {
      if (stopping()) return;
      restarts += 1;
      const delay = Math.min(30_000, 1000 * 2 ** Math.min(restarts, 5));
      log(`${name} exited (${signal ?? code}); restarting in ${delay / 1000}s`);
      setTimeout(() => !stopping() && launch(), delay);
    });
  };
  launch();
  return () => stopChild(child!, 25_000);
}

void main();
