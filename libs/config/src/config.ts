import { z } from 'zod';
import { type ApiConfig, apiConfig, apiEnv } from './api.config';
import { type AssetsConfig, assetsConfig, assetsEnv } from './assets.config';
import { parseEnv } from './env-values';
import { loadMediaConfig, type MediaConfig } from './media.config';
import { type RuntimeConfig, runtimeConfig, runtimeEnv } from './runtime.config';
import { type WebhooksConfig, webhooksConfig, webhooksEnv } from './webhooks.config';

export { ConfigError } from './env-values';

/** Every group's variables, checked together so one start-up names every problem at once. */
const envSchema = z.object({
  ...runtimeEnv.shape,
  ...apiEnv.shape,
  ...webhooksEnv.shape,
  ...assetsEnv.shape,
});

export interface AppConfig extends RuntimeConfig, ApiConfig, AssetsConfig {
  webhooks: WebhooksConfig;
  media: MediaConfig;
}

/**
 * Parses the environment once, at start-up. Nothing else in the code base reads process.env:
 * processes receive this object (or the part of it they need).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = parseEnv(envSchema, env);
  const runtime = runtimeConfig(e);
  return {
    ...runtime,
    ...apiConfig(e, runtime.port),
    webhooks: webhooksConfig(e),
    ...assetsConfig(e, runtime.dataDir),
    media: loadMediaConfig(env),
  };
}
