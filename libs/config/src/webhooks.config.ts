import { z } from 'zod';
import { bool } from './env-values';

export const webhooksEnv = z.object({
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  WEBHOOK_BACKOFF_BASE_SECONDS: z.coerce.number().positive().default(5),
  WEBHOOK_BACKOFF_FACTOR: z.coerce.number().min(1).default(5),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
});

export interface WebhooksConfig {
  allowPrivateNetworks: boolean;
  backoffBaseSeconds: number;
  backoffFactor: number;
  /** Whole-attempt timeout of one delivery POST (DNS, connect, TLS, response headers). */
  timeoutSeconds: number;
  /** Exhausted deliveries in a row after which a webhook is set inactive. */
  disableAfterFailures: number;
}

export function webhooksConfig(e: z.infer<typeof webhooksEnv>): WebhooksConfig {
  return {
    allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    backoffBaseSeconds: e.WEBHOOK_BACKOFF_BASE_SECONDS,
    backoffFactor: e.WEBHOOK_BACKOFF_FACTOR,
    timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
    disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
  };
}
