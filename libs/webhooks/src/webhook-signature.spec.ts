import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhookPayload, verifyWebhookSignature } from './webhook-signature';

const secret = 'whsec_test_secret';
const body =
  '{"event":"video.completed","video_id":"0b6c5a3e-3c1f-4a4e-9a65-8e5f0c2c9d11","data":{},"created_at":1790000000}';

describe('signWebhookPayload (docs/webhooks.md#verify-the-signature)', () => {
  it('is sha256= and the lowercase hex HMAC-SHA-256 of "<timestamp>.<raw body>" keyed with the secret', () => {
    const expected = createHmac('sha256', secret).update(`1790000000.${body}`).digest('hex');
    expect(signWebhookPayload(secret, 1790000000, body)).toBe(`sha256=${expected}`);
    expect(signWebhookPayload(secret, '1790000000', Buffer.from(body))).toBe(`sha256=${expected}`);
    expect(signWebhookPayload(secret, 1790000000, body)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it('matches a digest computed independently (openssl dgst -sha256 -hmac)', () => {
    // printf '%s' '1700000000.{"a":1}' | openssl dgst -sha256 -hmac 'key'
    expect(signWebhookPayload('key', 1700000000, '{"a":1}')).toBe(
      'sha256=a438e398bfafc57e4396bb7fc2304422f0f768e965d073ca313cb52e22e6ad03',
    );
  });

  it('changes with the timestamp, the body and the secret', () => {
    const base = signWebhookPayload(secret, 1, body);
    expect(signWebhookPayload(secret, 2, body)).not.toBe(base);
    expect(signWebhookPayload(secret, 1, `${body} `)).not.toBe(base);
    expect(signWebhookPayload(`${secret}x`, 1, body)).not.toBe(base);
  });

  it('signs the raw bytes: a re-serialised body with other whitespace does not verify', () => {
    const now = 1790000000;
    const signature = signWebhookPayload(secret, now, body);
    const reserialised = JSON.stringify(JSON.parse(body), null, 2);
    expect(
      verifyWebhookSignature({
        secret,
        signature,
        timestamp: String(now),
        rawBody: reserialised,
        nowSeconds: now,
      }),
    ).toBe(false);
  });

  it('handles multi-byte UTF-8 bodies as bytes', () => {
    const text = '{"prompt":"Größe – 日本"}';
    expect(signWebhookPayload(secret, 5, text)).toBe(
      signWebhookPayload(secret, 5, Buffer.from(text, 'utf8')),
    );
  });
});

describe('verifyWebhookSignature', () => {
  const now = 1790000000;
  const signature = signWebhookPayload(secret, now, body);
  const ok = { secret, signature, timestamp: String(now), rawBody: body, nowSeconds: now };

  it('accepts the signature it made', () => {
    expect(verifyWebhookSignature(ok)).toBe(true);
  });

  it('accepts timestamps up to 5 minutes away, refuses beyond', () => {
    expect(verifyWebhookSignature({ ...ok, nowSeconds: now + 300 })).toBe(true);
    expect(verifyWebhookSignature({ ...ok, nowSeconds: now - 300 })).toBe(true);
    expect(verifyWebhookSignature({ ...ok, nowSeconds: now + 301 })).toBe(false);
    expect(verifyWebhookSignature({ ...ok, nowSeconds: now - 301 })).toBe(false);
  });

  it.each([
    ['a wrong secret', { secret: 'other' }],
    ['a tampered body', { rawBody: body.replace('completed', 'failed') }],
    ['another timestamp than the one signed', { timestamp: String(now + 1) }],
    ['a missing signature', { signature: undefined }],
    ['a missing timestamp', { timestamp: undefined }],
    ['a non-numeric timestamp', { timestamp: 'yesterday' }],
    ['a signature without its prefix', { signature: signature.slice('sha256='.length) }],
    ['an upper-case digest', { signature: `sha256=${signature.slice(7).toUpperCase()}` }],
    ['a truncated signature', { signature: signature.slice(0, -2) }],
  ])('refuses %s', (_label, change) => {
    expect(verifyWebhookSignature({ ...ok, ...change })).toBe(false);
  });
});
