import { sql } from '@vidgen/db';
import { type Stack } from '@vidgen/stack-harness';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { events, finished, waitForVideo } from '../../../test/support/videos';

describe('exactly-once refunds', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startOwnStack('refund-durability', {
      env: { VIDGEN_FAULT_INJECTION: '1', RATE_LIMIT_PER_MINUTE: '1000000' },
    });
  });
  afterAll(() => stack?.stop());

  it('a worker killed between a scene failure and its refund: after restart the refund happens exactly once', async () => {
    const account = await createAccount({ credits: 10, baseUrl: stack.baseUrl });
    const created = await account.api.post('/videos', {
      prompt: 'One scene that will not draw.',
      scene_count: 1,
      auto_approve: true,
      faults: { visualising: { fail_scenes: [1] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await waitForVideo(account.api, id, (v) => v.status === 'visualising' || finished(v));

    // Hold the account row: the refund's ledger append will block on it, mid-transaction.
    const blocker = new pg.Client({ connectionString: inject('stack').databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select id from accounts where id = $1 for update', [account.accountId]);
      // Wait until a session is blocked behind ours: the refund's ledger append, or the scene's
      // narration (made beside the failing picture), whose asset row refers to the account.
      // (pg_stat_activity may still show that session's previous statement, so match on the blocker.)
      const deadline = Date.now() + 60_000;
      for (;;) {
        // Inside a transaction PostgreSQL reads the backends once and keeps them: a session the
        // worker opened after the first look would never show. Each look starts afresh.
        await blocker.query('select pg_stat_clear_snapshot()');
        const { rows } = await blocker.query(
          'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
        );
        if (rows[0].n > 0) break;
        if (Date.now() > deadline) throw new Error('the refund never reached the ledger');
        await new Promise((r) => setTimeout(r, 100));
      }
      // The refund is in flight: kill its worker, start another, then let the database go.
      await stack.worker!.kill();
      await stack.startWorker();
    } finally {
      await blocker.query('commit').catch(() => undefined);
      await blocker.end();
    }

    const failed = await waitForVideo(account.api, id, finished, 120_000);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason.code).toBe('IMAGE_GENERATION_ERROR');
    expect(failed.credits_charged).toBe(2);
    expect(failed.credits_refunded).toBe(1);
    const { rows } = await sql<{ kind: string; amount: number }>`
      select kind, amount from ledger_events where video_id = ${id} order by created_at`.execute(testDb());
    expect(rows.filter((r) => r.kind === 'refunded')).toEqual([{ kind: 'refunded', amount: 1 }]);
    expect((await account.api.get('/credits')).body.balance).toBe(10 - 2 + 1);
    expect((await events(account.api, id)).filter((e: any) => e.type === 'refunded')).toHaveLength(1);
  }, 180_000);
});
