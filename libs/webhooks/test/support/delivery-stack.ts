// The stack, HTTPS receiver, webhooks and videos of the webhook delivery specs, and the checks
// they share. Each spec file that calls useDeliveryStack starts its own.
import { verifyWebhook } from '@vidgen/client';
import {
  eventually,
  HttpsReceiver,
  makeCertificates,
  type ReceivedRequest,
  type Reply,
  type Route,
  type Stack,
  type TestCertificates,
} from '@vidgen/stack-harness';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccount, type TestAccount } from '../../../../test/support/api';
import { startOwnStack } from '../../../../test/support/own-stack';
import { createVideo, finished, waitForVideo } from '../../../../test/support/videos';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const ISO_Z = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
export const NAIVE_MICROS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/;
/**
 * WEBHOOK_BACKOFF_BASE_SECONDS / _FACTOR of this stack: waits of 0.5 s, 1 s, 2 s less up to 20%
 * jitter, so one wait is at least 300 ms longer than the one before: more than a loaded machine
 * delays an attempt, which the specs' "growing gaps" compare.
 */
export const BASE_MS = 500;
export const FACTOR = 2;

/**
 * What a receiver does (docs/webhooks.md): verify with the client's verifyWebhook, which
 * recomputes the HMAC over the raw body, compares in constant time and checks the timestamp.
 */
export function signatureMatches(req: ReceivedRequest, secret: string): boolean {
  return verifyWebhook(secret, req.headers, req.rawBody, { toleranceSeconds: 300 });
}

/** A payload with the expiry and signature of its asset links blanked out. */
export function withoutLinkSignatures(raw: Buffer): string {
  return raw.toString('utf8').replace(/expires=\d+&signature=[0-9a-f]{64}/g, 'expires=…&signature=…');
}

/**
 * Starts a stack and an HTTPS receiver in beforeAll (stopped in afterAll), gives an owner and a
 * stranger their webhooks and makes one completed and one failed video. `label` keeps the task
 * queue and data directory apart from those of other spec files.
 */
export function useDeliveryStack(label: string) {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;
  let stack: Stack;
  let owner: TestAccount;
  let stranger: TestAccount;
  let completedVideo: any;
  let failedVideo: any;
  const hooks: Record<string, { id: string; secret: string; route: Route }> = {};

  async function addHook(account: TestAccount, name: string, event: string, replies: Reply[], host?: string) {
    const route = receiver.route(replies, host);
    const res = await account.api.post('/callbacks', { url: route.url, event });
    expect(res.status, res.text).toBe(201);
    hooks[name] = { id: res.body.id, secret: res.body.secret, route };
  }

  async function deliveriesOf(name: string, account = owner): Promise<any[]> {
    const res = await account.api.get(`/callbacks/${hooks[name]!.id}/deliveries`);
    expect(res.status, res.text).toBe(200);
    return res.body.data;
  }

  /** The webhook's only delivery, once its current run has finished. */
  function settled(name: string, timeoutMs = 60_000): Promise<any> {
    return eventually(
      async () => {
        const list = await deliveriesOf(name);
        return list.length === 1 && list[0].status !== 'pending' ? list[0] : undefined;
      },
      `the delivery to ${name} to finish`,
      timeoutMs,
    );
  }

  const hookRecord = async (name: string) =>
    (await owner.api.get('/callbacks')).body.find((w: any) => w.id === hooks[name]!.id);

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
    stack = await startOwnStack(label, {
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        WEBHOOK_BACKOFF_BASE_SECONDS: String(BASE_MS / 1000),
        WEBHOOK_BACKOFF_FACTOR: String(FACTOR),
        WEBHOOK_TIMEOUT_SECONDS: '1',
        WEBHOOK_DISABLE_AFTER_FAILURES: '2',
        VIDGEN_FAULT_INJECTION: '1',
      },
    });
    owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    stranger = await createAccount({ credits: 100, baseUrl: stack.baseUrl });

    await addHook(owner, 'completed', 'video.completed', [{ status: 200 }]);
    await addHook(owner, 'failed', 'video.failed', [{ status: 200 }]);
    // Addressed by IP, so its TLS sessions are its own: a connection to localhost that ends in an
    // error (the hanging receiver's) drops the sessions kept for localhost.
    await addHook(
      owner,
      'flaky',
      'video.completed',
      [{ status: 500 }, { status: 500 }, { status: 204 }],
      '127.0.0.1',
    );
    await addHook(owner, 'down', 'video.completed', [{ status: 500 }]);
    await addHook(owner, 'redirect', 'video.completed', [
      { status: 301, headers: { Location: `https://localhost:${receiver.port}/elsewhere` } },
    ]);
    await addHook(owner, 'gone', 'video.completed', [{ status: 410 }]);
    await addHook(owner, 'hang', 'video.completed', ['hang']);
    await addHook(owner, 'slow', 'video.completed', [{ status: 200, delayMs: 600 }]);
    await addHook(owner, 'paused', 'video.completed', [{ status: 200 }]);
    const paused = await owner.api.patch(`/callbacks/${hooks.paused!.id}`, { is_active: false });
    expect(paused.status, paused.text).toBe(200);
    await addHook(stranger, 'strangerCompleted', 'video.completed', [{ status: 200 }]);
    await addHook(stranger, 'strangerFailed', 'video.failed', [{ status: 200 }]);

    const prompt = 'How lighthouses guide ships at night.';
    const c = await createVideo(owner.api, { prompt, scene_count: 1, auto_approve: true });
    const f = await createVideo(owner.api, {
      prompt,
      scene_count: 1,
      auto_approve: true,
      faults: { rendering: { timeout: true } },
    });
    completedVideo = await waitForVideo(owner.api, c.id, finished, 180_000);
    failedVideo = await waitForVideo(owner.api, f.id, finished, 180_000);
    expect(completedVideo.status).toBe('completed');
    expect(failedVideo.status).toBe('failed');
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
    certs?.cleanup();
  });

  return {
    hooks,
    addHook,
    deliveriesOf,
    settled,
    hookRecord,
    /** What beforeAll made: call it from a hook or a test. */
    made: () => ({ receiver, owner, stranger, completedVideo, failedVideo, stack }),
  };
}
