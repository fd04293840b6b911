import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { hashToken } from '@vidgen/auth';
import type { Stack } from '@vidgen/stack-harness';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { DIST_DIR, gzippedJsBytes } from './browser';
import { useDashboard } from './support/dashboard-stack';

describe('the web dashboard in a real browser: signing in, sessions and keys', () => {
  const dashboard = useDashboard('dashboard-sign-in', { apiOnly: true });
  const { shot, loginLink, expectNoSeriousViolations, sessionCookie } = dashboard;
  let stack: Stack, origin: string, owner: TestAccount, browser: Browser, page: Page;
  beforeAll(() => {
    ({ stack, origin, owner, browser, page } = dashboard.state());
  });

  it('ships under 250 kB of JavaScript, gzipped', () => {
    const bytes = gzippedJsBytes();
    process.stdout.write(`dashboard JavaScript: ${(bytes / 1024).toFixed(1)} kB gzipped\n`);
    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(250 * 1024);
    // React's production build, also when the build ran under a test run's NODE_ENV=test: the
    // development build carries its warnings (and is twice the size).
    const js = readdirSync(path.join(DIST_DIR, 'static')).filter((f) => f.endsWith('.js'));
    for (const f of js) {
      expect(readFileSync(path.join(DIST_DIR, 'static', f), 'utf8')).not.toContain('unique "key" prop');
    }
  });

  it('shows a clear page for an expired link and for a link that is not valid', async () => {
    const link = await loginLink(owner.accountId);
    const token = new URL(link.url).searchParams.get('token')!;
    await testDb()
      .updateTable('login_links')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    const res = await page.goto(link.url);
    expect(res?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This sign-in link has expired',
    );
    expect(await sessionCookie()).toBeUndefined();
    await expectNoSeriousViolations('expired link page');
    await shot('login-link-expired');

    const bogus = await page.goto(`${origin}/dashboard/login?token=${'x'.repeat(43)}`);
    expect(bogus?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This sign-in link is not valid',
    );
  });

  it('says how to sign in when there is no session', async () => {
    await page.goto(`${origin}/dashboard/videos`);
    await page.getByRole('heading', { name: 'You are not signed in' }).waitFor();
    await expectNoSeriousViolations('signed-out page');
  });

  it("signs in by a one-time link, spent by its page's Sign in button, into a 7-day HttpOnly SameSite=Lax session; the link then shows it was used", async () => {
    const link = await loginLink(owner.accountId);
    expect(link.url.startsWith(`${origin}/dashboard/login?token=`)).toBe(true);
    const minutes = (Date.parse(link.expires_at) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    // Opening the link spends nothing: its page names the account and waits for the button.
    const opened = await page.goto(link.url);
    expect(opened?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Sign in to vidgen');
    await expect(page.getByText('Northwind Studio').count()).resolves.toBe(1);
    expect(await sessionCookie()).toBeUndefined();
    await expectNoSeriousViolations('sign-in page');
    await shot('login-link');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/videos$/);
    expect(new URL(page.url()).pathname).toBe('/dashboard/videos');
    await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();
    for (const name of ['Videos', 'Settings', 'API Keys', 'Webhooks', 'Credits']) {
      await expect(
        page.getByRole('navigation').getByRole('link', { name, exact: true }).count(),
      ).resolves.toBe(1);
    }
    const cookie = (await sessionCookie())!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.secure).toBe(false); // plain http here; Secure behind https
    const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // The link worked once: opened again (in another browser) it says so.
    const other = await browser.newContext();
    const again = await other.newPage();
    const res = await again.goto(link.url);
    expect(res?.status()).toBe(410);
    await expect(again.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This sign-in link has already been used',
    );
    expect((await other.cookies()).find((c) => c.name === 'vidgen_session')).toBeUndefined();
    await other.close();
  });

  it("does not sign a browser into someone else's account from another site's form (login CSRF)", async () => {
    const attacker = await createAccount({ credits: 0, baseUrl: stack.baseUrl });
    const link = await loginLink(attacker.accountId);
    const token = new URL(link.url).searchParams.get('token')!;
    // The attacker opens the link's page itself for a nonce, then has the victim's browser post it.
    const own = await fetch(link.url);
    const nonce = /name="nonce" value="([^"]*)"/.exec(await own.text())![1]!;
    const victim = await browser.newContext();
    const tab = await victim.newPage();
    await tab.setContent(
      `<form method="post" action="${origin}/dashboard/login">` +
        `<input name="token" value="${token}"><input name="nonce" value="${nonce}"></form>`,
    );
    const [answer] = await Promise.all([
      tab.waitForNavigation(),
      // The page submits its form itself, as an attacker's page would.
      tab.evaluate('document.forms[0].submit()'),
    ]);
    expect(answer?.status()).toBe(403);
    await expect(tab.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'This sign-in did not come from its page',
    );
    expect((await victim.cookies()).find((c) => c.name === 'vidgen_session')).toBeUndefined();
    await victim.close();
    const row = await testDb()
      .selectFrom('login_links')
      .select('used_at')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('refuses a state-changing request of the session without its CSRF token', async () => {
    const attempt = (headers: Record<string, string>) =>
      page.evaluate(async (h) => {
        const res = await fetch('/api/v1/dashboard/keys', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...h },
          body: JSON.stringify({ name: 'forged', scopes: ['videos:*'] }),
        });
        return { status: res.status, body: await res.json() };
      }, headers);
    const variants: Record<string, string>[] = [{}, { 'X-CSRF-Token': 'not-the-token' }];
    for (const headers of variants) {
      const res = (await attempt(headers)) as { status: number; body: any };
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
      expect(res.body.error.message).toMatch(/CSRF/);
    }
    // Same for the REST API's own routes when the session calls them.
    const video = await page.evaluate(async () => {
      const res = await fetch('/api/v1/videos', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: 'A forged request.' }),
      });
      return res.status;
    });
    expect(video).toBe(403);
    const keys = await testDb()
      .selectFrom('api_keys')
      .select('name')
      .where('account_id', '=', owner.accountId)
      .execute();
    expect(keys.map((k) => k.name)).not.toContain('forged');
    // Reads need no token: the session reads like a key with every scope.
    const read = await page.evaluate(async () => (await fetch('/api/v1/credits')).json());
    expect(read).toEqual({ balance: 60, plan: 'free' });
  });

  it('keeps keys to the dashboard: an API key can neither list nor mint keys', async () => {
    const asKey = await owner.api.get('/dashboard/keys');
    expect(asKey.status).toBe(403);
    const mint = await owner.api.post('/dashboard/keys', { scopes: ['videos:*'] });
    expect(mint.status).toBe(403);
    expect(mint.body.error.code).toBe('FORBIDDEN');
  });

  it('creates a key with videos:read only that works on the REST API at once, and revokes it', async () => {
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // GET /providers under Settings: the test stack's offline providers.
    const providers = page.getByTestId('providers');
    await providers.waitFor();
    // The DOM's text, not the rendered one: the labels are styled in capitals.
    expect(await providers.textContent()).toMatch(
      /Script\s*local · planner[\s\S]*Narration\s*local · espeak-ng; en: piper · en_US-joe-medium[\s\S]*Stock media\s*none/,
    );
    await expectNoSeriousViolations('settings');
    await shot('settings');
    await page.getByRole('link', { name: 'API Keys', exact: true }).click();
    await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
    await expectNoSeriousViolations('api keys');

    await page.getByLabel('Name', { exact: true }).fill('Reporting job');
    await page.getByRole('checkbox', { name: 'videos:read', exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(secret).toMatch(/^vg_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('cell', { name: 'Reporting job', exact: true }).waitFor();
    await expectNoSeriousViolations('api keys with a new key');
    await shot('api-keys');

    const api = new ApiClient(stack.baseUrl, secret);
    expect((await api.get('/videos')).status).toBe(200);
    const write = await api.post('/videos', { prompt: 'Not allowed with videos:read.' });
    expect(write.status).toBe(403);
    expect(write.body.error.code).toBe('FORBIDDEN');

    // Listed with its prefix, scopes and last use; never with the secret.
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Reporting job' });
    await expect(row.textContent()).resolves.toContain(secret.slice(0, 10));
    await expect(row.textContent()).resolves.toContain('videos:read');
    await expect(page.content()).resolves.not.toContain(secret);

    page.once('dialog', (d) => void d.accept());
    await row.getByRole('button', { name: 'Revoke Reporting job' }).click();
    await row.getByText('revoked').waitFor();
    const revoked = await api.get('/videos');
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('INVALID_TOKEN');
  });

  it('can be used from the keyboard alone', async () => {
    await page.goto(`${origin}/dashboard/videos`);
    await page.getByRole('heading', { name: 'Videos', level: 1 }).waitFor();
    await page.locator('body').focus();
    await page.keyboard.press('Tab');
    await expect(page.evaluate('document.activeElement.textContent')).resolves.toBe('Skip to content');
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate('document.activeElement.textContent')) === 'Credits';
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Credits', level: 1 }).waitFor();
    // Focus moved to the new page's heading, so the next Tab continues inside the page.
    await expect(page.evaluate('document.activeElement.tagName')).resolves.toBe('H1');
  });

  it('signs out: the session is revoked on the server, not only forgotten by the browser', async () => {
    const cookie = (await sessionCookie())!;
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'You have signed out.' }).waitFor();
    expect(await sessionCookie()).toBeUndefined();
    const replay = await fetch(`${stack.baseUrl}/credits`, {
      headers: { Cookie: `vidgen_session=${cookie.value}` },
    });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as any).error.code).toBe('INVALID_TOKEN');
  });
});
