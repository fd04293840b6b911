import { AccountRepository, DashboardSessionRepository, DashboardSessionService } from '@vidgen/auth';
import { sql } from '@vidgen/db';
import { type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createAccount, testDb } from '../../../test/support/api';
import { firstRefusal } from '../../../test/support/key-refusal';
import { startApis } from '../../../test/support/own-stack';
import { signInWithLink } from './support/dashboard-sign-in';

const LIMIT = 200;
/** docs/credits.md#rate-limits: each instance may let through at most 5 % of the limit more than the limit. */
const SLACK = Math.floor(LIMIT * 0.05);

/** Fixed windows: start a per-minute check early enough in a minute that it cannot straddle two. */
async function awayFromMinuteEnd(): Promise<void> {
  const s = new Date().getUTCSeconds();
  if (s > 40) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

/** A signed-in dashboard on one instance: what it sends is the session cookie and the CSRF header. */
async function signIn(baseUrl: string, accountId: string) {
  const sessions = new DashboardSessionService(
    new DashboardSessionRepository(testDb()),
    new AccountRepository(testDb()),
  );
  const { token } = await sessions.createLoginLink(accountId);
  const { cookie } = await signInWithLink(new URL(baseUrl).origin, token);
  const info = (await (
    await fetch(`${baseUrl}/dashboard/session`, { headers: { Cookie: cookie } })
  ).json()) as {
    csrf_token: string;
  };
  return {
    revokeKey: (id: string) =>
      fetch(`${baseUrl}/dashboard/keys/${id}`, {
        method: 'DELETE',
        headers: { Cookie: cookie, 'X-CSRF-Token': info.csrf_token },
      }),
  };
}

describe('api instances share keys and limits (key cache, per-key budget)', () => {
  let a: Stack;
  let b: Stack;

  beforeAll(async () => {
    [a, b] = await startApis(['inst-a', 'inst-b'], { RATE_LIMIT_PER_MINUTE: String(LIMIT) });
  });
  afterAll(() => Promise.all([a?.stop(), b?.stop()]));

  it('a key revoked through one instance is refused by the other within 1 s', async () => {
    const account = await createAccount({ baseUrl: a.baseUrl });
    const k = await account.keyWith(['credits:read']);
    const onA = new ApiClient(a.baseUrl, k.key);
    const onB = new ApiClient(b.baseUrl, k.key);
    // Both instances have just read the key: it sits in their caches.
    expect((await onA.get('/credits')).status).toBe(200);
    expect((await onB.get('/credits')).status).toBe(200);

    const dashboard = await signIn(a.baseUrl, account.accountId);
    expect((await dashboard.revokeKey(k.id)).status).toBe(204);
    const revokedAt = Date.now();
    // The instance that revoked it refuses at once.
    expect((await onA.get('/credits')).body.error.code).toBe('INVALID_TOKEN');
    const later = await firstRefusal(() => onB.get('/credits'), revokedAt);
    expect(later.status).toBe(401);
    expect(later.body.error.code).toBe('INVALID_TOKEN');
  });

  it('a key revoked outside the api (CLI, SQL) is refused by every instance within 1 s', async () => {
    const account = await createAccount({ baseUrl: a.baseUrl });
    const onA = new ApiClient(a.baseUrl, account.key);
    const onB = new ApiClient(b.baseUrl, account.key);
    expect((await onA.get('/credits')).status).toBe(200);
    expect((await onB.get('/credits')).status).toBe(200);
    await testDb()
      .updateTable('api_keys')
      .set({ revoked_at: sql<string>`now()` })
      .where('id', '=', account.keyId)
      .execute();
    const revokedAt = Date.now();
    for (const api of [onA, onB]) {
      const later = await firstRefusal(() => api.get('/credits'), revokedAt);
      expect(later.body.error.code).toBe('INVALID_TOKEN');
    }
  });

  it(`two instances admit at least the limit and overshoot it by at most 5 % each (${LIMIT}/min)`, async () => {
    await awayFromMinuteEnd();
    const account = await createAccount({ baseUrl: a.baseUrl });
    const clients = [new ApiClient(a.baseUrl, account.key), new ApiClient(b.baseUrl, account.key)];
    const statuses: number[] = [];
    let next = 0;
    // Concurrent requests on both instances, so each admits from its budget while the other does.
    const worker = async () => {
      while (next < 2 * LIMIT + 4 * SLACK) {
        const i = next++;
        statuses.push((await clients[i % 2]!.get('/credits')).status);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const admitted = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(admitted).toBeGreaterThanOrEqual(LIMIT);
    expect(admitted).toBeLessThanOrEqual(LIMIT + 2 * SLACK);
    // Once the budget is used up, both refuse; and the shared counter hears of every admission
    // (each instance sends what it has not counted yet every second).
    expect((await clients[0]!.get('/credits')).status).toBe(429);
    expect((await clients[1]!.get('/credits')).status).toBe(429);
    const counted = async () =>
      Number(
        (
          await testDb()
            .selectFrom('rate_limit_counters')
            .select('count')
            .where('key', '=', `key:${account.keyId}`)
            .orderBy('window_start', 'desc')
            .executeTakeFirstOrThrow()
        ).count,
      );
    for (let i = 0; i < 50 && (await counted()) < admitted; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await counted()).toBeGreaterThanOrEqual(admitted);
  });
});
