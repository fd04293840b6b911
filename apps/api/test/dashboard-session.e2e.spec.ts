import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount } from '../../../test/support/api';
import { type SessionBrowser, signIn } from './support/dashboard-session';

describe('dashboard sessions on the REST API', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let browser: SessionBrowser;

  beforeAll(async () => {
    owner = await createAccount({ credits: 20 });
    stranger = await createAccount({ credits: 20 });
    browser = await signIn(owner.accountId);
  });

  it('reads through the same endpoints as a key of the account, and no other account', async () => {
    const callbacks = await browser.request('GET', '/callbacks');
    expect(callbacks.status).toBe(200);
    const credits = await browser.request('GET', '/credits');
    expect(credits.body).toEqual({ balance: 20, plan: 'pro' });
    const hook = await stranger.api.post('/callbacks', {
      url: `https://93.184.216.34/hooks/${randomBytes(4).toString('hex')}`,
      event: 'video.completed',
    });
    expect(hook.status, hook.text).toBe(201);
    const foreign = await browser.request('PATCH', `/callbacks/${hook.body.id}`, { is_active: false });
    expect(foreign.status).toBe(404);
  });

  it('refuses every state-changing method without the CSRF token, or with another session’s', async () => {
    const other = await signIn(owner.accountId);
    for (const csrf of [null, 'x', other.csrf]) {
      const post = await browser.request('POST', '/dashboard/keys', { scopes: ['videos:read'] }, { csrf });
      expect(post.status, String(csrf)).toBe(403);
      expect(post.body.error.code).toBe('FORBIDDEN');
      const created = await browser.request(
        'POST',
        '/callbacks',
        { url: 'https://93.184.216.34/x', event: 'video.failed' },
        { csrf },
      );
      expect(created.status).toBe(403);
    }
    const listed = await browser.request('GET', '/callbacks');
    expect(listed.body).toEqual([]);
  });

  it('manages the account’s keys: validation, the secret once, listing, revoking only its own', async () => {
    const bad = await browser.request('POST', '/dashboard/keys', { scopes: ['videos:delete'] });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details[0].loc).toEqual(['body', 'scopes']);
    const none = await browser.request('POST', '/dashboard/keys', { scopes: [] });
    expect(none.status).toBe(422);
    const long = await browser.request('POST', '/dashboard/keys', {
      scopes: ['videos:read'],
      name: 'x'.repeat(101),
    });
    expect(long.status).toBe(422);

    const made = await browser.request('POST', '/dashboard/keys', {
      name: 'Nightly export',
      scopes: ['videos:read', 'credits:read'],
      expires_in_days: 30,
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.key).toMatch(/^vg_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({
      name: 'Nightly export',
      scopes: ['videos:read', 'credits:read'],
      status: 'active',
    });
    expect(made.body.prefix).toBe(made.body.key.slice(0, 10));
    const days = (Date.parse(made.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);

    const api = new ApiClient(inject('stack').apiBaseUrl, made.body.key);
    expect((await api.get('/credits')).status).toBe(200);
    expect((await api.get('/callbacks')).status).toBe(403);

    // "Last used" is written beside the request, not in its way: read until it lands.
    let list = await browser.request('GET', '/dashboard/keys');
    for (let i = 0; i < 100 && !list.body.data.find((k: any) => k.id === made.body.id)?.last_used_at; i++) {
      await new Promise((r) => setTimeout(r, 100));
      list = await browser.request('GET', '/dashboard/keys');
    }
    const row = list.body.data.find((k: any) => k.id === made.body.id);
    expect(Object.keys(row).sort()).toEqual(
      [
        'created_at',
        'expires_at',
        'id',
        'last_used_at',
        'name',
        'prefix',
        'revoked_at',
        'scopes',
        'status',
      ].sort(),
    );
    expect(row.last_used_at).not.toBeNull();
    expect(list.text).not.toContain(made.body.key);
    expect(list.body.data.map((k: any) => k.id)).not.toContain(stranger.keyId);

    const foreign = await browser.request('DELETE', `/dashboard/keys/${stranger.keyId}`);
    expect(foreign.status).toBe(404);
    expect((await stranger.api.get('/credits')).status).toBe(200);

    expect((await browser.request('DELETE', `/dashboard/keys/${made.body.id}`)).status).toBe(204);
    const after = await api.get('/credits');
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('INVALID_TOKEN');
  });

  it('keeps key management from API keys, even one with every scope', async () => {
    for (const [method, path] of [
      ['GET', '/dashboard/keys'],
      ['POST', '/dashboard/keys'],
      ['GET', '/dashboard/session'],
    ] as const) {
      const res = await owner.api.request(method, path, {
        body: method === 'POST' ? { scopes: ['videos:*'] } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
  });

  it('signs out for good: the same cookie is refused afterwards', async () => {
    const other = await signIn(owner.accountId);
    expect((await other.request('DELETE', '/dashboard/session')).status).toBe(204);
    const again = await other.request('GET', '/credits');
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe('INVALID_TOKEN');
    // The first browser's session is another one and still works.
    expect((await browser.request('GET', '/credits')).status).toBe(200);
  });
});
