import { sql } from '@vidgen/db';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { createVideo, finished, waitForVideo } from '../../../test/support/videos';
import { type CliResult, cli, cliWithEnv, ok, singleJsonObject, UUID } from './support/cli';

const FIELDS = ['account_id', 'failure_reason', 'id', 'stage', 'status', 'updated_at'];
const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;

/** Rows written straight into the table: states the pipeline reaches only after a long time or a crash. */
async function insertVideos(
  accountId: string,
  count: number,
  row: { status: string; stage: string | null; failureCode?: string; ageSeconds: number },
): Promise<string[]> {
  const failure = row.failureCode
    ? JSON.stringify({ code: row.failureCode, message: 'drill', stage: row.stage })
    : null;
  const { rows } = await sql<{ id: string }>`
    insert into videos (account_id, prompt, status, stage, scene_count, options, failure_reason,
                        workflow_started_at, updated_at)
    select ${accountId}, 'ops drill', ${row.status}, ${row.stage}, 1, '{}'::jsonb, ${failure}::jsonb,
           now(), now() - make_interval(secs => ${row.ageSeconds})
      from generate_series(1, ${count})
    returning id`.execute(testDb());
  return rows.map((r) => r.id);
}

/** `ops stuck` also asks Temporal for each video's workflow. */
const withTemporal = (...args: string[]): Promise<CliResult> =>
  cliWithEnv(
    {
      ...process.env,
      DATABASE_URL: inject('stack').databaseUrl,
      TEMPORAL_ADDRESS: inject('stack').temporalAddress,
      LOG_LEVEL: 'warn',
    },
    ...args,
  );
const okWithTemporal = async (...args: string[]) => {
  const res = await withTemporal(...args);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  return singleJsonObject(res);
};

const ids = (out: Record<string, unknown>) => (out.videos as { id: string }[]).map((v) => v.id);

describe('vidgen ops failed / ops stuck', () => {
  let accountId: string;
  let failedId: string;

  beforeAll(async () => {
    const account = await createAccount({ credits: 20 });
    accountId = account.accountId;
    const created = await createVideo(account.api, {
      prompt: 'A lighthouse at dusk. The lamp turns over the sea.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    });
    const failed = await waitForVideo(account.api, created.id, finished);
    expect(failed.failure_reason.code).toBe('AUDIO_GENERATION_ERROR');
    failedId = failed.id;
  }, 180_000);

  it('failed --code lists a video failed by fault injection with exactly the documented fields', async () => {
    const out = await ok('ops', 'failed', '--since', '1h', '--code', 'AUDIO_GENERATION_ERROR', '--json');
    expect(Object.keys(out)).toEqual(['videos']);
    const mine = (out.videos as Record<string, any>[]).find((v) => v.id === failedId);
    expect(mine).toBeDefined();
    expect(Object.keys(mine!).sort()).toEqual(FIELDS);
    expect(mine).toMatchObject({
      account_id: accountId,
      status: 'failed',
      stage: 'narrating',
      failure_reason: { code: 'AUDIO_GENERATION_ERROR', stage: 'narrating' },
    });
    expect(mine!.updated_at).toMatch(NAIVE_MICROS);
    for (const v of out.videos as Record<string, any>[])
      expect(v.failure_reason.code).toBe('AUDIO_GENERATION_ERROR');
  });

  it('failed leaves out other codes and failures older than --since', async () => {
    expect(ids(await ok('ops', 'failed', '--code', 'render_timeout', '--json'))).not.toContain(failedId);
    const [old] = await insertVideos(accountId, 1, {
      status: 'failed',
      stage: 'rendering',
      failureCode: 'RENDER_TIMEOUT',
      ageSeconds: 3 * 3600,
    });
    expect(ids(await ok('ops', 'failed', '--since', '2h', '--json'))).not.toContain(old);
    const week = ids(await ok('ops', 'failed', '--since', '1d', '--code', 'RENDER_TIMEOUT', '--json'));
    expect(week).toContain(old);
    expect(week).not.toContain(failedId);
  });

  it('failed prints a table for people, with the failure code', async () => {
    const res = await cli('ops', 'failed', '--since', '1h', '--code', 'AUDIO_GENERATION_ERROR');
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+ACCOUNT\s+STATUS\s+STAGE\s+CODE\s+UPDATED \(UTC\)$/);
    const line = lines.find((l) => l.startsWith(failedId));
    expect(line).toMatch(
      /failed\s+narrating\s+AUDIO_GENERATION_ERROR\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect(lines.at(-1)).toMatch(/^\d+ videos?$/);
  });

  it('stuck lists videos in progress unchanged for longer than --older-than, with their workflow state', async () => {
    const [stuck] = await insertVideos(accountId, 1, {
      status: 'rendering',
      stage: 'rendering',
      ageSeconds: 2 * 3600,
    });
    const [recent] = await insertVideos(accountId, 1, {
      status: 'narrating',
      stage: 'narrating',
      ageSeconds: 60,
    });
    const out = await okWithTemporal('ops', 'stuck', '--older-than', '1h30m', '--json');
    const row = (out.videos as Record<string, any>[]).find((v) => v.id === stuck);
    expect(row).toMatchObject({ id: stuck, account_id: accountId, status: 'rendering', stage: 'rendering' });
    expect(row!.failure_reason).toBeNull();
    expect(row!.updated_at).toMatch(NAIVE_MICROS);
    // No workflow was ever started for this row: exactly what an operator needs to see.
    expect(row!.workflow_status).toBe('NOT_FOUND');
    expect(ids(out)).not.toContain(recent);
    expect(ids(out)).not.toContain(failedId);
    expect(ids(await okWithTemporal('ops', 'stuck', '--older-than', '3h', '--json'))).not.toContain(stuck);
    expect(ids(await okWithTemporal('ops', 'stuck', '--json'))).toContain(stuck); // default 30m

    const table = await withTemporal('ops', 'stuck', '--older-than', '1h');
    expect(table.stdout).toMatch(
      new RegExp(`^${stuck}\\s+${accountId}\\s+rendering\\s+rendering\\s+-\\s+.+NOT_FOUND$`, 'm'),
    );
  });

  it('a long list keeps stdout one JSON object and reports progress on stderr', async () => {
    const drill = `DRILL_${Date.now()}`;
    const inserted = await insertVideos(accountId, 501, {
      status: 'failed',
      stage: 'curating',
      failureCode: drill,
      ageSeconds: 5,
    });
    const res = await cli('ops', 'failed', '--code', drill, '--json');
    expect(res.code, res.stderr).toBe(0);
    const out = singleJsonObject(res);
    expect(ids(out).sort()).toEqual([...inserted].sort());
    expect(new Set(ids(out)).size).toBe(501);
    for (const id of ids(out)) expect(id).toMatch(UUID);
    expect(res.stderr).toContain('read 500 videos');
  });

  it('refuses a duration it cannot read, saying what it expects', async () => {
    const res = await cli('ops', 'failed', '--since', 'yesterday', '--json');
    expect(res.code).not.toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain('is not a duration such as 90s, 30m, 24h, 1h30m or 7d');
  });
});
