import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '@vidgen/db';
import { freePort, freezePostgres, type RunningPostgres, startEmbeddedPostgres } from '@vidgen/devstack';
import { type Stack, startStack } from '@vidgen/stack-harness';
import { VideoRepository, videoOptions } from '@vidgen/videos';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, createAccount, type TestAccount } from '../../../test/support/api';

const TIMEOUT_MS = 3000;
/** Room for the api's own work and a busy test machine on top of the database bound. */
const MARGIN_MS = 1500;

/**
 * PostgreSQL that stops answering without closing anything (its processes stopped, as in a
 * frozen VM or a stalled disk): the api must answer 500 DATABASE_ERROR within
 * DATABASE_TIMEOUT_MS instead of hanging, and serve again by itself once the database is back.
 * The api runs against an embedded PostgreSQL of this spec, never the shared server.
 */
describe('a database that hangs', () => {
  let dir: string;
  let postgres: RunningPostgres;
  let db: Db;
  let stack: Stack;
  let account: TestAccount;
  let videoId: string;
  let thaw = () => {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-db-hang-'));
    // The embedded server runs as the unprivileged postgres user, which must reach its data folder.
    chmodSync(dir, 0o755);
    postgres = await startEmbeddedPostgres({ dataDir: path.join(dir, 'postgres'), port: await freePort() });
    await ensureDatabase(postgres.url);
    db = createDb(postgres.url, { max: 2 });
    await migrateToLatest(db);
    stack = await startStack({
      databaseUrl: postgres.url,
      temporalAddress: inject('stack').temporalAddress,
      taskQueue: `db-hang-${process.pid}`,
      dataDir: path.join(dir, 'data'),
      apiOnly: true,
      env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    account = await createAccount({ db, baseUrl: stack.baseUrl, scopes: ['videos:read'] });
    const video = await new VideoRepository(db).create(account.accountId, {
      prompt: 'A lighthouse at dusk.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: undefined,
    });
    videoId = video.id;
  });

  afterAll(async () => {
    // Whatever failed above, PostgreSQL must run again before anything tries to stop it.
    thaw();
    await stack?.stop();
    await db?.destroy();
    await postgres?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function timed(p: string): Promise<ApiResponse & { ms: number }> {
    const started = performance.now();
    // Bounded here too, so the spec fails (instead of hanging) while the api hangs.
    const res = await fetch(`${stack.baseUrl}${p}`, {
      headers: { 'X-Api-Key': account.key },
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    const ms = Math.round(performance.now() - started);
    process.stderr.write(`[database-timeouts] GET ${p.split('?')[0]} → ${res.status} in ${ms} ms\n`);
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text, ms };
  }

  function expectDatabaseError(res: ApiResponse & { ms: number }): void {
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      error: {
        code: 'DATABASE_ERROR',
        message: 'A database operation failed',
        request_id: res.headers.get('x-request-id'),
      },
    });
    expect(res.ms).toBeLessThan(TIMEOUT_MS + MARGIN_MS);
  }

  it('answers 500 DATABASE_ERROR within DATABASE_TIMEOUT_MS while frozen and 200 again once it runs', async () => {
    expect((await timed(`/videos/${videoId}`)).status).toBe(200);
    expect((await timed('/videos')).status).toBe(200);

    thaw = freezePostgres(path.join(dir, 'postgres'));
    try {
      // Pooled connections whose server went silent: the key lookup of the auth guard hangs first.
      expectDatabaseError(await timed(`/videos/${videoId}`));
      expectDatabaseError(await timed('/videos'));
      // More requests at once than the pool has connections: new connections and waits for one.
      const burst = await Promise.all(Array.from({ length: 14 }, () => timed(`/videos/${videoId}`)));
      for (const res of burst) expectDatabaseError(res);
    } finally {
      thaw();
    }

    const resumed = performance.now();
    let res = await timed(`/videos/${videoId}`);
    while (res.status !== 200 && performance.now() - resumed < 10_000) {
      await new Promise((r) => setTimeout(r, 200));
      res = await timed(`/videos/${videoId}`);
    }
    const recoveryMs = Math.round(performance.now() - resumed);
    process.stderr.write(`[database-timeouts] recovered in ${recoveryMs} ms\n`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(videoId);
    expect(recoveryMs).toBeLessThan(5000);
    expect((await timed('/videos')).status).toBe(200);
  });
});
