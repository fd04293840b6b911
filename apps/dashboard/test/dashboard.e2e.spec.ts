import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashToken } from '@vidgen/auth';
import { ensureDashboardBuilt, REPO_ROOT } from '@vidgen/devstack';
import { resolveFfmpeg } from '@vidgen/media';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type Route,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { cliWithEnv, singleJsonObject } from '../../cli/test/support/cli';
import { DIST_DIR, gzippedJsBytes, launchChromium, seriousViolations } from './browser';

/** A PNG test card made with the pinned ffmpeg. */
/** A 2 s moving test clip, as a phone would upload it (H.264 in MP4). */
function clip(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-dashboard-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    execFileSync(resolveFfmpeg(undefined, process.env.PATH), [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=25:d=2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function picture(width: number, height: number): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-dashboard-'));
  try {
    const file = path.join(dir, 'card.png');
    execFileSync(resolveFfmpeg(undefined, process.env.PATH), [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=1`,
      '-frames:v',
      '1',
      file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run screenshots` sets this: each page is saved as a PNG there as the spec walks through it. */
const SHOTS = process.env.DASHBOARD_SCREENSHOTS_DIR
  ? path.resolve(REPO_ROOT, process.env.DASHBOARD_SCREENSHOTS_DIR)
  : undefined;

describe('the web dashboard in a real browser', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;
  let origin: string;
  let owner: TestAccount;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let hookRoute: Route;
  let videoId: string;

  const shot = async (name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  const loginLink = async (accountId: string, ...extra: string[]) => {
    const res = await cliWithEnv(
      {
        ...process.env,
        DATABASE_URL: inject('stack').databaseUrl,
        PUBLIC_BASE_URL: origin,
        LOG_LEVEL: 'warn',
      },
      'accounts',
      'login-link',
      '--account',
      accountId,
      ...extra,
      '--json',
    );
    expect(res.code, res.stdout + res.stderr).toBe(0);
    return singleJsonObject(res) as { url: string; expires_at: string };
  };

  const expectNoSeriousViolations = async (where: string) => {
    expect(await seriousViolations(page), where).toEqual([]);
  };

  const sessionCookie = async () => (await context.cookies()).find((c) => c.name === 'vidgen_session');

  beforeAll(async () => {
    // The api serves apps/dashboard/dist: build it first when it is missing.
    await ensureDashboardBuilt();
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    stack = await startOwnStack('dashboard', {
      env: {
        // The webhook receiver of this spec is an HTTPS server on 127.0.0.1 with a CA of its own.
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
        WEBHOOK_BACKOFF_FACTOR: '2',
        VIDGEN_FAULT_INJECTION: '1',
      },
    });
    origin = new URL(stack.baseUrl).origin;
    owner = await createAccount({ credits: 60, plan: 'free', baseUrl: stack.baseUrl });
    await testDb()
      .updateTable('accounts')
      .set({ name: 'Northwind Studio' })
      .where('id', '=', owner.accountId)
      .execute();
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    page = await context.newPage();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
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

  it('adds a webhook pointing at an HTTPS receiver, reveals its secret and can pause it', async () => {
    hookRoute = receiver.route([{ status: 200 }]);
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByLabel('Endpoint URL').fill(hookRoute.url);
    await page.getByLabel('Event').selectOption('video.completed');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    const item = page.getByRole('listitem').filter({ hasText: hookRoute.url });
    await item.waitFor();
    const [hook] = (await owner.api.get('/callbacks')).body;
    expect(hook.url).toBe(hookRoute.url);
    await expect(item.textContent()).resolves.not.toContain(hook.secret);
    await item.getByRole('button', { name: 'Reveal secret' }).click();
    await item.getByText(hook.secret).waitFor();
    await item.getByRole('button', { name: 'Hide secret' }).click();

    await item.getByRole('button', { name: 'Deactivate', exact: true }).click();
    await item.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect((await owner.api.get('/callbacks')).body[0].is_active).toBe(false);
    await item.getByRole('button', { name: 'Activate', exact: true }).click();
    await item.getByRole('button', { name: 'Deactivate', exact: true }).waitFor();
    expect((await owner.api.get('/callbacks')).body[0].is_active).toBe(true);
    await expectNoSeriousViolations('webhooks');
  });

  it('creates a video; at the review gate regenerates it with feedback, adds, deletes and edits scenes, uploads a scene image; approves it and plays the result', {
    timeout: 300_000,
  }, async () => {
    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    await page
      .getByLabel('Prompt')
      .fill('How lighthouses guide ships at night. Their beams sweep across the dark sea.');
    await page.getByLabel('Scenes').selectOption('2');
    // The voice picker: neural voices first, then espeak-ng's (once GET /voices has answered).
    await page.getByLabel('Voice').locator('optgroup').nth(1).waitFor({ state: 'attached' });
    const groups = await page
      .getByLabel('Voice')
      .locator('optgroup')
      .evaluateAll((gs) => gs.map((g) => g.getAttribute('label')));
    expect(groups).toEqual(['Neural voices', 'Formant voices (espeak-ng)']);
    const firstVoice = page.getByLabel('Voice').locator('optgroup').first().locator('option').first();
    expect(await firstVoice.textContent()).toBe('English (United States), Joe (en-US)');
    await page.getByLabel('Speaking speed').fill('1.3');
    await page.getByRole('button', { name: 'Create video' }).click();
    await page.waitForURL(/\/dashboard\/videos\/[0-9a-f-]{36}$/);
    videoId = page.url().split('/').pop()!;
    expect((await owner.api.get(`/videos/${videoId}`)).body.options.voice_speed).toBe(1.3);

    // Live status: the page follows scripting and refining to the gate by itself.
    const approve = page.getByRole('button', { name: 'Approve and make the video' });
    await approve.waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('estimated-credits').textContent()).resolves.toMatch(/^\d+ credits$/);
    await expectNoSeriousViolations('video at the review gate');

    // Regenerate with feedback: scripting runs again and the page follows it back to the gate.
    const gates = () => page.getByRole('cell', { name: 'awaiting_approval', exact: true }).count();
    await page.getByLabel('Feedback for a new script').fill('Say more about the keepers.');
    await page.getByRole('button', { name: 'Regenerate script' }).click();
    await eventually(
      async () => ((await gates()) === 2 ? true : undefined),
      'the second review gate',
      120_000,
    );
    await approve.waitFor();

    // Add a third scene, then delete it again.
    await page.getByText('Add a scene').click();
    await page.getByLabel('Visual description (new scene)').fill('A keeper climbing the spiral stairs');
    await page.getByLabel('Narration (new scene)').fill('Every evening the keeper climbed the stairs.');
    await page.getByRole('button', { name: 'Add scene', exact: true }).click();
    await page.getByRole('heading', { name: 'Scene 3' }).waitFor();
    expect((await owner.api.get(`/videos/${videoId}/scenes`)).body).toHaveLength(3);
    await page.getByRole('button', { name: 'Delete scene 3' }).click();
    await page.getByRole('heading', { name: 'Scene 3' }).waitFor({ state: 'detached' });
    expect((await owner.api.get(`/videos/${videoId}/scenes`)).body).toHaveLength(2);

    const narration = 'Lighthouse keepers once trimmed the wick every few hours.';
    await page.getByLabel('Narration (scene 1)').fill(narration);
    await page.getByRole('button', { name: 'Save scene 1' }).click();
    await eventually(async () => {
      const scenes = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
      return scenes[0]?.narration === narration ? true : undefined;
    }, 'the edited narration to be saved');
    await expect(page.getByLabel('Narration (scene 1)').inputValue()).resolves.toBe(narration);

    // An image of the client's own for scene 2: uploaded as an asset, then named by the scene.
    const estimate = async () =>
      Number((await page.getByTestId('estimated-credits').textContent())!.split(' ')[0]);
    const before = await estimate();
    await page.getByLabel('Upload an image or a clip for scene 2').setInputFiles({
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: picture(640, 360),
    });
    await page.getByRole('img', { name: 'Chosen for scene 2' }).waitFor();
    const scenes = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
    expect(scenes[1].image_asset_id).toMatch(/^[0-9a-f-]{36}$/);
    // A scene with the client's image costs no image credit.
    await eventually(
      async () => ((await estimate()) === before - 1 ? true : undefined),
      'the estimate to drop',
    );
    // A clip of the client's own for scene 1: it plays in the editor and costs no image credit either.
    await page.getByLabel('Upload an image or a clip for scene 1').setInputFiles({
      name: 'waves.mp4',
      mimeType: 'video/mp4',
      buffer: clip(),
    });
    await page.getByLabel('Clip of scene 1').waitFor();
    const withClip = (await owner.api.get(`/videos/${videoId}/scenes`)).body;
    expect(withClip[0].video_asset_id).toMatch(/^[0-9a-f-]{36}$/);
    await eventually(
      async () => ((await estimate()) === before - 2 ? true : undefined),
      'the estimate to drop again',
    );
    // Back to a drawn picture for scene 1, which the finished video's checks below expect.
    const reverted = await owner.api.patch(`/videos/${videoId}/scenes/${withClip[0].id}`, {
      video_asset_id: null,
    });
    expect(reverted.body).toMatchObject({ video_asset_id: null, image_asset_id: null });
    await shot('video-review');

    await approve.click();
    await page
      .getByTestId('video-status')
      .filter({ hasText: /^completed$/ })
      .waitFor({ state: 'attached', timeout: 240_000 });
    const player = page.getByTestId('player');
    await player.waitFor();
    const media = await player.evaluate(
      (v: any) =>
        new Promise<{ readyState: number; duration: number; error: number | null }>((resolve) => {
          const done = () =>
            resolve({ readyState: v.readyState, duration: v.duration, error: v.error?.code ?? null });
          if (v.readyState >= 1) done();
          else {
            v.addEventListener('loadedmetadata', done, { once: true });
            v.addEventListener('error', done, { once: true });
          }
        }),
    );
    expect(media.error).toBeNull();
    expect(media.readyState).toBeGreaterThanOrEqual(1);
    expect(media.duration).toBeGreaterThan(1);
    // It plays: the clock moves.
    const played = await player.evaluate(async (v: any) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 700));
      v.pause();
      return v.currentTime;
    });
    expect(played).toBeGreaterThan(0);
    const downloads = page.getByRole('list').filter({ has: page.getByRole('link', { name: 'Video (MP4)' }) });
    await expect(downloads.getByRole('link').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByRole('img', { name: 'Thumbnail of the video' }).waitFor();
    // Each scene's picture and what it shows: scene 1 drawn, scene 2 the client's own.
    const pictures = page.getByTestId('scene-picture');
    await expect(pictures.count()).resolves.toBe(2);
    const drawn = (await owner.api.get(`/videos/${videoId}/scenes`)).body[0];
    expect(drawn.image_depicts).toEqual(expect.any(Array));
    await expect(pictures.nth(0).getByTestId('scene-depicts').textContent()).resolves.toBe(
      drawn.image_depicts.length > 0
        ? `Shows ${drawn.image_depicts.join(', ')}`
        : 'A backdrop, nothing in particular',
    );
    await pictures.nth(0).getByRole('img').waitFor();
    await expect(pictures.nth(1).getByTestId('scene-depicts').textContent()).resolves.toBe('Your own image');
    await expect(page.getByRole('table').last().textContent()).resolves.toContain('completed');
    // The transcript: the words as spoken, scene by scene.
    const transcript = page.getByTestId('transcript');
    await transcript.waitFor();
    await expect(transcript.textContent()).resolves.toContain(narration);
    await expectNoSeriousViolations('completed video');
    await shot('video-completed');

    const video = (await owner.api.get(`/videos/${videoId}`)).body;
    expect(video.status).toBe('completed');

    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: 'How lighthouses guide ships' });
    await row.getByText('completed').waitFor();
    await expectNoSeriousViolations('videos');
  });

  it("shows a failed video's failure reason and retries it from its page", { timeout: 300_000 }, async () => {
    const failing = await owner.api.post('/videos', {
      prompt: 'Why tides rise and fall twice a day.',
      scene_count: 1,
      auto_approve: true,
      faults: { narrating: { fail: true } },
    });
    expect(failing.status, failing.text).toBe(201);
    await page.getByRole('link', { name: 'Videos', exact: true }).click();
    // The list follows the new video live until it fails.
    const row = page.getByRole('row').filter({ hasText: 'Why tides rise' });
    await row.getByText('failed').waitFor({ timeout: 120_000 });
    await shot('videos');
    await row.getByRole('link').click();
    const failure = page.getByRole('region', { name: 'Failure' });
    await failure.getByText('AUDIO_GENERATION_ERROR').waitFor();
    await expect(failure.textContent()).resolves.toContain('during narrating');
    await expectNoSeriousViolations('failed video');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByTestId('video-status')
      .filter({ hasText: /^completed$/ })
      .waitFor({ state: 'attached', timeout: 240_000 });
    await page.getByTestId('player').waitFor();
  });

  it('shows the delivery of video.completed to the webhook with its attempts, redelivers it, and deletes the webhook', {
    timeout: 300_000,
  }, async () => {
    await eventually(
      () => (hookRoute.received.length >= 1 ? true : undefined),
      'the delivery to arrive',
      60_000,
    );
    await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
    const item = page.getByRole('listitem').filter({ hasText: hookRoute.url });
    await item.getByRole('button', { name: 'Deliveries' }).click();
    // The delivery for the video made at the gate (the retried video has one too).
    const delivery = item.getByTestId('delivery').filter({ hasText: videoId.slice(0, 8) });
    await delivery.waitFor();
    await eventually(async () => {
      if ((await delivery.textContent())?.includes('succeeded')) return true;
      await item.getByRole('button', { name: 'Refresh' }).click();
      return undefined;
    }, 'the delivery to show as succeeded');
    await expect(delivery.textContent()).resolves.toContain('run 1, attempt 1: succeeded (HTTP 200)');
    await expectNoSeriousViolations('webhook deliveries');
    await shot('webhooks');

    const received = hookRoute.received.length;
    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await eventually(
      () => (hookRoute.received.length > received ? true : undefined),
      'the redelivery to arrive',
    );
    await eventually(async () => {
      await item.getByRole('button', { name: 'Refresh' }).click();
      return (await delivery.textContent())?.includes('run 2, attempt 1: succeeded') ? true : undefined;
    }, 'the redelivery to be listed');

    // Deleting the webhook (after a confirmation) removes it.
    page.once('dialog', (d) => void d.accept());
    await item.getByRole('button', { name: 'Delete', exact: true }).click();
    await item.waitFor({ state: 'detached' });
    expect((await owner.api.get('/callbacks')).body).toEqual([]);
  });

  it('shows the balance and ledger, and buys a plan', async () => {
    await page.getByRole('link', { name: 'Credits', exact: true }).click();
    await page.getByRole('heading', { name: 'Credits', level: 1 }).waitFor();
    const before = Number((await page.getByTestId('credit-balance').textContent())!.replace(/\D+/g, ''));
    expect(before).toBeLessThan(60); // the approved video was charged
    await page.getByRole('radio', { name: /starter/i }).check();
    await page.getByLabel('Payment token').fill(`tok_test_ok_${Date.now()}`);
    await page.getByRole('button', { name: 'Buy plan' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `New balance: ${before + 100} credits` })
      .waitFor();
    await page
      .getByTestId('credit-balance')
      .filter({ hasText: String(before + 100) })
      .waitFor();
    await page.getByRole('cell', { name: 'purchased' }).waitFor();
    await expectNoSeriousViolations('credits');
    await shot('credits');
  });

  it('uploads an asset and lists it with the generated ones', async () => {
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await page.getByRole('heading', { name: 'Assets', level: 1 }).waitFor();
    await page.getByRole('cell', { name: 'video', exact: true }).first().waitFor();
    await page
      .getByLabel(/^File/)
      .setInputFiles({ name: 'backdrop.png', mimeType: 'image/png', buffer: picture(320, 180) });
    await page.getByLabel('Asset name').fill('Brand backdrop');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('link', { name: 'Brand backdrop' }).waitFor();
    const listed = (await owner.api.get('/assets?source=upload')).body.data;
    expect(listed.map((a: any) => a.name)).toContain('Brand backdrop');
    await expectNoSeriousViolations('assets');
    await shot('assets');
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
