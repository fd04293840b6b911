import { randomUUID } from 'node:crypto';
import { sql } from '@vidgen/db';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { IdempotencyStore, requestHash } from '../src';

async function newAccount(): Promise<string> {
  const row = await testDb()
    .insertInto('accounts')
    .values({ name: `idem-${randomUUID().slice(0, 8)}`, plan: 'free' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function age(accountId: string, key: string, interval: string): Promise<void> {
  await sql`update idempotency_keys set created_at = now() - ${interval}::interval
    where account_id = ${accountId} and key = ${key}`.execute(testDb());
}

afterAll(async () => {
  await testDb().destroy();
});

describe('Idempotency-Key store on PostgreSQL', () => {
  it('frees a key whose request died without answering, once the pending window has passed', async () => {
    const store = new IdempotencyStore(testDb(), { pendingSeconds: 60 });
    const accountId = await newAccount();
    const hash = requestHash({ prompt: 'x' });
    expect(await store.claim(accountId, 'POST /videos', 'k1', hash)).toEqual({ kind: 'new' });
    // The handler died: no complete(), no release(). Within the window the key is still busy…
    await expect(store.claim(accountId, 'POST /videos', 'k1', hash)).rejects.toThrow(/still being processed/);
    // …after it, the same request runs again.
    await age(accountId, 'k1', '61 seconds');
    expect(await store.claim(accountId, 'POST /videos', 'k1', hash)).toEqual({ kind: 'new' });
  });

  it('keeps replaying a completed key for 24 hours however old the claim is within them', async () => {
    const store = new IdempotencyStore(testDb(), { pendingSeconds: 60 });
    const accountId = await newAccount();
    const hash = requestHash({ prompt: 'y' });
    await store.claim(accountId, 'POST /videos', 'k2', hash);
    await store.complete(accountId, 'POST /videos', 'k2', 201, { id: 'v1' });
    await age(accountId, 'k2', '23 hours');
    expect(await store.claim(accountId, 'POST /videos', 'k2', hash)).toEqual({
      kind: 'replay',
      statusCode: 201,
      body: { id: 'v1' },
    });
  });

  it('prunes the keys of every account once they have expired, and only those', async () => {
    const store = new IdempotencyStore(testDb());
    const [a, b] = [await newAccount(), await newAccount()];
    for (const [account, key] of [
      [a, 'old'],
      [b, 'old'],
      [a, 'fresh'],
    ] as const) {
      await store.claim(account, 'POST /credits/purchase', key, requestHash({}));
    }
    await age(a, 'old', '25 hours');
    await age(b, 'old', '25 hours');
    expect(await store.prune()).toBeGreaterThanOrEqual(2);
    const left = await testDb()
      .selectFrom('idempotency_keys')
      .select(['account_id', 'key'])
      .where('account_id', 'in', [a, b])
      .execute();
    expect(left).toEqual([{ account_id: a, key: 'fresh' }]);
  });
});

describe('indexes for the hot bookkeeping queries', () => {
  /** The plan PostgreSQL picks when it may not scan a whole table if an index serves. */
  async function planOf(query: string): Promise<string> {
    return testDb()
      .connection()
      .execute(async (conn) => {
        await sql`set enable_seqscan = off`.execute(conn);
        try {
          const { rows } = await sql.raw<{ 'QUERY PLAN': string }>(`explain ${query}`).execute(conn);
          return rows.map((r) => r['QUERY PLAN']).join('\n');
        } finally {
          await sql`reset enable_seqscan`.execute(conn);
        }
      });
  }

  it("sums a video's charges through an index on ledger_events.video_id", async () => {
    const plan = await planOf(
      `select item, sum(amount) from ledger_events where video_id = '${randomUUID()}' and kind in ('charged', 'refunded') group by item`,
    );
    expect(plan).toMatch(/Index|Bitmap/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it("counts an account's in-progress videos without walking its other videos", async () => {
    // An account with a long history: hundreds of finished videos, two in progress.
    const accountId = await newAccount();
    await testDb()
      .insertInto('videos')
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          account_id: accountId,
          prompt: 'An old video',
          scene_count: 1,
          options: '{}',
          status: i < 2 ? ('rendering' as const) : ('completed' as const),
        })),
      )
      .execute();
    await sql`analyze videos`.execute(testDb());
    const plan = await planOf(
      `select count(*) from videos where account_id = '${accountId}' and deleted_at is null
       and status in ('pending', 'scripting', 'refining', 'visualising', 'narrating', 'curating', 'rendering')
       and awaiting_approval = false`,
    );
    expect(plan).toMatch(/videos_in_progress_idx/);
  });
});
