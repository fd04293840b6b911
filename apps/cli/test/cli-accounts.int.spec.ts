import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StackStateFile } from '@vidgen/devstack';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { cli, cliWithEnv, ok, singleJsonObject, UUID } from './support/cli';

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
