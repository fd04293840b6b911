import { isIP } from 'node:net';
import { z } from 'zod';
import { optionalString } from './env-values';

/** Names Express's `trust proxy` knows for ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For (and -Proto) to believe, as Express's `trust proxy`
 * takes them. Off by default: the client address is the connection's. A number is how many
 * proxies stand in front; a list names their addresses or subnets. `true` (believe any hop) is
 * refused, since any client could then choose its own address.
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const value = (v ?? '').trim();
    if (value === '' || value === '0' || value === 'false' || value === 'off') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    } else if (value !== 'true') {
      const entries = value.split(',').map((x) => x.trim());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'give the number of proxies in front of the api (1–10), or their addresses or subnets, comma-separated (e.g. "10.0.0.0/8, loopback"); "true" would believe any client\'s X-Forwarded-For',
    });
    return z.NEVER;
  });

/** What the api applies at its edge: its public address, the proxies it believes, limits, payments. */
export const apiEnv = z.object({
  PUBLIC_BASE_URL: optionalString,
  TRUST_PROXY: trustProxy,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  VIDEO_CREATE_LIMIT_FREE: z.coerce.number().int().min(1).default(10),
  VIDEO_CREATE_LIMIT_STARTER: z.coerce.number().int().min(1).default(100),
  VIDEO_CREATE_LIMIT_PRO: z.coerce.number().int().min(1).default(1000),
  NODE_ENV: optionalString,
  PAYMENT_PROVIDER: z.enum(['test', 'none']).optional(),
});

export interface ApiConfig {
  publicBaseUrl: string;
  /** Express's `trust proxy` (TRUST_PROXY): false, a number of hops, or proxy addresses and subnets. */
  trustProxy: false | number | string[];
  /** `test`: tokens beginning tok_test_ok succeed; `none`: every purchase is refused. */
  paymentProvider: 'test' | 'none';
  rateLimits: {
    /** Requests per API key per minute, all endpoints. */
    perKeyPerMinute: number;
    /** Video creations per account per day, by plan. */
    videoCreatesPerDay: Record<'free' | 'starter' | 'pro', number>;
  };
}

/** `port` is the api's own (PORT), the public address's default. */
export function apiConfig(e: z.infer<typeof apiEnv>, port: number): ApiConfig {
  return {
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    // The test provider takes any `tok_test_ok…` token: never the default in production.
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'test'),
    rateLimits: {
      perKeyPerMinute: e.RATE_LIMIT_PER_MINUTE,
      videoCreatesPerDay: {
        free: e.VIDEO_CREATE_LIMIT_FREE,
        starter: e.VIDEO_CREATE_LIMIT_STARTER,
        pro: e.VIDEO_CREATE_LIMIT_PRO,
      },
    },
  };
}
