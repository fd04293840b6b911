import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { type Stack, startStack } from '../../../test/support/processes';
import { createVideo, download, finished, waitForVideo } from '../../../test/support/videos';

/**
 * Logs are read by more people than keys are given to. A whole run (keys, a webhook, a purchase,
 * a video, signed downloads, a delivery) at debug level, then every line the api and the
 * worker printed is searched for anything that grants access.
 */
describe('no secret reaches a log line', () => {
  let stack: Stack;
  let logs = '';
  const secrets: Record<string, string> = {};

  beforeAll(async () => {
    const ctx = inject('stack');
    stack = await startStack({
      databaseUrl: ctx.databaseUrl,
      temporalAddress: ctx.temporalAddress,
      taskQueue: `log-secrets-${Date.now()}`,
      dataDir: path.join(ctx.dataDir, 'log-secrets'),
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
    // The delivery to an unreachable receiver fails its attempts, logging what it does.
    await new Promise((r) => setTimeout(r, 4000));
    await stack.stop();
    logs = stack.api.output() + stack.worker!.output();
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
});
