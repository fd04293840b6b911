import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, dropDatabase, ensureDatabase, MIGRATION_TIMEOUT_MS, migrateToLatest } from '@vidgen/db';
import {
  ensureDefaultPiperVoice,
  ensureFfmpeg,
  postgresServer,
  startTemporalDevServer,
  withDatabase,
} from '@vidgen/devstack';
import { startStack } from '@vidgen/stack-harness';
import type { TestProject } from 'vitest/node';
import type { TestStackContext } from './support/context';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Once per `npm test`: a fresh PostgreSQL database (the machine's server on 127.0.0.1:5432
 * when it answers, else an embedded one), migrated; a real Temporal dev server; and one
 * shared api + worker pair (fault injection on) that most specs drive over HTTP.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runId = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-test-'));
  const cleanups: (() => Promise<void>)[] = [];
  const log = (m: string) => process.stderr.write(`[test-setup] ${m}\n`);

  const runCleanups = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((e) => log(`cleanup failed: ${e}`));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return await startEverything();
  } catch (err) {
    // Vitest runs no teardown for a setup that threw: stop what was already started.
    await runCleanups();
    throw err;
  }

  async function startEverything(): Promise<() => Promise<void>> {
    const server = await postgresServer({
      url: process.env.TEST_DATABASE_URL ?? LOCAL_SERVER,
      dataDir: path.join(dataDir, 'postgres'),
      log,
    });
    const { embedded } = server;
    if (embedded) cleanups.push(() => embedded.stop());
    const adminUrl = server.url;
    const databaseUrl = withDatabase(adminUrl, `vidgen_test_${runId}`);
    await ensureDatabase(databaseUrl);
    cleanups.push(() => dropDatabase(databaseUrl));
    const db = createDb(databaseUrl, { max: 1, timeoutMs: MIGRATION_TIMEOUT_MS });
    await migrateToLatest(db);
    await db.destroy();

    log(`ffmpeg ${await ensureFfmpeg({ envPath: process.env.PATH, log })}`);
    log(`Piper voice ${await ensureDefaultPiperVoice({ log })}`);
    const temporal = await startTemporalDevServer({
      headless: true,
      envPath: process.env.PATH,
      logFile: path.join(dataDir, 'temporal.log'),
      startTimeoutMs: 120_000,
      log,
    });
    cleanups.push(() => temporal.stop());

    const taskQueue = `test-${runId}`;
    const stack = await startStack({
      databaseUrl,
      temporalAddress: temporal.address,
      taskQueue,
      dataDir: path.join(dataDir, 'shared'),
      // Specs poll with one key far faster than a client should; the per-key limit has its own spec.
      env: {
        VIDGEN_FAULT_INJECTION: '1',
        RATE_LIMIT_PER_MINUTE: '1000000',
        // Low, so videos that collect many updates continue as new inside the suite.
        VIDEO_WORKFLOW_UPDATES_PER_RUN: '20',
      },
    });
    cleanups.push(() => stack.stop());

    const context: TestStackContext = {
      databaseUrl,
      adminDatabaseUrl: adminUrl,
      temporalAddress: temporal.address,
      apiBaseUrl: stack.baseUrl,
      apiMetricsUrl: stack.apiMetricsUrl,
      workerMetricsUrl: stack.workerMetricsUrl,
      taskQueue,
      dataDir,
    };
    project.provide('stack', context);

    return runCleanups;
  }
}
