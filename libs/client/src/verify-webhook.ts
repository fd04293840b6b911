import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far X-Service-Timestamp may be from this machine's clock (default 300 s). */
  toleranceSeconds?: number;
  /** The current Unix time in seconds (default: the clock). */
  nowSeconds?: number;
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (key.toLowerCase() === wanted) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

/**
 * Checks a webhook delivery (docs/webhooks.md#verify-the-signature): X-Service-Signature must be
 * `sha256=` + the lowercase hex HMAC-SHA-256, keyed with the webhook secret, of
 * `<X-Service-Timestamp>.<raw body>`, compared in constant time; and the timestamp must be within
 * the tolerance, so a captured delivery cannot be replayed later. `rawBody` is the body exactly as
 * received, before any JSON parsing.
 */
export function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  options: VerifyWebhookOptions = {},
): boolean {
  const signature = header(headers, 'X-Service-Signature');
  const timestamp = header(headers, 'X-Service-Timestamp');
  if (!signature || !timestamp || !/^\d{1,15}$/.test(timestamp)) return false;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false;
  const mac = createHmac('sha256', secret);
  mac.update(`${timestamp}.`);
  mac.update(rawBody);
  const expected = Buffer.from(`sha256=${mac.digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
