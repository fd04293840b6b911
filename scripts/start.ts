/**
 * `npm start`: brings up the whole service on one machine and stays in the foreground.
 *   Temporal dev server (+ Web UI)  unless TEMPORAL_ADDRESS is set
 *   embedded PostgreSQL             unless DATABASE_URL is set
 *   migrations, the web dashboard's build when it is missing, then the api and the worker as
 *   child processes (restarted if they crash).
 * Ctrl-C / SIGTERM stops everything in reverse order.
 *
 * Before starting anything it refuses, saying why, when another `npm start` runs on the same
 * DATA_DIR or a port it needs is taken. While it runs, DATA_DIR/run/stack.json says where
 * everything is (the CLI reads it), and a detached watchdog stops the children should this
 * process be killed outright.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, loadConfig } from '@vidgen/config';
import { createDb, ensureDatabase, MIGRATION_TIMEOUT_MS, migrateToLatest } from '@vidgen/db';
import {
  describeTakenPorts,
  EXIT_WITH_PARENT,
  ensureDashboardBuilt,
  ensureDefaultPiperVoice,
  ensureFfmpeg,
  findRunningStack,
  nextRestart,
  nodeEntry,
  type PlannedPort,
  REPO_ROOT,
  SERVICE_STOP_TIMEOUT_MS,
  StackStateFile,
  startEmbeddedPostgres,
  startStackWatchdog,
  startTemporalDevServer,
  stopChild,
} from '@vidgen/devstack';
import { describeProviders, findOllama, piperVoiceDirs } from '@vidgen/media';

const log = (msg: string) => console.log(`[vidgen] ${msg}`);

/** An error as one readable text, whatever was thrown (some libraries reject with nothing). */
function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (err === undefined || err === null || err === '') return 'an unknown error (nothing was thrown)';
  return typeof err === 'string' ? err : JSON.stringify(err);
}

function plannedPorts(config: AppConfig): PlannedPort[] {
  const ports: PlannedPort[] = [{ port: config.port, what: 'api', setting: 'PORT' }];
  if (config.metrics.apiPort > 0)
    ports.push({ port: config.metrics.apiPort, what: 'api metrics', setting: 'API_METRICS_PORT' });
  if (config.metrics.workerPort > 0)
    ports.push({ port: config.metrics.workerPort, what: 'worker metrics', setting: 'WORKER_METRICS_PORT' });
  if (!config.temporal.address) {
    ports.push(
      { port: config.embedded.temporalPort, what: 'Temporal dev server', setting: 'TEMPORAL_PORT' },
      { port: config.embedded.temporalUiPort, what: 'Temporal Web UI', setting: 'TEMPORAL_UI_PORT' },
    );
  }
  if (!config.databaseUrl) {
    ports.push({
      port: config.embedded.postgresPort,
      what: 'embedded PostgreSQL',
      setting: 'EMBEDDED_POSTGRES_PORT',
    });
  }
  return ports;
}

/** Why this start cannot go ahead, one line each; empty when it can. */
async function reasonsNotToStart(config: AppConfig): Promise<string[]> {
  const reasons: string[] = [];
  const running = findRunningStack(config.dataDir);
  if (running) {
    const where = [
      running.apiUrl && `api ${running.apiUrl}`,
      running.temporalAddress && `Temporal ${running.temporalAddress}`,
      running.databaseUrl && `PostgreSQL ${new URL(running.databaseUrl).host}`,
    ].filter(Boolean);
    reasons.push(
      `another \`npm start\` (pid ${running.pid}) is already running with DATA_DIR=${config.dataDir}` +
        (where.length ? `: ${where.join(', ')}` : ''),
    );
  }
  reasons.push(...(await describeTakenPorts(plannedPorts(config))));
  return reasons;
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (err) {
    log(errorText(err));
    process.exit(1);
  }
  mkdirSync(config.dataDir, { recursive: true });

  const refused = await reasonsNotToStart(config);
  if (refused.length) {
    for (const reason of refused) log(reason);
    log('nothing was started: stop what holds these, or choose other ports (see README, Configuration).');
    process.exit(1);
  }

  const stops: (() => Promise<void>)[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log('stopping…');
    for (const stop of stops.reverse()) await stop().catch((e) => log(`stop failed: ${errorText(e)}`));
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    const state = new StackStateFile(config.dataDir);
    state.update({});
    // Stopped last: until everything else is down, it stands ready should this process be killed.
    const watchdog = startStackWatchdog({
      stateFile: state.file,
      logFile: path.join(config.dataDir, 'logs', 'watchdog.log'),
    });
    stops.push(watchdog.stop, async () => state.remove());
    state.update({ children: { watchdog: watchdog.pid } });

    let temporalAddress = config.temporal.address;
    if (!temporalAddress) {
      const temporal = await startTemporalDevServer({
        cliPath: config.temporal.cliPath,
        envPath: process.env.PATH,
        port: config.embedded.temporalPort,
        uiPort: config.embedded.temporalUiPort,
        dbFile: path.join(config.dataDir, 'temporal', 'temporal.db'),
        logFile: path.join(config.dataDir, 'logs', 'temporal.log'),
        namespace: config.temporal.namespace,
        onSpawn: (pid) => state.update({ children: { temporal: pid } }),
        // Ctrl-C reaches this process, the api and the worker; the server is stopped after them
        // (or by the watchdog, should this process be killed).
        ownProcessGroup: true,
        log,
      });
      stops.push(temporal.stop);
      temporalAddress = temporal.address;
      log(`Temporal dev server  ${temporal.address}   Web UI ${temporal.uiUrl}`);
    } else {
      log(`Temporal             ${temporalAddress} (TEMPORAL_ADDRESS)`);
    }
    state.update({ temporalAddress });

    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const dataDir = path.join(config.dataDir, 'postgres');
      state.update({ children: { postgresDataDir: dataDir } });
      const pg = await startEmbeddedPostgres({ dataDir, port: config.embedded.postgresPort, log });
      stops.push(pg.stop);
      databaseUrl = pg.url;
      log(`PostgreSQL (embedded) 127.0.0.1:${config.embedded.postgresPort}`);
    } else {
      log(`PostgreSQL           ${new URL(databaseUrl).host} (DATABASE_URL)`);
    }
    await ensureDatabase(databaseUrl);
    const db = createDb(databaseUrl, { max: 1, timeoutMs: MIGRATION_TIMEOUT_MS });
    const applied = await migrateToLatest(db).finally(() => db.destroy());
    log(`migrations           ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
    state.update({ databaseUrl });

    // A dashboard that does not build must not keep the API down: /dashboard then says it is not built.
    await ensureDashboardBuilt(log).catch((err) => log(`dashboard build failed: ${errorText(err)}`));
    log(
      `ffmpeg               ${await ensureFfmpeg({ configured: config.ffmpegPath, envPath: process.env.PATH, log })}`,
    );
    // Without the neural voice, English is still narrated by espeak-ng: say so and carry on.
    const voice = await ensureDefaultPiperVoice({ dirs: piperVoiceDirs(config.media.voicesDir), log }).catch(
      (err) => `not installed (${errorText(err)}); English falls back to espeak-ng`,
    );
    log(`Piper voice          ${voice}`);
    log(`script writer        ${await scriptWriterLine(config)}`);
    const env = { ...process.env, DATABASE_URL: databaseUrl, TEMPORAL_ADDRESS: temporalAddress };
    for (const name of ['worker', 'api'] as const) {
      stops.push(
        supervise(
          name,
          `apps/${name}/src/main.ts`,
          env,
          () => stopping,
          (pid) => state.update({ children: { [name]: pid } }),
        ),
      );
    }
    const apiUrl = `http://localhost:${config.port}/api/v1`;
    state.update({ apiUrl });
    log(`api                  ${apiUrl}   (OpenAPI reference: /api/v1/docs)`);
    log(
      `dashboard            http://localhost:${config.port}/dashboard   (sign in: vidgen accounts login-link --account ID)`,
    );
    log(`worker               task queue ${config.temporal.taskQueue}`);
    log(
      config.storage.driver === 's3'
        ? `assets               bucket ${config.storage.s3.bucket} at ${config.storage.s3.endpoint ?? 'AWS S3'} (STORAGE_DRIVER=s3)`
        : `assets               ${config.assets.dir} (STORAGE_DRIVER=local)`,
    );
    log(
      `metrics              api ${metricsUrl(config.metrics.apiPort)}   worker ${metricsUrl(config.metrics.workerPort)}`,
    );
    log(
      config.paymentProvider === 'test'
        ? 'payments             test provider: tokens beginning tok_test_ok succeed (PAYMENT_PROVIDER=none refuses all)'
        : 'payments             none configured: purchases are refused (PAYMENT_PROVIDER)',
    );
    log('Ctrl-C stops everything.');
  } catch (err) {
    log(`could not start: ${errorText(err)}`);
    await shutdown(1);
  }
}

/** Who writes scripts, as GET /providers says it; the planner's line says how to connect a model. */
async function scriptWriterLine(config: AppConfig): Promise<string> {
  const { script } = await describeProviders(config.media);
  if (script.provider === 'ollama') return `Ollama ${script.model} (OLLAMA_HOST, SCRIPT_MODEL)`;
  if (script.provider !== 'local') return `${script.provider} ${script.model ?? ''}`.trim();
  const ollama = await findOllama(config.media);
  return ollama
    ? `planner: ${ollama.reason}; a model pulled into Ollama is used without a restart`
    : 'planner (chosen by SCRIPT_PROVIDER)';
}

/** Where Prometheus scrapes a process that `npm start` runs (the worker's includes the Temporal SDK's series). */
function metricsUrl(port: number): string {
  return port > 0 ? `http://localhost:${port}/metrics` : 'off (port 0)';
}

/** Runs a process and restarts it if it dies on its own; returns its stop function. */
function supervise(
  name: string,
  entry: string,
  env: NodeJS.ProcessEnv,
  stopping: () => boolean,
  onLaunch: (pid: number | undefined) => void,
): () => Promise<void> {
  let child: ChildProcess;
  let crashesInARow = 0;
  const launch = () => {
    const startedAt = Date.now();
    // exit-with-parent: should this supervisor be killed outright, the child notices and stops.
    // Production (NODE_ENV=production npm start) runs the compiled JavaScript, with no SWC.
    const { args, file, env: serviceEnv } = nodeEntry(entry);
    child = spawn(process.execPath, [...args, '-r', EXIT_WITH_PARENT, file], {
      env: { ...serviceEnv, ...env },
      stdio: 'inherit',
      cwd: REPO_ROOT,
    });
    onLaunch(child.pid);
    child.once('exit', (code, signal) => {
      if (stopping()) return;
      const next = nextRestart(crashesInARow, Date.now() - startedAt);
      crashesInARow = next.crashesInARow;
      log(`${name} exited (${signal ?? code}); restarting in ${next.delayMs / 1000}s`);
      setTimeout(() => !stopping() && launch(), next.delayMs);
    });
  };
  launch();
  return () => stopChild(child!, SERVICE_STOP_TIMEOUT_MS);
}

void main();
