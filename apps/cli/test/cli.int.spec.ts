import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, StackStateFile } from '@vidgen/devstack';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { ApiClient, testDb } from '../../../test/support/api';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the real CLI as an operator would, against the run's database. */
function cli(...args: string[]): Promise<CliResult> {
  return cliWithEnv(
    { ...process.env, DATABASE_URL: inject('stack').databaseUrl, LOG_LEVEL: 'warn' },
    ...args,
  );
}

async function cliWithEnv(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['-r', '@swc-node/register', path.join(REPO_ROOT, 'apps/cli/src/main.ts'), ...args],
      { cwd: REPO_ROOT, env, timeout: 30_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : -1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** With --json, exactly one JSON object on stdout (apps/cli/README.md). */
function singleJsonObject(res: CliResult): Record<string, unknown> {
  const lines = res.stdout.split('\n').filter((l) => l.trim() !== '');
  expect(lines, res.stdout + res.stderr).toHaveLength(1);
  const parsed = JSON.parse(lines[0]!);
  expect(typeof parsed).toBe('object');
  expect(Array.isArray(parsed)).toBe(false);
  expect(parsed).not.toBeNull();
  return parsed;
}

async function ok(...args: string[]): Promise<Record<string, unknown>> {
  const res = await cli(...args);
  expect(res.code, `${args.join(' ')}\n${res.stdout}${res.stderr}`).toBe(0);
  return singleJsonObject(res);
}

const api = () => new ApiClient(inject('stack').apiBaseUrl);

describe('vidgen CLI', () => {
  describe('accounts create', () => {
    it('prints {id, name, plan, credits} with the defaults free and 0', async () => {
      const name = `cli-${randomUUID().slice(0, 8)}`;
      const out = await ok('accounts', 'create', '--name', name, '--json');
      expect(Object.keys(out).sort()).toEqual(['credits', 'id', 'name', 'plan']);
      expect(out).toEqual({ id: expect.stringMatching(UUID), name, plan: 'free', credits: 0 });
      const row = await testDb()
        .selectFrom('accounts')
        .select(['name', 'plan', 'credits_balance'])
        .where('id', '=', out.id as string)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ name, plan: 'free', credits_balance: 0 });
    });

    it('takes --plan and --credits, granting the credits through the ledger', async () => {
      const out = await ok(
        'accounts',
        'create',
        '--name',
        'Pro Co',
        '--plan',
        'pro',
        '--credits',
        '25',
        '--json',
      );
      expect(out).toEqual({ id: expect.stringMatching(UUID), name: 'Pro Co', plan: 'pro', credits: 25 });
      const events = await testDb()
        .selectFrom('ledger_events')
        .select(['kind', 'amount', 'balance_after'])
        .where('account_id', '=', out.id as string)
        .execute();
      expect(events).toEqual([{ kind: 'granted', amount: 25, balance_after: 25 }]);
    });

    it('refuses an unknown plan and creates nothing', async () => {
      const name = `bad-plan-${randomUUID().slice(0, 8)}`;
      const res = await cli('accounts', 'create', '--name', name, '--plan', 'gold', '--json');
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(/gold/);
      const rows = await testDb().selectFrom('accounts').select('id').where('name', '=', name).execute();
      expect(rows).toEqual([]);
    });

    it('prints a human line without --json', async () => {
      const res = await cli('accounts', 'create', '--name', 'Human Co');
      expect(res.code).toBe(0);
      expect(res.stdout).toMatch(/^account [0-9a-f-]{36} \(Human Co, free\) with 0 credits\n$/);
    });
  });

  describe('keys', () => {
    let accountId: string;

    beforeAll(async () => {
      accountId = (await ok('accounts', 'create', '--name', 'Key Co', '--json')).id as string;
    });

    it('create prints {id, key, scopes} and the key works against the api', async () => {
      const out = await ok(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:read, callbacks:write',
        '--name',
        'ci',
        '--json',
      );
      expect(Object.keys(out).sort()).toEqual(['id', 'key', 'scopes']);
      expect(out.id).toMatch(UUID);
      expect(out.key).toMatch(/^vg_[A-Za-z0-9_-]{43}$/);
      expect(out.scopes).toEqual(['callbacks:read', 'callbacks:write']);

      const client = api().withKey(out.key as string);
      const created = await client.post('/callbacks', {
        url: `https://93.184.216.34/hooks/${randomUUID()}`,
        event: 'video.completed',
      });
      expect(created.status, created.text).toBe(201);
      expect(created.body.user_id).toBe(accountId);
      const listed = await client.get('/callbacks');
      expect(listed.status).toBe(200);
      expect(listed.body.map((w: { id: string }) => w.id)).toContain(created.body.id);
    });

    it('stores only a hash of the key', async () => {
      const out = await ok('keys', 'create', '--account', accountId, '--scopes', 'videos:read', '--json');
      const row = await testDb()
        .selectFrom('api_keys')
        .select(['key_hash', 'prefix', 'name'])
        .where('id', '=', out.id as string)
        .executeTakeFirstOrThrow();
      expect(row.key_hash).not.toContain((out.key as string).slice(3));
      expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
      expect((out.key as string).startsWith(row.prefix)).toBe(true);
    });

    it('create gives a key only the scopes it names', async () => {
      const out = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      const client = api().withKey(out.key as string);
      expect((await client.get('/callbacks')).status).toBe(200);
      const refused = await client.post('/callbacks', {
        url: `https://93.184.216.34/hooks/${randomUUID()}`,
        event: 'video.failed',
      });
      expect(refused.status).toBe(403);
      expect(refused.body.error.code).toBe('FORBIDDEN');
    });

    it('create with --expires-in-days sets the expiry', async () => {
      const out = await ok(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:*',
        '--expires-in-days',
        '2',
        '--json',
      );
      const row = await testDb()
        .selectFrom('api_keys')
        .select('expires_at')
        .where('id', '=', out.id as string)
        .executeTakeFirstOrThrow();
      const expires = Date.parse(row.expires_at!.replace(' ', 'T').replace(/\+00$/, 'Z'));
      expect(Math.abs(expires - (Date.now() + 2 * 86_400_000))).toBeLessThan(5 * 60_000);
      expect(
        (
          await api()
            .withKey(out.key as string)
            .get('/callbacks')
        ).status,
      ).toBe(200);
    });

    it('create refuses an unknown scope with one JSON error object and exit code 1', async () => {
      const res = await cli(
        'keys',
        'create',
        '--account',
        accountId,
        '--scopes',
        'callbacks:read,admin:*',
        '--json',
      );
      expect(res.code).toBe(1);
      const out = singleJsonObject(res);
      expect(out).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: expect.any(String),
          details: [{ loc: ['scopes'], msg: expect.stringContaining('admin:*') }],
        },
      });
    });

    it('create refuses an unknown account', async () => {
      const res = await cli('keys', 'create', '--account', randomUUID(), '--scopes', 'videos:read', '--json');
      expect(res.code).toBe(1);
      expect(singleJsonObject(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });

    it('revoke makes the key answer 401 INVALID_TOKEN', async () => {
      const created = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:*', '--json');
      const client = api().withKey(created.key as string);
      expect((await client.get('/callbacks')).status).toBe(200);

      const revoked = await ok('keys', 'revoke', '--key-id', created.id as string, '--json');
      expect(revoked).toEqual({ id: created.id, revoked: true });

      const res = await client.get('/callbacks');
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('INVALID_TOKEN');
    });

    it('revoke leaves the account’s other keys working', async () => {
      const keep = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      const drop = await ok('keys', 'create', '--account', accountId, '--scopes', 'callbacks:read', '--json');
      await ok('keys', 'revoke', '--key-id', drop.id as string, '--json');
      expect(
        (
          await api()
            .withKey(keep.key as string)
            .get('/callbacks')
        ).status,
      ).toBe(200);
    });

    it('revoke refuses an unknown key id', async () => {
      const res = await cli('keys', 'revoke', '--key-id', randomUUID(), '--json');
      expect(res.code).toBe(1);
      expect(singleJsonObject(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });

  describe('credits grant', () => {
    it('prints {balance} and adds up across grants, each a ledger event', async () => {
      const account = await ok('accounts', 'create', '--name', 'Credit Co', '--credits', '5', '--json');
      const id = account.id as string;
      expect(await ok('credits', 'grant', '--account', id, '--amount', '10', '--json')).toEqual({
        balance: 15,
      });
      expect(
        await ok(
          'credits',
          'grant',
          '--account',
          id,
          '--amount',
          '7',
          '--reason',
          'support ticket 42',
          '--json',
        ),
      ).toEqual({ balance: 22 });
      const events = await testDb()
        .selectFrom('ledger_events')
        .select(['kind', 'amount', 'balance_after', 'reason'])
        .where('account_id', '=', id)
        .orderBy('created_at')
        .orderBy('balance_after')
        .execute();
      expect(events.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
        ['granted', 5, 5],
        ['granted', 10, 15],
        ['granted', 7, 22],
      ]);
      expect(events[2]!.reason).toBe('support ticket 42');
    });

    it.each([['0'], ['-3'], ['2.5'], ['ten']])('refuses --amount %s', async (amount) => {
      const account = await ok('accounts', 'create', '--name', 'Zero Co', '--json');
      const res = await cli(
        'credits',
        'grant',
        '--account',
        account.id as string,
        '--amount',
        amount,
        '--json',
      );
      expect(res.code).not.toBe(0);
      const row = await testDb()
        .selectFrom('accounts')
        .select('credits_balance')
        .where('id', '=', account.id as string)
        .executeTakeFirstOrThrow();
      expect(row.credits_balance).toBe(0);
    });

    it('refuses an unknown account', async () => {
      const res = await cli('credits', 'grant', '--account', randomUUID(), '--amount', '5', '--json');
      expect(res.code).toBe(1);
      expect(singleJsonObject(res)).toMatchObject({ error: { code: 'NOT_FOUND' } });
    });
  });
});

describe('vidgen CLI without DATABASE_URL (found the way npm start finds it)', () => {
  let dataDir: string;
  /** The environment of an operator who exported nothing but, perhaps, DATA_DIR. */
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-cli-'));
    env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.DATABASE_URL;
    delete env.TEMPORAL_ADDRESS;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('uses the database and Temporal that a running `npm start` recorded under DATA_DIR', async () => {
    // This test process stands in for the running supervisor: the file names a live pid.
    new StackStateFile(dataDir).update({
      databaseUrl: inject('stack').databaseUrl,
      temporalAddress: inject('stack').temporalAddress,
    });
    const name = `no-env-${randomUUID().slice(0, 8)}`;
    const res = await cliWithEnv(env, 'accounts', 'create', '--name', name, '--credits', '4', '--json');
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const out = singleJsonObject(res);
    const row = await testDb()
      .selectFrom('accounts')
      .select(['name', 'credits_balance'])
      .where('id', '=', out.id as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name, credits_balance: 4 });

    const stuck = await cliWithEnv(env, 'ops', 'stuck', '--json');
    expect(stuck.code, stuck.stdout + stuck.stderr).toBe(0);
    expect(singleJsonObject(stuck)).toEqual({ videos: expect.any(Array) });
  });

  it('says that neither exists when no `npm start` runs under DATA_DIR, even if one left its file behind', async () => {
    const message = `no DATABASE_URL and no running \`npm start\` under DATA_DIR=${dataDir}`;
    const none = await cliWithEnv(env, 'accounts', 'create', '--name', 'nobody', '--json');
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(none.stderr).toContain(message);

    const deadPid = spawnSync(process.execPath, ['-e', '0']).pid;
    new StackStateFile(dataDir, deadPid).update({ databaseUrl: inject('stack').databaseUrl });
    const stale = await cliWithEnv(env, 'credits', 'grant', '--account', randomUUID(), '--amount', '1');
    expect(stale).toMatchObject({ code: 1, stdout: '' });
    expect(stale.stderr).toContain(message);

    const ops = await cliWithEnv(
      { ...env, DATABASE_URL: inject('stack').databaseUrl },
      'ops',
      'retry',
      '--video',
      randomUUID(),
    );
    expect(ops.code).toBe(1);
    expect(ops.stderr).toContain(
      `no TEMPORAL_ADDRESS and no running \`npm start\` under DATA_DIR=${dataDir}`,
    );
  });
});
