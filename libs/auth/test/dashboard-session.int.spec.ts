import {
  AccountRepository,
  DashboardSessionRepository,
  DashboardSessionService,
  hashToken,
  LoginLinkError,
} from '@vidgen/auth';
import { RateLimitedError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';

const service = () =>
  new DashboardSessionService(new DashboardSessionRepository(testDb()), new AccountRepository(testDb()));

async function account(): Promise<string> {
  return (await new AccountRepository(testDb()).create({ name: `dash-${Date.now()}`, plan: 'free' })).id;
}

describe('sign-in links and sessions on PostgreSQL', () => {
  it('lets exactly one of many concurrent redemptions of a link sign in', async () => {
    const { token } = await service().createLoginLink(await account());
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => service().signIn(token)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(LoginLinkError);
      expect(((r as PromiseRejectedResult).reason as LoginLinkError).problem).toBe('used');
    }
    const sessions = await testDb()
      .selectFrom('dashboard_sessions')
      .select('id')
      .where('id', '=', (won[0] as PromiseFulfilledResult<{ id: string }>).value.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });

  it('stores only hashes of link and session tokens', async () => {
    const accountId = await account();
    const { token } = await service().createLoginLink(accountId);
    const session = await service().signIn(token);
    const link = await testDb()
      .selectFrom('login_links')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    expect(link.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(link)).not.toContain(token);
    const row = await testDb()
      .selectFrom('dashboard_sessions')
      .selectAll()
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(session.token));
    expect(JSON.stringify(row)).not.toContain(session.token);
  });

  it('opens a 7-day session that authenticates with every scope until signed out', async () => {
    const accountId = await account();
    const session = await service().signIn((await service().createLoginLink(accountId)).token);
    const days =
      (Date.parse(session.expiresAt.replace(' ', 'T').replace(/\+00$/, 'Z')) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const principal = await service().authenticate(session.token);
    expect(principal.accountId).toBe(accountId);
    expect(principal.scopes).toEqual(
      expect.arrayContaining(['videos:*', 'assets:*', 'callbacks:*', 'credits:*']),
    );
    await service().signOut(session.id);
    await expect(service().authenticate(session.token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('refuses an expired session', async () => {
    const session = await service().signIn((await service().createLoginLink(await account())).token);
    await testDb()
      .updateTable('dashboard_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', session.id)
      .execute();
    await expect(service().authenticate(session.token)).rejects.toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('limits the links one account may be issued per hour', async () => {
    const accountId = await account();
    for (let i = 0; i < 20; i++) await service().createLoginLink(accountId);
    await expect(service().createLoginLink(accountId)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('drops links and sessions dead for more than a day when a link is made', async () => {
    const accountId = await account();
    const old = await service().createLoginLink(accountId);
    const session = await service().signIn((await service().createLoginLink(accountId)).token);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await testDb()
      .updateTable('login_links')
      .set({ expires_at: twoDaysAgo })
      .where('token_hash', '=', hashToken(old.token))
      .execute();
    await testDb()
      .updateTable('dashboard_sessions')
      .set({ revoked_at: twoDaysAgo })
      .where('id', '=', session.id)
      .execute();
    await service().createLoginLink(accountId);
    const links = await testDb()
      .selectFrom('login_links')
      .select('token_hash')
      .where('account_id', '=', accountId)
      .execute();
    expect(links.map((l) => l.token_hash)).not.toContain(hashToken(old.token));
    expect(links).toHaveLength(2);
    const sessions = await testDb()
      .selectFrom('dashboard_sessions')
      .select('id')
      .where('id', '=', session.id)
      .execute();
    expect(sessions).toEqual([]);
  });

  it('refuses an unknown account and a lifetime outside 1–1440 minutes', async () => {
    await expect(service().createLoginLink('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    const accountId = await account();
    await expect(service().createLoginLink(accountId, 0)).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await expect(service().createLoginLink(accountId, 1441)).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});
