// The dashboard's browser specs: a stack of the spec's own serving the built dashboard, an account,
// Chromium on one page, and the steps the specs share (sign-in links, screenshots, axe-core).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDashboardBuilt, REPO_ROOT } from '@vidgen/devstack';
import { resolveFfmpeg } from '@vidgen/media';
import { HttpsReceiver, makeCertificates, type Stack, type TestCertificates } from '@vidgen/stack-harness';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../../test/support/api';
import { startOwnStack } from '../../../../test/support/own-stack';
import { cliWithEnv, singleJsonObject } from '../../../cli/test/support/cli';
import { launchChromium, seriousViolations } from '../browser';

/** A 2 s moving test clip, as a phone would upload it (H.264 in MP4). */
export function clip(): Buffer {
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

/** A PNG test card made with the pinned ffmpeg. */
export function picture(width: number, height: number): Buffer {
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

/** `npm run screenshots` sets this: each page is saved as a PNG there as the specs walk through it. */
const SHOTS = process.env.DASHBOARD_SCREENSHOTS_DIR
  ? path.resolve(REPO_ROOT, process.env.DASHBOARD_SCREENSHOTS_DIR)
  : undefined;

export interface DashboardState {
  stack: Stack;
  origin: string;
  /** 60 credits on the free plan, named Northwind Studio. */
  owner: TestAccount;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** With `webhooks`: an HTTPS server on 127.0.0.1 with a CA of its own, which the stack trusts. */
  receiver: HttpsReceiver;
}

export interface DashboardOptions {
  /** Start the api alone, for specs that start no workflow. */
  apiOnly?: boolean;
  /** An HTTPS webhook receiver, fast webhook retries and fault injection. */
  webhooks?: boolean;
  /** Sign the page in (a login link, its Sign in button) before the spec's tests. */
  signedIn?: boolean;
}

/**
 * Registers, in the calling describe, the start of a dashboard stack before its tests and its end
 * after them; `state()` gives what was started once the tests run.
 */
export function useDashboard(label: string, options: DashboardOptions = {}) {
  let state: DashboardState;
  let certs: TestCertificates | undefined;

  beforeAll(async () => {
    // The api serves apps/dashboard/dist: build it first when it is missing.
    await ensureDashboardBuilt();
    let receiver: HttpsReceiver | undefined;
    if (options.webhooks) {
      certs = makeCertificates();
      receiver = new HttpsReceiver(certs);
      await receiver.start();
    }
    const stack = await startOwnStack(label, {
      apiOnly: options.apiOnly,
      env: certs
        ? {
            // The webhook receiver of this spec is an HTTPS server on 127.0.0.1 with a CA of its own.
            NODE_EXTRA_CA_CERTS: certs.caPath,
            WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
            WEBHOOK_BACKOFF_BASE_SECONDS: '0.2',
            WEBHOOK_BACKOFF_FACTOR: '2',
            VIDGEN_FAULT_INJECTION: '1',
          }
        : {},
    });
    const owner = await createAccount({ credits: 60, plan: 'free', baseUrl: stack.baseUrl });
    await testDb()
      .updateTable('accounts')
      .set({ name: 'Northwind Studio' })
      .where('id', '=', owner.accountId)
      .execute();
    const browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    state = {
      stack,
      origin: new URL(stack.baseUrl).origin,
      owner,
      browser,
      context,
      page,
      receiver: receiver as HttpsReceiver,
    };
    if (options.signedIn) await signIn();
  }, 300_000);

  afterAll(async () => {
    await state?.browser.close();
    await state?.stack.stop();
    await state?.receiver?.stop();
    certs?.cleanup();
  });

  const shot = async (name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await state.page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  };

  /** A sign-in link of the account, made as an operator makes one: `vidgen accounts login-link`. */
  const loginLink = async (accountId: string, ...extra: string[]) => {
    const res = await cliWithEnv(
      {
        ...process.env,
        DATABASE_URL: inject('stack').databaseUrl,
        PUBLIC_BASE_URL: state.origin,
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

  /** Opens a sign-in link of the owner and presses Sign in: the page shows the videos. */
  async function signIn(): Promise<void> {
    const { page, owner } = state;
    await page.goto((await loginLink(owner.accountId)).url);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/videos$/);
  }

  const expectNoSeriousViolations = async (where: string) => {
    expect(await seriousViolations(state.page), where).toEqual([]);
  };

  const sessionCookie = async () => (await state.context.cookies()).find((c) => c.name === 'vidgen_session');

  return { state: () => state, shot, loginLink, expectNoSeriousViolations, sessionCookie };
}
