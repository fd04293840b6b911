import { signWebhookPayload } from '@vidgen/webhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook } from './verify-webhook';

const secret = 'whsec_test';
const body = '{"event":"video.completed","video_id":"v1"}';
const now = 1_800_000_000;

function signed(timestamp = now, payload = body) {
  return {
    'X-Service-Signature': signWebhookPayload(secret, timestamp, payload),
    'X-Service-Timestamp': String(timestamp),
  };
}

describe('verifyWebhook', () => {
  it('accepts what the service signs, from a plain object or a Headers', () => {
    expect(verifyWebhook(secret, signed(), body, { nowSeconds: now })).toBe(true);
    expect(verifyWebhook(secret, new Headers(signed()), Buffer.from(body), { nowSeconds: now })).toBe(true);
    const lower = Object.fromEntries(Object.entries(signed()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhook(secret, lower, body, { nowSeconds: now })).toBe(true);
  });

  it('refuses another secret, a changed body, a missing header and a malformed signature', () => {
    expect(verifyWebhook('whsec_other', signed(), body, { nowSeconds: now })).toBe(false);
    expect(verifyWebhook(secret, signed(), `${body} `, { nowSeconds: now })).toBe(false);
    expect(verifyWebhook(secret, { 'X-Service-Timestamp': String(now) }, body, { nowSeconds: now })).toBe(
      false,
    );
    const short = { ...signed(), 'X-Service-Signature': 'sha256=abc' };
    expect(verifyWebhook(secret, short, body, { nowSeconds: now })).toBe(false);
  });

  it('refuses a timestamp outside the tolerance (default 300 s)', () => {
    expect(verifyWebhook(secret, signed(now - 300), body, { nowSeconds: now })).toBe(true);
    expect(verifyWebhook(secret, signed(now - 301), body, { nowSeconds: now })).toBe(false);
    expect(verifyWebhook(secret, signed(now + 301), body, { nowSeconds: now })).toBe(false);
    expect(verifyWebhook(secret, signed(now - 3600), body, { nowSeconds: now, toleranceSeconds: 7200 })).toBe(
      true,
    );
  });
});
