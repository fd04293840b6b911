import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header names carry the neutral word Service where a brand would be (docs/webhooks.md#what-arrives). */
export const WEBHOOK_HEADERS = {
  signature: 'X-Service-Signature',
  timestamp: 'X-Service-Timestamp',
  deliveryId: 'X-Service-Delivery-Id',
  event: 'X-Service-Event',
} as const;

/** How far a receiver should accept X-Service-Timestamp from its own clock (docs/webhooks.md). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * docs/webhooks.md#verify-the-signature: `sha256=` + lowercase hex of HMAC-SHA-256 keyed with
 * the webhook secret over `<timestamp>.<raw body>`. The body must be the very bytes that are sent.
 */
export function signWebhookPayload(
  secret: string,
  timestamp: number | string,
  rawBody: string | Buffer,
): string {
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(rawBody);
  return `sha256=${mac.digest('hex')}`;
}

/**
 * What a receiver does (and what our tests do): recompute, compare in constant time, and
 * refuse a timestamp outside the tolerance window so a captured request cannot be replayed later.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  signature: string | undefined;
  timestamp: string | undefined;
  rawBody: string | Buffer;
  toleranceSeconds?: number;
  nowSeconds?: number;
}): boolean {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^\d+$/.test(timestamp)) return false;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS))
    return false;
  const expected = Buffer.from(signWebhookPayload(input.secret, timestamp, input.rawBody));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
