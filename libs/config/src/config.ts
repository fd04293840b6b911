import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

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

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalString,
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().default('default'),
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_TASK_QUEUE: z.string().default('vidgen'),
  WORKER_ROLES: z.string().default('all'),
  VIDEO_WORKFLOW_UPDATES_PER_RUN: z.coerce.number().int().min(5).max(1500).default(500),
  API_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  TEMPORAL_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  PUBLIC_BASE_URL: optionalString,
  TRUST_PROXY: trustProxy,
  FFMPEG_PATH: optionalString,
  VIDGEN_FAULT_INJECTION: bool,
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: bool,
  WEBHOOK_BACKOFF_BASE_SECONDS: z.coerce.number().positive().default(5),
  WEBHOOK_BACKOFF_FACTOR: z.coerce.number().min(1).default(5),
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().positive().max(120).default(10),
  WEBHOOK_DISABLE_AFTER_FAILURES: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  VIDEO_CREATE_LIMIT_FREE: z.coerce.number().int().min(1).default(10),
  VIDEO_CREATE_LIMIT_STARTER: z.coerce.number().int().min(1).default(100),
  VIDEO_CREATE_LIMIT_PRO: z.coerce.number().int().min(1).default(1000),
  NODE_ENV: optionalString,
  PAYMENT_PROVIDER: z.enum(['test', 'none']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ASSET_URL_SECRET: optionalString,
  ASSET_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(25 * 1024 * 1024),
  ASSET_VIDEO_MAX_SECONDS: z.coerce.number().positive().max(3600).default(120),
  ASSET_VERIFY_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  ASSET_VERIFY_PER_ACCOUNT: z.coerce.number().int().min(1).max(64).default(2),
  ASSET_VERIFY_QUEUE_MAX: z.coerce.number().int().min(1).max(10_000).default(16),
  ASSET_STAGING_MAX_BYTES: z.coerce.number().int().min(1024).optional(),
  ASSET_URL_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
});

export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * Bound on every wait for PostgreSQL (a connection, a statement): past it the operation fails
   * with a database error instead of hanging its request or activity.
   */
  databaseTimeoutMs: number;
  temporal: {
    address: string | undefined;
    namespace: string;
    cliPath: string | undefined;
    taskQueue: string;
    /** Updates a video workflow run accepts before it continues as new (Temporal allows 2,000). */
    videoUpdatesPerRun: number;
  };
  /**
   * What a worker process polls (WORKER_ROLES): `control`, the main queue (workflows,
   * bookkeeping, webhooks); `media`, the media queue (images, narration, render segments, joins).
   */
  workerRoles: { control: boolean; media: boolean };
  /** Ports of what `npm start` runs itself when TEMPORAL_ADDRESS or DATABASE_URL is unset. */
  embedded: {
    temporalPort: number;
    temporalUiPort: number;
    postgresPort: number;
  };
  /** Ports of the Prometheus endpoints (/metrics), apart from the public api; 0 turns one off. */
  metrics: { apiPort: number; workerPort: number };
  publicBaseUrl: string;
  /** Express's `trust proxy` (TRUST_PROXY): false, a number of hops, or proxy addresses and subnets. */
  trustProxy: false | number | string[];
  ffmpegPath: string | undefined;
  faultInjection: boolean;
  webhooks: {
    allowPrivateNetworks: boolean;
    backoffBaseSeconds: number;
    backoffFactor: number;
    /** Whole-attempt timeout of one delivery POST (DNS, connect, TLS, response headers). */
    timeoutSeconds: number;
    /** Exhausted deliveries in a row after which a webhook is set inactive. */
    disableAfterFailures: number;
  };
  logLevel: string;
  /** `test`: tokens beginning tok_test_ok succeed; `none`: every purchase is refused. */
  paymentProvider: 'test' | 'none';
  assets: {
    dir: string;
    urlSecret: string | undefined;
    urlTtlSeconds: number;
    /** Largest file a client may upload or import; past it the transfer is cut off, not stored. */
    uploadMaxBytes: number;
    videoMaxSeconds: number;
    /**
     * Uploads and imports one api process takes at once (docs/decisions/0051-verification-shares.md):
     * decodes running together, in progress per account and in all, and the staging space they
     * may reserve. Past any of them a request is refused with 429 before its file is read.
     */
    verification: {
      concurrency: number;
      perAccount: number;
      queueMax: number;
      stagingMaxBytes: number;
    };
  };
  /**
   * Where asset files are kept (STORAGE_DRIVER): `local`, under assets.dir; `s3`, in an
   * S3-compatible bucket. Scratch and staging files stay under assets.dir either way.
   */
  storage: StorageConfig;
  media: MediaConfig;
  rateLimits: {
    /** Requests per API key per minute, all endpoints. */
    perKeyPerMinute: number;
    /** Video creations per account per day, by plan. */
    videoCreatesPerDay: Record<'free' | 'starter' | 'pro', number>;
  };
}

export interface S3StorageConfig {
  /** Unset: AWS S3 itself. Set: any S3-compatible server (MinIO, Ceph, R2, moto, …). */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (its AWS_* variables, an instance role, …). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (`http://host/bucket/key`), as MinIO and most self-hosted servers want. */
  forcePathStyle: boolean;
}

export type StorageConfig = { driver: 'local' } | { driver: 's3'; s3: S3StorageConfig };

export class ConfigError extends Error {}

/**
 * Parses the environment once, at start-up. Nothing else in the code base reads process.env:
 * processes receive this object (or the part of it they need).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseTimeoutMs: e.DATABASE_TIMEOUT_MS,
    temporal: {
      address: e.TEMPORAL_ADDRESS,
      namespace: e.TEMPORAL_NAMESPACE,
      cliPath: e.TEMPORAL_CLI_PATH,
      taskQueue: e.TEMPORAL_TASK_QUEUE,
      videoUpdatesPerRun: e.VIDEO_WORKFLOW_UPDATES_PER_RUN,
    },
    workerRoles: parseWorkerRoles(e.WORKER_ROLES),
    embedded: {
      temporalPort: e.TEMPORAL_PORT,
      temporalUiPort: e.TEMPORAL_UI_PORT,
      postgresPort: e.EMBEDDED_POSTGRES_PORT,
    },
    metrics: { apiPort: e.API_METRICS_PORT, workerPort: e.WORKER_METRICS_PORT },
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    trustProxy: e.TRUST_PROXY,
    ffmpegPath: e.FFMPEG_PATH,
    faultInjection: e.VIDGEN_FAULT_INJECTION,
    webhooks: {
      allowPrivateNetworks: e.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
      backoffBaseSeconds: e.WEBHOOK_BACKOFF_BASE_SECONDS,
      backoffFactor: e.WEBHOOK_BACKOFF_FACTOR,
      timeoutSeconds: e.WEBHOOK_TIMEOUT_SECONDS,
      disableAfterFailures: e.WEBHOOK_DISABLE_AFTER_FAILURES,
    },
    logLevel: e.LOG_LEVEL,
    // The test provider takes any `tok_test_ok…` token: never the default in production.
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.NODE_ENV === 'production' ? 'none' : 'test'),
    assets: {
      dir: path.join(dataDir, 'assets'),
      urlSecret: e.ASSET_URL_SECRET,
      urlTtlSeconds: e.ASSET_URL_TTL_SECONDS,
      uploadMaxBytes: e.ASSET_UPLOAD_MAX_BYTES,
      videoMaxSeconds: e.ASSET_VIDEO_MAX_SECONDS,
      verification: parseVerification(e),
    },
    storage: parseStorage(e),
    media: loadMediaConfig(env),
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

/** `all` (the default), `control`, `media`, or a comma-separated list of them. */
export function parseWorkerRoles(value: string): { control: boolean; media: boolean } {
  const names = value
    .split(',')
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== '');
  const known = ['all', 'control', 'media'];
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new ConfigError(
      `Invalid configuration:\n  WORKER_ROLES: expected all, control or media (comma-separated), got "${value}"`,
    );
  }
  const all = names.includes('all');
  return { control: all || names.includes('control'), media: all || names.includes('media') };
}

/**
 * The staging space defaults to 256 MiB, or the size limit when that is larger. An import
 * reserves the whole size limit, so a smaller budget set on purpose would refuse every one.
 */
function parseVerification(e: z.infer<typeof envSchema>): AppConfig['assets']['verification'] {
  const staging = e.ASSET_STAGING_MAX_BYTES ?? Math.max(256 * 1024 * 1024, e.ASSET_UPLOAD_MAX_BYTES);
  if (staging < e.ASSET_UPLOAD_MAX_BYTES) {
    throw new ConfigError(
      `Invalid configuration:\n  ASSET_STAGING_MAX_BYTES: ${staging} is less than ASSET_UPLOAD_MAX_BYTES (${e.ASSET_UPLOAD_MAX_BYTES}), so no import could be taken`,
    );
  }
  return {
    concurrency: e.ASSET_VERIFY_CONCURRENCY,
    perAccount: e.ASSET_VERIFY_PER_ACCOUNT,
    queueMax: e.ASSET_VERIFY_QUEUE_MAX,
    stagingMaxBytes: staging,
  };
}

function parseStorage(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('S3_BUCKET is required when STORAGE_DRIVER=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  return {
    driver: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET!,
      region: e.S3_REGION ?? 'us-east-1',
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    },
  };
}

/** The processes that talk to PostgreSQL need its URL; the launcher fills it in when it embeds one. */
export function requireDatabaseUrl(config: AppConfig): string {
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL is not set');
  return config.databaseUrl;
}

export function requireTemporalAddress(config: AppConfig): string {
  if (!config.temporal.address) throw new ConfigError('TEMPORAL_ADDRESS is not set');
  return config.temporal.address;
}

export type MediaProviderKind = 'local' | 'openai';
/** The script stage may also run a GGUF model inside the worker. */
export type ScriptProviderKind = MediaProviderKind | 'llama';

/** `SCRIPT_PROVIDER=llama`: a GGUF model run by llama.cpp inside the worker. */
export interface LlamaConfig {
  modelPath: string;
  maxTokens: number;
  timeoutSeconds: number;
  threads: number;
}

/** Where one AI stage sends its requests: an OpenAI-compatible API of its own or the shared one. */
export interface StageEndpoint {
  baseUrl: string;
  /** Absent for a server that needs none (Ollama, LocalAI, Kokoro-FastAPI, vLLM…). */
  apiKey: string | undefined;
  model: string;
}

export interface MediaConfig {
  scriptProvider: ScriptProviderKind;
  /** Set when `scriptProvider` is `llama`. */
  llama: LlamaConfig | undefined;
  imageProvider: MediaProviderKind;
  speechProvider: MediaProviderKind;
  /** Per stage: `SCRIPT_*`, `IMAGE_*`, `SPEECH_*`, each falling back to the `OPENAI_*` settings. */
  endpoints: { script: StageEndpoint; image: StageEndpoint; speech: StageEndpoint };
  /** The speech stage's default voice: `SPEECH_VOICE`, else `OPENAI_TTS_VOICE`. */
  speechVoice: string;
  openai: {
    baseUrl: string;
    apiKey: string | undefined;
    chatModel: string;
    imageModel: string;
    ttsModel: string;
    /** Used when a video asks for no voice of its own. */
    ttsVoice: string;
  };
  providerTimeoutSeconds: number;
  /** Where `npm run voices:install` puts Piper voices (VOICES_DIR, default DATA_DIR/voices). */
  voicesDir: string;
  /** Stock footage and photos for `"visuals": "stock"`; null when STOCK_PROVIDER is not set. */
  stock: StockConfig | null;
}

export interface StockConfig {
  provider: 'pexels' | 'pixabay';
  apiKey: string;
  /** The provider's API root: https://api.pexels.com or https://pixabay.com unless pointed elsewhere. */
  baseUrl: string;
}

const providerKind = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
  z.enum(['local', 'openai']).default('local'),
);

const stringWithDefault = (fallback: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
    z.string().default(fallback),
  );

const optionalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined),
  z.url({ protocol: /^https?$/ }).optional(),
);

/** The OpenAI API itself, the one place a key is always needed. */
export function isOpenAiApi(baseUrl: string): boolean {
  return new URL(baseUrl).hostname.toLowerCase() === 'api.openai.com';
}

const scriptProviderKind = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
  z.enum(['local', 'openai', 'llama']).default('local'),
);

const mediaEnvSchema = z.object({
  SCRIPT_PROVIDER: scriptProviderKind,
  LLAMA_MODEL_PATH: optionalString,
  LLAMA_MAX_TOKENS: z.coerce.number().int().min(64).max(32768).default(1536),
  LLAMA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(55),
  LLAMA_THREADS: z.coerce.number().int().min(1).max(256).default(1),
  IMAGE_PROVIDER: providerKind,
  SPEECH_PROVIDER: providerKind,
  OPENAI_BASE_URL: stringWithDefault('https://api.openai.com/v1').pipe(z.url({ protocol: /^https?$/ })),
  OPENAI_API_KEY: optionalString,
  OPENAI_CHAT_MODEL: stringWithDefault('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: stringWithDefault('gpt-image-1'),
  OPENAI_TTS_MODEL: stringWithDefault('gpt-4o-mini-tts'),
  OPENAI_TTS_VOICE: stringWithDefault('alloy'),
  SCRIPT_BASE_URL: optionalUrl,
  SCRIPT_API_KEY: optionalString,
  SCRIPT_MODEL: optionalString,
  IMAGE_BASE_URL: optionalUrl,
  IMAGE_API_KEY: optionalString,
  IMAGE_MODEL: optionalString,
  SPEECH_BASE_URL: optionalUrl,
  SPEECH_API_KEY: optionalString,
  SPEECH_MODEL: optionalString,
  SPEECH_VOICE: optionalString,
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  STOCK_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z.enum(['pexels', 'pixabay']).optional(),
  ),
  PEXELS_API_KEY: optionalString,
  PIXABAY_API_KEY: optionalString,
  PEXELS_API_URL: stringWithDefault('https://api.pexels.com').pipe(z.url({ protocol: /^https?$/ })),
  PIXABAY_API_URL: stringWithDefault('https://pixabay.com').pipe(z.url({ protocol: /^https?$/ })),
  DATA_DIR: stringWithDefault('./.data'),
  VOICES_DIR: optionalString,
});

/** The media section on its own, so tools that only generate media need not satisfy the rest. */
export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const parsed = mediaEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const endpoint = (baseUrl: string | undefined, apiKey: string | undefined, model: string) => ({
    baseUrl: (baseUrl ?? e.OPENAI_BASE_URL).replace(/\/+$/, ''),
    apiKey: apiKey ?? e.OPENAI_API_KEY,
    model,
  });
  const endpoints = {
    script: endpoint(e.SCRIPT_BASE_URL, e.SCRIPT_API_KEY, e.SCRIPT_MODEL ?? e.OPENAI_CHAT_MODEL),
    image: endpoint(e.IMAGE_BASE_URL, e.IMAGE_API_KEY, e.IMAGE_MODEL ?? e.OPENAI_IMAGE_MODEL),
    speech: endpoint(e.SPEECH_BASE_URL, e.SPEECH_API_KEY, e.SPEECH_MODEL ?? e.OPENAI_TTS_MODEL),
  };
  // A key is needed only where the stage talks to the OpenAI API itself; Ollama, LocalAI or
  // Kokoro-FastAPI take none. Failing at start-up beats every video failing later with a 401.
  const stages = [
    ['SCRIPT', e.SCRIPT_PROVIDER, endpoints.script],
    ['IMAGE', e.IMAGE_PROVIDER, endpoints.image],
    ['SPEECH', e.SPEECH_PROVIDER, endpoints.speech],
  ] as const;
  const needKey = stages.filter(([, kind, ep]) => kind === 'openai' && !ep.apiKey && isOpenAiApi(ep.baseUrl));
  if (needKey.length > 0) {
    const names = needKey.map(([stage]) => `${stage}_PROVIDER`);
    const keys = needKey.map(([stage]) => `${stage}_API_KEY`);
    throw new ConfigError(
      `OPENAI_API_KEY (or ${keys.join(', ')}) is required when ${names.join(', ')}=openai uses api.openai.com`,
    );
  }
  if (e.SCRIPT_PROVIDER === 'llama' && !e.LLAMA_MODEL_PATH) {
    throw new ConfigError(
      'LLAMA_MODEL_PATH is required when SCRIPT_PROVIDER=llama (npm run models:install -- NAME)',
    );
  }
  return {
    scriptProvider: e.SCRIPT_PROVIDER,
    llama:
      e.SCRIPT_PROVIDER === 'llama'
        ? {
            modelPath: e.LLAMA_MODEL_PATH!,
            maxTokens: e.LLAMA_MAX_TOKENS,
            timeoutSeconds: e.LLAMA_TIMEOUT_SECONDS,
            threads: e.LLAMA_THREADS,
          }
        : undefined,
    imageProvider: e.IMAGE_PROVIDER,
    speechProvider: e.SPEECH_PROVIDER,
    endpoints,
    speechVoice: e.SPEECH_VOICE ?? e.OPENAI_TTS_VOICE,
    openai: {
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.OPENAI_API_KEY,
      chatModel: e.OPENAI_CHAT_MODEL,
      imageModel: e.OPENAI_IMAGE_MODEL,
      ttsModel: e.OPENAI_TTS_MODEL,
      ttsVoice: e.OPENAI_TTS_VOICE,
    },
    providerTimeoutSeconds: e.PROVIDER_TIMEOUT_SECONDS,
    stock: stockConfig(e),
    voicesDir: path.resolve(e.VOICES_DIR ?? path.join(e.DATA_DIR, 'voices')),
  };
}

function stockConfig(e: z.infer<typeof mediaEnvSchema>): StockConfig | null {
  if (!e.STOCK_PROVIDER) return null;
  const [apiKey, baseUrl] =
    e.STOCK_PROVIDER === 'pexels'
      ? [e.PEXELS_API_KEY, e.PEXELS_API_URL]
      : [e.PIXABAY_API_KEY, e.PIXABAY_API_URL];
  if (!apiKey) {
    throw new ConfigError(
      `${e.STOCK_PROVIDER.toUpperCase()}_API_KEY is required when STOCK_PROVIDER=${e.STOCK_PROVIDER}`,
    );
  }
  return { provider: e.STOCK_PROVIDER, apiKey, baseUrl: baseUrl.replace(/\/+$/, '') };
}
