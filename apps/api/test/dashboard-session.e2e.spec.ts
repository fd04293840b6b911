import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import {
  AccountRepository,
  DashboardSessionRepository,
  DashboardSessionService,
  hashToken,
} from '@vidgen/auth';
import { loadConfig } from '@vidgen/config';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { createApp } from '../src/app';
import { openLoginLink as openLink, pressSignIn, signInWithLink } from './support/dashboard-sign-in';

const sessions = () =>
  new DashboardSessionService(new DashboardSessionRepository(testDb()), new AccountRepository(testDb()));

/** A signed-in browser, reduced to what it sends: the session cookie and, on changes, the CSRF header. */
class Browser {
  constructor(
    readonly base: string,
    readonly cookie: string,
    readonly csrf: string,
  ) {}

  async request(method: string, path: string, body?: unknown, opts: { csrf?: string | null } = {}) {
    const headers: Record<string, string> = { Cookie: this.cookie };
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf !== null && method !== 'GET') headers['X-CSRF-Token'] = csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }
}

async function signIn(accountId: string): Promise<Browser> {
  const base = inject('stack').apiBaseUrl;
  const { token } = await sessions().createLoginLink(accountId);
  const { cookie } = await signInWithLink(new URL(base).origin, token);
  const info = await (await fetch(`${base}/dashboard/session`, { headers: { Cookie: cookie } })).json();
  return new Browser(base, cookie, (info as { csrf_token: string }).csrf_token);
}

describe('dashboard sessions on the REST API', () => {
  let owner: TestAccount;
  let stranger: TestAccount;
  let browser: Browser;

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

  it('limits sign-in attempts per address, with a page and Retry-After', async () => {
    // From an address of its own (127.0.0.2), so the count does not touch other specs' sign-ins.
    const url = new URL(inject('stack').apiBaseUrl);
    const attempt = () =>
      new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
        const req = http.get(
          {
            host: url.hostname,
            port: url.port,
            path: `/dashboard/login?token=${randomBytes(32).toString('base64url')}`,
            localAddress: '127.0.0.2',
          },
          (res) => {
            let body = '';
            res.on('data', (c) => (body += c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                retryAfter: res.headers['retry-after'] as string,
                body,
              }),
            );
          },
        );
        req.on('error', reject);
      });
    let limited: Awaited<ReturnType<typeof attempt>> | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await attempt();
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(404);
    }
    expect(limited).toBeDefined();
    expect(Number(limited!.retryAfter)).toBeGreaterThan(0);
    expect(limited!.body).toContain('Too many sign-in attempts');
    // Another address is not affected.
    expect((await signIn(owner.accountId)).csrf.length).toBeGreaterThan(20);
  });

  it("spends a sign-in link only by its page's POST: opening the link shows the account and a Sign in button", async () => {
    const origin = new URL(inject('stack').apiBaseUrl).origin;
    await testDb()
      .updateTable('accounts')
      .set({ name: 'Tidewater & <Co>' })
      .where('id', '=', owner.accountId)
      .execute();
    const { token } = await sessions().createLoginLink(owner.accountId);
    // Opened twice (a link preview, a second tab): nothing is spent, no session is opened.
    for (let i = 0; i < 2; i++) {
      const page = await openLink(origin, token);
      expect(page.res.status).toBe(200);
      expect(page.res.headers.get('cache-control')).toBe('no-store');
      // A Referer from the page names the origin only, never the token; the form's POST keeps its Origin.
      expect(page.res.headers.get('referrer-policy')).toBe('strict-origin');
      expect(page.res.headers.get('x-frame-options')).toBe('DENY');
      expect(page.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(page.html).toContain('Tidewater &amp; &lt;Co&gt;');
      expect(page.html).toMatch(
        /<form method="post" action="login">[\s\S]*<button type="submit">Sign in<\/button>/,
      );
      expect(page.token).toBe(token);
      expect(page.res.headers.getSetCookie().some((c) => c.startsWith('vidgen_session='))).toBe(false);
      const nonceCookie = page.res.headers.getSetCookie().find((c) => c.startsWith('vidgen_login='))!;
      expect(nonceCookie).toMatch(/HttpOnly/i);
      expect(nonceCookie).toMatch(/SameSite=Strict/i);
    }
    const link = await testDb()
      .selectFrom('login_links')
      .select('used_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(link.used_at).toBeNull();
    const page = await openLink(origin, token);
    const res = await pressSignIn(origin, { token, nonce: page.nonce! }, { Cookie: page.nonceCookie! });
    expect(res.status).toBe(303);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('vidgen_session='))).toBe(true);
    // Spent: the page now says so.
    const again = await openLink(origin, token);
    expect(again.res.status).toBe(410);
    expect(again.html).toContain('This sign-in link has already been used');
  });

  it('signs in from either of two link pages open in one browser', async () => {
    const origin = new URL(inject('stack').apiBaseUrl).origin;
    const first = await sessions().createLoginLink(owner.accountId);
    const second = await sessions().createLoginLink(owner.accountId);
    const page1 = await openLink(origin, first.token);
    // The second tab carries the cookie the first page set: the browser keeps one secret.
    const page2 = await openLink(origin, second.token, { Cookie: page1.nonceCookie! });
    expect(page2.nonceCookie).toBe(page1.nonceCookie);
    expect(page2.nonce).not.toBe(page1.nonce);
    // A nonce belongs to its own link's page.
    const swapped = await pressSignIn(
      origin,
      { token: first.token, nonce: page2.nonce! },
      { Cookie: page1.nonceCookie! },
    );
    expect(swapped.status).toBe(403);
    for (const [token, nonce] of [
      [first.token, page1.nonce!],
      [second.token, page2.nonce!],
    ]) {
      const res = await pressSignIn(origin, { token: token!, nonce: nonce! }, { Cookie: page1.nonceCookie! });
      expect(res.status).toBe(303);
    }
  });

  it("refuses a sign-in POST that did not come from the link's own page (login CSRF) and leaves the link unspent", async () => {
    const origin = new URL(inject('stack').apiBaseUrl).origin;
    const { token } = await sessions().createLoginLink(owner.accountId);
    const page = await openLink(origin, token);
    const forgeries: [string, Record<string, string>, Record<string, string>][] = [
      // Another site's auto-submitting form: the browser sends neither the Strict cookie nor a nonce it knows.
      ['no nonce, no cookie', { token }, { Origin: 'https://evil.example' }],
      ['a nonce without its cookie', { token, nonce: page.nonce! }, {}],
      ['another nonce than the cookie', { token, nonce: 'x'.repeat(43) }, { Cookie: page.nonceCookie! }],
      [
        'another origin',
        { token, nonce: page.nonce! },
        { Cookie: page.nonceCookie!, Origin: 'https://evil.example' },
      ],
      [
        'a cross-site fetch',
        { token, nonce: page.nonce! },
        { Cookie: page.nonceCookie!, 'Sec-Fetch-Site': 'cross-site' },
      ],
    ];
    for (const [what, form, headers] of forgeries) {
      const res = await pressSignIn(origin, form, headers);
      expect(res.status, what).toBe(403);
      expect(
        res.headers.getSetCookie().some((c) => c.startsWith('vidgen_session=')),
        what,
      ).toBe(false);
      expect(await res.text(), what).toContain('This sign-in did not come from its page');
    }
    const link = await testDb()
      .selectFrom('login_links')
      .select('used_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(link.used_at).toBeNull();
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a client cannot name its way out of its address's count", async () => {
    const url = new URL(inject('stack').apiBaseUrl);
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(
          {
            host: url.hostname,
            port: url.port,
            path: `/dashboard/login?token=${randomBytes(32).toString('base64url')}`,
            localAddress: '127.0.0.3',
            headers: { 'X-Forwarded-For': `198.51.100.${i + 1}` },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
      });
      if (status === 429) limited = true;
      else expect(status).toBe(404);
    }
    expect(limited).toBe(true);
  });
});

describe('sign-in limits behind a proxy (TRUST_PROXY=loopback)', () => {
  let app: INestApplication;
  let origin: string;
  let owner: TestAccount;

  beforeAll(async () => {
    const stack = inject('stack');
    app = await createApp(
      loadConfig({
        ...process.env,
        DATABASE_URL: stack.databaseUrl,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
        TRUST_PROXY: 'loopback',
        LOG_LEVEL: 'silent',
      }),
    );
    await app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    owner = await createAccount({ credits: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  const open = (token: string, client: string) =>
    fetch(`${origin}/dashboard/login?token=${token}`, {
      redirect: 'manual',
      headers: { 'X-Forwarded-For': client },
    });

  it('counts each forwarded client address on its own: one flooding client locks out no one else', async () => {
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await open(randomBytes(32).toString('base64url'), '203.0.113.10');
      if (res.status === 429) limited = true;
      else expect(res.status).toBe(404);
    }
    expect(limited).toBe(true);
    // The same proxy forwards another client: its link opens.
    const { token } = await sessions().createLoginLink(owner.accountId);
    expect((await open(token, '203.0.113.11')).status).toBe(200);
  });

  it('counts attempts per link as well: one link tried from many addresses is stopped', async () => {
    const { token } = await sessions().createLoginLink(owner.accountId);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await open(token, `198.18.0.${i + 1}`)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses.slice(10)).toEqual([429, 429]);
    // Another link from one of those addresses is not affected.
    const other = await sessions().createLoginLink(owner.accountId);
    expect((await open(other.token, '198.18.0.1')).status).toBe(200);
  });
});
