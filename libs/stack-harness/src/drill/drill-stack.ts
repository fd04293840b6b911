import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '@vidgen/db';
import {
  freePort,
  freezePostgres,
  nextRestart,
  type RunningPostgres,
  type RunningTemporal,
  startEmbeddedPostgres,
  startTemporalDevServer,
  waitFor,
} from '@vidgen/devstack';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { HttpsReceiver, makeCertificates, type TestCertificates } from '../https-receiver';
import { type ServiceProcess, type Stack, spawnService, startStack } from '../processes';

/** The api's database bound in the drill: a frozen PostgreSQL must cost a request less than 5 s. */
export const DRILL_DATABASE_TIMEOUT_MS = 3000;

/**
 * Everything the drill disturbs, owned by the drill alone: an embedded PostgreSQL, a Temporal dev
 * server with its state in a file (so it can stop and come back on the same port), an api, a
 * control worker and media workers (two unless told otherwise) as child processes, and an HTTPS
 * webhook receiver.
 */
export interface DrillStack {
  db: Db;
  baseUrl: string;
  /** The Temporal dev server's address (the same after a restart). */
  temporalAddress: string;
  receiver: HttpsReceiver;
  api(): ServiceProcess;
  control(): ServiceProcess;
  /** The media workers (replicas of one role, each polling the media queue). */
  media(): ServiceProcess[];
  /** Processes that exited on their own (each restarted, as npm start does). */
  unexpectedExits: string[];
  /**
   * SIGKILL, then a new process after `pauseMs`, as npm start's supervisor does: one media worker,
   * each in turn.
   */
  restartMedia(pauseMs?: number): Promise<void>;
  restartControl(pauseMs?: number): Promise<void>;
  restartApi(pauseMs?: number): Promise<void>;
  /** Stops the Temporal dev server and starts it again on the same port and database file. */
  restartTemporal(): Promise<void>;
  /** SIGSTOP on the postmaster and its children; returns the SIGCONT. */
  freezePostgres(): () => void;
  /** Stops PostgreSQL (fast shutdown) and starts it again on the same port and data. */
  restartPostgres(): Promise<void>;
  account(credits: number): Promise<{ accountId: string; key: string }>;
  stop(): Promise<void>;
}

/** Media workers of the drill's deployment: two replicas, so a killed one is not all the media capacity. */
export const DRILL_MEDIA_WORKERS = 2;

export async function startDrillStack(
  options: { log?: (m: string) => void; mediaWorkers?: number } = {},
): Promise<DrillStack> {
  const mediaWorkers = options.mediaWorkers ?? DRILL_MEDIA_WORKERS;
  const log = options.log ?? (() => undefined);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-drill-'));
  // The embedded server runs as the unprivileged postgres user, which must reach its data folder.
  chmodSync(dir, 0o755);
  const stops: (() => Promise<void>)[] = [];
  let thaw = () => {};
  try {
    const pgDir = path.join(dir, 'postgres');
    const pgPort = await freePort();
    let postgres: RunningPostgres = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort, log });
    stops.push(() => postgres.stop());
    await ensureDatabase(postgres.url);
    const db = createDb(postgres.url, { max: 4 });
    stops.push(() => db.destroy());
    await migrateToLatest(db);

    const temporalPort = await freePort();
    const temporalOptions = {
      headless: true,
      envPath: process.env.PATH,
      port: temporalPort,
      dbFile: path.join(dir, 'temporal', 'temporal.db'),
      logFile: path.join(dir, 'temporal', 'temporal.log'),
      startTimeoutMs: 120_000,
    };
    let temporal: RunningTemporal = await startTemporalDevServer(temporalOptions);
    stops.push(() => temporal.stop());

    const certs: TestCertificates = makeCertificates();
    stops.push(async () => certs.cleanup());
    const receiver = new HttpsReceiver(certs);
    await receiver.start();
    stops.push(() => receiver.stop());

    const stack: Stack = await startStack({
      databaseUrl: postgres.url,
      temporalAddress: temporal.address,
      taskQueue: `drill-${process.pid}`,
      dataDir: path.join(dir, 'data'),
      apiOnly: true,
      env: {
        VIDGEN_FAULT_INJECTION: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
        DATABASE_TIMEOUT_MS: String(DRILL_DATABASE_TIMEOUT_MS),
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_BACKOFF_BASE_SECONDS: '0.5',
        WEBHOOK_BACKOFF_FACTOR: '2',
      },
    });
    const unexpectedExits: string[] = [];
    const supervised = (name: string, start: () => ServiceProcess, first?: ServiceProcess) =>
      supervise(name, start, first, (m) => {
        unexpectedExits.push(m);
        log(m);
      });
    const api = supervised('api', () => spawnService('api', stack.env), stack.api);
    const workerEnv = (role: string) => ({
      ...stack.env,
      WORKER_ROLES: role,
      // The control worker serves the metrics port; a media worker beside it serves none.
      ...(role === 'media' ? { WORKER_METRICS_PORT: '0' } : {}),
    });
    const control = supervised('control worker', () => spawnService('worker', workerEnv('control')));
    const media = Array.from({ length: mediaWorkers }, (_, i) =>
      supervised(mediaWorkers > 1 ? `media worker ${i + 1}` : 'media worker', () =>
        spawnService('worker', workerEnv('media')),
      ),
    );
    let nextMediaKill = 0;
    stops.push(async () => {
      await Promise.all([api.stop(), control.stop(), ...media.map((m) => m.stop())]);
    });
    await waitFor(
      async () => {
        const res = await fetch(`${stack.baseUrl}/health/ready`).catch(() => undefined);
        if (!res?.ok) return false;
        const ready = (await res.json()) as { workers: { pollers: number | null } };
        return (ready.workers.pollers ?? 0) > 0;
      },
      { timeoutMs: 120_000, intervalMs: 300, what: 'the drill workers to poll' },
    );

    return {
      db,
      baseUrl: stack.baseUrl,
      temporalAddress: temporal.address,
      receiver,
      unexpectedExits,
      api: api.current,
      control: control.current,
      media: () => media.map((m) => m.current()),
      restartMedia: (pauseMs = 500) => media[nextMediaKill++ % media.length]!.restart(pauseMs),
      restartControl: (pauseMs = 500) => control.restart(pauseMs),
      restartApi: (pauseMs = 500) => api.restart(pauseMs),
      async restartTemporal() {
        await temporal.stop();
        temporal = await startTemporalDevServer(temporalOptions);
      },
      freezePostgres() {
        thaw = freezePostgres(pgDir);
        return thaw;
      },
      async restartPostgres() {
        await postgres.stop();
        postgres = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort, log });
      },
      async account(credits) {
        const accounts = new AccountRepository(db);
        const account = await accounts.create({
          name: `drill-${Math.random().toString(36).slice(2, 8)}`,
          plan: 'pro',
        });
        await new LedgerService(new LedgerRepository(db)).grant(account.id, credits);
        const auth = new AuthService(new ApiKeyRepository(db), accounts);
        const key = await auth.createKey({
          accountId: account.id,
          scopes: ['videos:*', 'callbacks:*', 'credits:*', 'assets:*'],
        });
        return { accountId: account.id, key: key.key };
      },
      async stop() {
        thaw();
        for (const s of stops.reverse()) await s().catch((e) => log(`stop: ${e}`));
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    thaw();
    for (const s of stops.reverse()) await s().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

interface Supervised {
  current(): ServiceProcess;
  /** SIGKILL, then a new process after `pauseMs`. */
  restart(pauseMs: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps one process of a kind running as npm start's supervisor does: one that exits on its own
 * is reported and started again after nextRestart's delay (at once after a healthy run).
 */
function supervise(
  name: string,
  start: () => ServiceProcess,
  first: ServiceProcess | undefined,
  report: (m: string) => void,
): Supervised {
  let current = first ?? start();
  let startedAt = Date.now();
  let crashes = 0;
  let stopped = false;
  const killedOnPurpose = new WeakSet<ServiceProcess>();
  const watch = (p: ServiceProcess) =>
    p.child.once('exit', (code, signal) => {
      // Our own kills and stops replace `current` (or set `stopped`) before the exit arrives.
      if (stopped || p !== current || killedOnPurpose.has(p)) return;
      const next = nextRestart(crashes, Date.now() - startedAt);
      crashes = next.crashesInARow;
      report(`${name} exited on its own (${signal ?? code}); restarted after ${next.delayMs} ms`);
      setTimeout(() => {
        if (stopped || p !== current) return;
        current = start();
        startedAt = Date.now();
        watch(current);
      }, next.delayMs);
    });
  watch(current);
  return {
    current: () => current,
    async restart(pauseMs) {
      const old = current;
      killedOnPurpose.add(old);
      await old.kill();
      await new Promise((r) => setTimeout(r, pauseMs));
      if (stopped || current !== old) return;
      current = start();
      startedAt = Date.now();
      watch(current);
    },
    async stop() {
      stopped = true;
      await current.stop();
    },
  };
}
