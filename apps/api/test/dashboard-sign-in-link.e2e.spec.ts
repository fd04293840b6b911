import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { dashboardSessions, loginLinkUsedAt } from './support/dashboard-session';
import { openLoginLink as openLink, pressSignIn } from './support/dashboard-sign-in';

describe('sign-in links: a page that shows the account, spent only by its own POST', () => {
  let owner: TestAccount;

  beforeAll(async () => {
    owner = await createAccount({ credits: 20 });
  });

  it("spends a sign-in link only by its page's POST: opening the link shows the account and a Sign in button", async () => {
    const origin = new URL(inject('stack').apiBaseUrl).origin;
    await testDb()
      .updateTable('accounts')
      .set({ name: 'Tidewater & <Co>' })
      .where('id', '=', owner.accountId)
      .execute();
    const { token } = await dashboardSessions().createLoginLink(owner.accountId);
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
    expect(await loginLinkUsedAt(token)).toBeNull();
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
    const first = await dashboardSessions().createLoginLink(owner.accountId);
    const second = await dashboardSessions().createLoginLink(owner.accountId);
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
    const { token } = await dashboardSessions().createLoginLink(owner.accountId);
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
    expect(await loginLinkUsedAt(token)).toBeNull();
  });
});
