import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { createDb, type Db, ensureDatabase, migrateToLatest } from '@vidgen/db';
import { freePort, type RunningPostgres, startEmbeddedPostgres } from '@vidgen/devstack';
import { VideoRepository } from '@vidgen/videos';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient } from '../../../test/support/api';
import { type Stack, startStack } from '../../../test/support/processes';

const TIMEOUT_MS = 3000;

/**
 * A database that hangs (its processes stopped, as a frozen VM or a stuck disk would leave it)
 * must not hang the api: every request that needs it answers 500 DATABASE_ERROR within
 * DATABASE_TIMEOUT_MS, and the api recovers by itself when the database does. The api runs
 * against its own embedded PostgreSQL here, so freezing it disturbs nothing else.
 */
describe('a frozen database', () => {
  let dir: string;
  let pg: RunningPostgres;
  let db: Db;
  let stack: Stack;
  let api: ApiClient;
  let videoId: string;
  let pids: number[] = [];

  const signal = (sig: 'STOP' | 'CONT') => {
    for (const pid of pids) {
      try {
        process.kill(pid, `SIG${sig}`);
      } catch {
        // gone already
      }
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-freeze-'));
    chmodSync(dir, 0o755); // PostgreSQL runs as an unprivileged user when the tests run as root
    pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort() });
    await ensureDatabase(pg.url);
    db = createDb(pg.url, { max: 2 });
    await migrateToLatest(db);
    const accounts = new AccountRepository(db);
    const account = await accounts.create({ name: 'freeze', plan: 'pro' });
    const { key } = await new AuthService(new ApiKeyRepository(db), accounts).createKey({
      accountId: account.id,
      scopes: ['videos:*'],
    });
    const video = await new VideoRepository(db).create(account.id, {
      prompt: 'Frozen lakes.',
      sceneCount: 1,
      options: { aspect_ratio: '16:9', voice: null, auto_approve: false },
      faults: null,
    });
    videoId = video.id;
    const ctx = inject('stack');
    stack = await startStack({
      databaseUrl: pg.url,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `freeze-${Date.now()}`,
      dataDir: path.join(dir, 'data'),
      apiOnly: true,
      env: { DATABASE_TIMEOUT_MS: String(TIMEOUT_MS) },
    });
    api = new ApiClient(stack.baseUrl, key);
    const postmaster = Number(readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    const children = execFileSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
    pids = [postmaster, ...children];
  }, 180_000);

  afterAll(async () => {
    signal('CONT');
    await stack?.stop();
    await db?.destroy();
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`answers 500 DATABASE_ERROR within DATABASE_TIMEOUT_MS (${TIMEOUT_MS} ms) while frozen, and recovers when it thaws`, async () => {
    expect((await api.get(`/videos/${videoId}`)).status).toBe(200);
    signal('STOP');
    try {
      for (const path of [`/videos/${videoId}`, '/videos', `/videos/${videoId}/events`]) {
        const started = Date.now();
        const res = await api.get(path);
        const ms = Date.now() - started;
        process.stdout.write(`[freeze] GET ${path.replace(videoId, '{id}')} → ${res.status} in ${ms} ms\n`);
        expect(res.status, res.text).toBe(500);
        expect(res.body.error.code).toBe('DATABASE_ERROR');
        expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
      }
    } finally {
      signal('CONT');
    }
    const thawed = Date.now();
    let status = 0;
    while (Date.now() - thawed < 15_000) {
      status = (await api.get(`/videos/${videoId}`)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    process.stdout.write(`[freeze] answered 200 again ${Date.now() - thawed} ms after the thaw\n`);
    expect(status).toBe(200);
  });
});
