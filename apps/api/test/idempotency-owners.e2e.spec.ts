import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort, nodeEntry, REPO_ROOT, stopChild, waitFor } from '@vidgen/devstack';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiResponse, createAccount, testDb } from '../../../test/support/api';

/**
 * The api's cluster harness (support/clustered-api.ts): `fork()` starts one more api worker on
 * the same host and port and resolves once it listens.
 */
interface ClusteredApi {
  port: number;
  baseUrl: string;
  fork(): Promise<void>;
  stop(): Promise<void>;
  output(): string;
}

async function startClusteredApi(env: NodeJS.ProcessEnv): Promise<ClusteredApi> {
  const port = await freePort();
  const entry = nodeEntry('apps/api/test/support/clustered-api.ts', false);
  const child: ChildProcess = spawn(process.execPath, [...entry.args, entry.file], {
    cwd: REPO_ROOT,
    env: {
      ...entry.env,
      ...process.env,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      API_METRICS_PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  const keep = (b: Buffer) => {
    out = (out + b.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    output: () => out,
    fork: () =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no api worker listened:\n${out}`)), 120_000);
        const onMessage = (msg: unknown) => {
          if (!msg || typeof msg !== 'object' || !('listening' in msg)) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          resolve();
        };
        child.on('message', onMessage);
        child.send('fork');
      }),
    stop: () => stopChild(child, 25_000),
  };
}

/**
 * Idempotency-Key claims name the api process that holds them (docs/credits.md#idempotency-keys,
 * docs/decisions/0049-idempotency-claim-owners.md). Replicas may share a host name, and the
 * workers of a cluster share a host and a port: nothing an instance starts may free a claim of
 * another instance that is still running the request.
 */
describe('Idempotency-Key claims of api instances on one host and port', () => {
  const ctx = inject('stack');
  let api: ClusteredApi;
  let locker: pg.Client | undefined;

  beforeAll(async () => {
    api = await startClusteredApi({
      DATABASE_URL: ctx.databaseUrl,
      TEMPORAL_ADDRESS: ctx.temporalAddress,
      // No worker polls this queue: a create only needs Temporal to accept the workflow's start.
      TEMPORAL_TASK_QUEUE: `idempotency-owners-${Date.now()}`,
      DATA_DIR: path.join(ctx.dataDir, 'idempotency-owners'),
      // The create held on the account's lock below waits for it rather than failing.
      DATABASE_TIMEOUT_MS: '120000',
    });
    await api.fork();
  });
  afterAll(async () => {
    await locker?.end().catch(() => undefined);
    await api?.stop();
  });

  it("a restarting api instance never frees a live instance's claim", async () => {
    const account = await createAccount({ baseUrl: api.baseUrl, credits: 50 });
    const body = { prompt: 'How tides follow the moon', scene_count: 1 };
    const headers = { 'Idempotency-Key': `tides-${Date.now()}` };
    const create = (): Promise<ApiResponse> => account.api.post('/videos', body, headers);
    const claim = () =>
      testDb()
        .selectFrom('idempotency_keys')
        .select(['owner', 'status_code'])
        .where('account_id', '=', account.accountId)
        .where('key', '=', headers['Idempotency-Key'])
        .executeTakeFirst();

    // Instance A runs the create, and keeps running it: the account's row is locked here as the
    // create locks it (FOR NO KEY UPDATE: the claim's foreign-key check still passes).
    locker = new pg.Client({ connectionString: ctx.databaseUrl });
    await locker.connect();
    await locker.query('begin');
    await locker.query('select 1 from accounts where id = $1 for no key update', [account.accountId]);
    const first = create();
    await waitFor(async () => (await claim()) !== undefined, {
      timeoutMs: 30_000,
      what: 'the first create to claim its key',
    });

    // Instance B starts on the same host and port, while A's create is in flight. Whatever its
    // start-up frees, it has done within the moment after it listens.
    await api.fork();
    await waitFor(async () => (await claim()) === undefined, { timeoutMs: 2000, what: '' }).catch(
      () => undefined,
    );
    expect(await claim()).toMatchObject({ status_code: null });
    // Two instances, one host and port: each under an id of its own.
    const instances = await testDb()
      .selectFrom('api_instances')
      .select(['id', 'host'])
      .where('port', '=', api.port)
      .execute();
    expect(new Set(instances.map((i) => i.host)).size).toBe(1);
    expect(new Set(instances.map((i) => i.id)).size).toBe(2);

    // The client repeats the create: the key is still in use, so the repeat is refused and
    // creates nothing (it is not left waiting behind the lock either).
    const retry = create();
    const early = await Promise.race([retry, new Promise((r) => setTimeout(r, 5000, undefined))]);
    await locker.query('commit');
    const [answered, retried] = await Promise.all([first, retry]);
    expect({ status: retried.status, code: retried.body?.error?.code }).toEqual({
      status: 409,
      code: 'CONFLICT',
    });
    expect(answered.status).toBe(201);
    const videos = await testDb()
      .selectFrom('videos')
      .select('id')
      .where('account_id', '=', account.accountId)
      .execute();
    expect(videos.map((v) => v.id)).toEqual([answered.body.id]);
    expect(early).toBeDefined();

    // Once A has answered, the repeat gets A's video.
    const replay = await create();
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.id).toBe(answered.body.id);
  });

  it('api instances stopped by SIGTERM end their leases and leave no row', async () => {
    const rows = () =>
      testDb().selectFrom('api_instances').select('id').where('port', '=', api.port).execute();
    expect(await rows()).toHaveLength(2);
    await api.stop();
    expect(await rows()).toEqual([]);
  });
});
