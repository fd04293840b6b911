import { randomUUID } from 'node:crypto';
import { sql } from '@vidgen/db';
import { describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { atGate, finished, waitForVideo } from '../../../test/support/videos';

async function ledgerRows(accountId: string) {
  const { rows } = await sql<{
    kind: string;
    amount: number;
    balance_after: number;
    item: string | null;
    video_id: string | null;
  }>`
    select kind, amount, balance_after, item, video_id from ledger_events where account_id = ${accountId} order by created_at, id`.execute(
    testDb(),
  );
  return rows;
}

async function balance(accountId: string): Promise<number> {
  const { rows } = await sql<{
    credits_balance: number;
  }>`select credits_balance from accounts where id = ${accountId}`.execute(testDb());
  return rows[0]!.credits_balance;
}

describe('credits', () => {
  it('GET /credits shows balance and plan; the ledger lists events newest first with pagination', async () => {
    const a = await createAccount({ credits: 7, plan: 'free' });
    expect((await a.api.get('/credits')).body).toEqual({ balance: 7, plan: 'free' });
    await a.api.post('/credits/purchase', { plan: 'starter', payment_token: 'tok_test_ok_1' });
    await a.api.post('/credits/purchase', { plan: 'pro', payment_token: 'tok_test_ok_2' });
    const first = await a.api.get('/credits/ledger?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.map((e: any) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['purchased', 1000, 1107],
      ['purchased', 100, 107],
    ]);
    expect(first.body.data[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/);
    const second = await a.api.get(`/credits/ledger?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.status).toBe(200);
    expect(second.body.data.map((e: any) => e.kind)).toEqual(['granted']);
    expect(second.body.next_cursor).toBeNull();
    expect((await a.api.get('/credits')).body).toEqual({ balance: 1107, plan: 'pro' });
  });

  it('purchase: unknown plan → 400 INVALID_PLAN, declined token → 400 PAYMENT_FAILED, nothing credited', async () => {
    const a = await createAccount({ credits: 0 });
    const unknown = await a.api.post('/credits/purchase', { plan: 'platinum', payment_token: 'tok_test_ok' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('INVALID_PLAN');
    const declined = await a.api.post('/credits/purchase', {
      plan: 'starter',
      payment_token: 'tok_declined',
    });
    expect(declined.status).toBe(400);
    expect(declined.body.error.code).toBe('PAYMENT_FAILED');
    const missing = await a.api.post('/credits/purchase', { plan: 'starter' });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0].loc).toEqual(['body', 'payment_token']);
    expect(await balance(a.accountId)).toBe(0);
    expect(await ledgerRows(a.accountId)).toEqual([]);
  });

  it('one payment credits one purchase anywhere: replayed by its account it returns the first result, by another it is refused', async () => {
    const a = await createAccount({ credits: 0 });
    const b = await createAccount({ credits: 0 });
    const body = { plan: 'starter', payment_token: `tok_test_ok_${randomUUID()}` };
    const first = await a.api.post('/credits/purchase', body);
    expect(first.status, first.text).toBe(200);
    const stolen = await b.api.post('/credits/purchase', body);
    expect(stolen.status, stolen.text).toBe(400);
    expect(stolen.body.error.code).toBe('PAYMENT_FAILED');
    expect((await b.api.get('/credits')).body.balance).toBe(0);
    const replay = await a.api.post('/credits/purchase', body);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect((await a.api.get('/credits')).body.balance).toBe(100);
  });

  it('two accounts racing with one payment: exactly one is credited', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => createAccount({ credits: 0 })));
    const body = { plan: 'starter', payment_token: `tok_test_ok_${randomUUID()}` };
    const answers = await Promise.all(accounts.map((x) => x.api.post('/credits/purchase', body)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400, 400]);
    const balances = await Promise.all(accounts.map(async (x) => (await x.api.get('/credits')).body.balance));
    expect(balances.sort((x, y) => x - y)).toEqual([0, 0, 0, 100]);
  });

  it('Idempotency-Key: same key and body replays the first result; another body is 409 CONFLICT', async () => {
    const a = await createAccount({ credits: 0 });
    const body = { plan: 'starter', payment_token: 'tok_test_ok_idem' };
    const headers = { 'Idempotency-Key': 'buy-1' };
    const first = await a.api.post('/credits/purchase', body, headers);
    const again = await a.api.post(
      '/credits/purchase',
      { payment_token: 'tok_test_ok_idem', plan: 'starter' },
      headers,
    );
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await a.api.post(
      '/credits/purchase',
      { plan: 'pro', payment_token: 'tok_test_ok_idem' },
      headers,
    );
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('CONFLICT');
    expect((await ledgerRows(a.accountId)).filter((r) => r.kind === 'purchased')).toHaveLength(1);
    expect(await balance(a.accountId)).toBe(100);

    const v1 = await a.api.post(
      '/videos',
      { prompt: 'Idempotent video.', scene_count: 1 },
      { 'Idempotency-Key': 'v-1' },
    );
    const v2 = await a.api.post(
      '/videos',
      { prompt: 'Idempotent video.', scene_count: 1 },
      { 'Idempotency-Key': 'v-1' },
    );
    expect(v1.status).toBe(201);
    expect(v2.status).toBe(201);
    expect(v2.body.id).toBe(v1.body.id);
    expect((await a.api.get('/videos')).body.data).toHaveLength(1);
    const v3 = await a.api.post(
      '/videos',
      { prompt: 'Another video.', scene_count: 1 },
      { 'Idempotency-Key': 'v-1' },
    );
    expect(v3.status).toBe(409);
  });

  it('concurrent approvals on an account that can pay for exactly one: one 200, the others 402, balance exact', async () => {
    const a = await createAccount({ credits: 2 }); // one 1-scene video costs 1 image + 1 narration
    const ids: string[] = [];
    // Videos at the gate hold the account's slots, so three wait there at once.
    for (let i = 0; i < 3; i++) {
      const res = await a.api.post('/videos', { prompt: `Candidate ${i}: a short clip.`, scene_count: 1 });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    for (const id of ids) await waitForVideo(a.api, id, atGate);
    const results = await Promise.all(ids.map((id) => a.api.post(`/videos/${id}/approve`)));
    const ok = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused) {
      expect(r.body.error.code).toBe('INSUFFICIENT_CREDITS');
      expect(r.body.error.message).toMatch(/2 required, 0 available/);
    }
    expect(await balance(a.accountId)).toBe(0);
    const charges = (await ledgerRows(a.accountId)).filter((r) => r.kind === 'charged');
    expect(charges.reduce((n, r) => n + r.amount, 0)).toBe(-2);
    // The refused videos are untouched: still at the gate, nothing charged.
    const refusedId = ids.find((id) => id !== ok[0]!.body.id)!;
    expect((await a.api.get(`/videos/${refusedId}`)).body).toMatchObject({
      awaiting_approval: true,
      credits_charged: 0,
    });
  });

  it('a scene-image fault refunds exactly 1 credit per failed scene; the retry charges only what is redone', async () => {
    const a = await createAccount({ credits: 50 });
    const created = await a.api.post('/videos', {
      prompt: 'The tide comes in. The tide goes out. The moon pulls the sea.',
      scene_count: 3,
      auto_approve: true,
      faults: { visualising: { fail_scenes: [1, 3] } },
    });
    const failed = await waitForVideo(a.api, created.body.id, finished);
    expect(failed.status).toBe('failed');
    expect(failed.credits_charged).toBe(4);
    expect(failed.credits_refunded).toBe(2);
    const rows = (await ledgerRows(a.accountId)).filter((r) => r.video_id === created.body.id);
    const refunds = rows.filter((r) => r.kind === 'refunded');
    expect(refunds.map((r) => r.amount)).toEqual([1, 1]);
    expect(refunds.every((r) => r.item?.startsWith('image:'))).toBe(true);
    expect(await balance(a.accountId)).toBe(50 - 4 + 2);

    const retry = await a.api.post(`/videos/${created.body.id}/approve`);
    expect(retry.status).toBe(200);
    const done = await waitForVideo(a.api, created.body.id, finished);
    expect(done.status).toBe('completed');
    expect(done.credits_charged).toBe(6); // 4 + the 2 images redone; narration was never refunded
    const retryCharges = (await ledgerRows(a.accountId)).filter((r) => r.kind === 'charged').slice(4);
    expect(retryCharges.map((r) => r.item?.split(':')[0])).toEqual(['image', 'image']);
    expect(await balance(a.accountId)).toBe(50 - 6 + 2);
  });

  it('a narration fault refunds the narration credits, and the retry charges them again', async () => {
    const a = await createAccount({ credits: 50 });
    const created = await a.api.post('/videos', {
      prompt: 'Owls hunt at night. Owls sleep by day.',
      scene_count: 2,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    });
    const failed = await waitForVideo(a.api, created.body.id, finished);
    expect(failed.failure_reason.code).toBe('AUDIO_GENERATION_ERROR');
    expect(failed.credits_charged).toBe(3);
    expect(failed.credits_refunded).toBe(1);
    const refunds = (await ledgerRows(a.accountId)).filter((r) => r.kind === 'refunded');
    expect(refunds).toEqual([expect.objectContaining({ item: 'narration', amount: 1 })]);

    expect((await a.api.post(`/videos/${created.body.id}/approve`)).status).toBe(200);
    const done = await waitForVideo(a.api, created.body.id, finished);
    expect(done.status).toBe('completed');
    expect(done.credits_charged).toBe(4);
    expect(await balance(a.accountId)).toBe(50 - 4 + 1);
  });

  it('the ledger sums to the balance after a randomized run of 50 mixed operations', async () => {
    const a = await createAccount({ credits: 20 });
    let seed = 20261121;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const videos: string[] = [];
    const ops = [
      () => a.api.post('/credits/purchase', { plan: 'starter', payment_token: `tok_test_ok_${rand()}` }),
      () => a.api.post('/credits/purchase', { plan: 'starter', payment_token: 'tok_bad' }),
      () => a.api.post('/credits/purchase', { plan: 'gold', payment_token: 'tok_test_ok' }),
      async () => {
        const faults = [undefined, { visualising: { fail_scenes: [1] } }, { narrating: { fail: true } }][
          Math.floor(rand() * 3)
        ];
        const res = await a.api.post('/videos', {
          prompt: 'Random clip. A second shot. A third shot.',
          scene_count: 1 + Math.floor(rand() * 3),
          auto_approve: true,
          faults,
        });
        if (res.status === 201) videos.push(res.body.id);
        return res;
      },
      async () => {
        const id = videos[Math.floor(rand() * videos.length)];
        return id ? a.api.post(`/videos/${id}/approve`) : a.api.get('/credits');
      },
    ];
    for (let i = 0; i < 50; i++) {
      const res = await ops[Math.floor(rand() * ops.length)]!();
      expect([200, 201, 400, 402, 409, 429]).toContain(res.status);
      if (i % 10 === 9) await Promise.all(videos.map((id) => waitForVideo(a.api, id, finished, 45_000)));
    }
    // Every video here is auto-approved, so it settles only as completed or failed.
    await Promise.all(videos.map((id) => waitForVideo(a.api, id, finished, 45_000)));
    const rows = await ledgerRows(a.accountId);
    const sum = rows.reduce((n, r) => n + r.amount, 0);
    expect(sum).toBe(await balance(a.accountId));
    // Every event's balance_after continues the chain from the one before it.
    let running = 0;
    for (const r of rows) {
      running += r.amount;
      expect(r.balance_after).toBe(running);
      expect(r.balance_after).toBeGreaterThanOrEqual(0);
    }
    expect((await a.api.get('/credits')).body.balance).toBe(sum);
    expect(videos.length).toBeGreaterThan(3);
  }, 240_000);
});
