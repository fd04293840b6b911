import { randomBytes } from 'node:crypto';
import { AccountRepository, DashboardSessionRepository, DashboardSessionService } from '@vidgen/auth';
import { type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { createVideo, download, finished, waitForVideo } from '../../../test/support/videos';
import { signInWithLink } from './support/dashboard-sign-in';

/**
 * Logs are read by more people than keys are given to. A whole run (keys, a webhook, a purchase,
 * a video, signed downloads, a delivery, a dashboard sign-in) at debug level, then every line the api and the
 * worker printed is searched for anything that grants access.
 */
describe('no secret reaches a log line', () => {
  let stack: Stack;
  let logs = '';
  let apiLog = '';
  let workerLog = '';
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    stack = await startOwnStack('log-secrets', {
      env: { LOG_LEVEL: 'debug', WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_BACKOFF_BASE_SECONDS: '0.2' },
      keepAllOutput: true,
    });
    const account = await createAccount({ credits: 20, baseUrl: stack.baseUrl });
    secrets['API key'] = account.key;

    const hook = await account.api.post('/callbacks', {
      url: 'https://93.184.216.34/hooks/logs',
      event: 'video.completed',
    });
    expect(hook.status, hook.text).toBe(201);
    secrets['webhook secret'] = hook.body.secret;

    secrets['payment token'] = `tok_test_ok_${randomBytes(8).toString('hex')}`;
    const bought = await account.api.post('/credits/purchase', {
      plan: 'starter',
      payment_token: secrets['payment token'],
    });
    expect(bought.status, bought.text).toBe(200);
    secrets['declined payment token'] = `tok_declined_${randomBytes(8).toString('hex')}`;
    const declined = await account.api.post('/credits/purchase', {
      plan: 'starter',
      payment_token: secrets['declined payment token'],
    });
    expect(declined.status).toBe(400);

    const created = await createVideo(account.api, {
      prompt: 'Lanterns on a winter river.',
      scene_count: 1,
      auto_approve: true,
    });
    const video = await waitForVideo(account.api, created.id, finished, 150_000);
    expect(video.status).toBe('completed');
    for (const field of ['video_url', 'thumbnail_url', 'subtitles_url']) {
      const url = new URL(video[field]);
      secrets[`${field} signature`] = url.searchParams.get('signature')!;
      expect((await download(url.toString())).status).toBe(200);
      expect((await download(url.toString(), { Range: 'bytes=0-99' })).status).toBe(206);
    }
    // The dashboard: a sign-in link, the session cookie it sets, the CSRF token, a key made there.
    const link = await new DashboardSessionService(
      new DashboardSessionRepository(testDb()),
      new AccountRepository(testDb()),
    ).createLoginLink(account.accountId);
    secrets['sign-in link token'] = link.token;
    const origin = new URL(stack.baseUrl).origin;
    const { cookie, nonce } = await signInWithLink(origin, link.token);
    secrets['sign-in page nonce'] = nonce;
    secrets['session token'] = cookie.split('=')[1]!;
    const session = (await (
      await fetch(`${stack.baseUrl}/dashboard/session`, { headers: { Cookie: cookie } })
    ).json()) as {
      csrf_token: string;
    };
    secrets['CSRF token'] = session.csrf_token;
    const made = await fetch(`${stack.baseUrl}/dashboard/keys`, {
      method: 'POST',
      headers: { Cookie: cookie, 'X-CSRF-Token': session.csrf_token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'from the dashboard', scopes: ['videos:read'] }),
    });
    expect(made.status).toBe(201);
    secrets['dashboard-made key'] = ((await made.json()) as { key: string }).key;
    // The delivery to an unreachable receiver fails its attempts, logging what it does.
    await new Promise((r) => setTimeout(r, 4000));
    await stack.stop();
    [apiLog, workerLog] = [stack.api.output(), stack.worker!.output()];
    logs = apiLog + workerLog;
  }, 240_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('logged the run at all (so the search below means something)', () => {
    expect(logs).toMatch(
      /\/api\/v1\/assets\/[0-9a-f-]{36}\/content\?expires=\[REDACTED\]&signature=\[REDACTED\]/,
    );
    expect(logs).toMatch(/\/api\/v1\/credits\/purchase/);
  });

  it('holds no key, webhook secret, payment token or URL signature', () => {
    for (const [what, value] of Object.entries(secrets)) {
      expect(value.length, what).toBeGreaterThan(8);
      expect(logs.includes(value), `${what} appears in the logs`).toBe(false);
    }
  });

  it('every request line carries its request id, every activity line its video id and workflow id', () => {
    const entries = (text: string): Record<string, any>[] =>
      text.split('\n').flatMap((line) => {
        try {
          const entry = JSON.parse(line);
          return entry && typeof entry === 'object' ? [entry] : [];
        } catch {
          return [];
        }
      });
    const requestLines = entries(apiLog).filter((e) => e.req);
    expect(requestLines.length).toBeGreaterThan(10);
    for (const e of requestLines) expect(e.req.id, `${e.msg} ${e.req.url}`).toMatch(/^\S+$/);
    // The SDK logs each activity's start and end at debug level, with the activity's attributes.
    const activityLines = entries(workerLog).filter((e) => e.activityType);
    const videoLines = activityLines.filter((e) => String(e.workflowId).startsWith('video-'));
    expect(videoLines.length).toBeGreaterThan(5);
    for (const e of activityLines) expect(e.workflowId, `${e.msg} ${e.activityType}`).toBeTruthy();
    for (const e of videoLines) expect(e.videoId, `${e.msg} ${e.activityType}`).toBe(e.workflowId.slice(6));
  });
});
