import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, optionalString } from './env-values';

/** Processes, their ports, PostgreSQL and Temporal: what every process needs to start. */
export const runtimeEnv = z.object({
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
  FFMPEG_PATH: optionalString,
  VIDGEN_FAULT_INJECTION: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface RuntimeConfig {
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
  ffmpegPath: string | undefined;
  faultInjection: boolean;
  logLevel: string;
}

export function runtimeConfig(e: z.infer<typeof runtimeEnv>): RuntimeConfig {
  return {
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
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
    ffmpegPath: e.FFMPEG_PATH,
    faultInjection: e.VIDGEN_FAULT_INJECTION,
    logLevel: e.LOG_LEVEL,
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

/** The processes that talk to PostgreSQL need its URL; the launcher fills it in when it embeds one. */
export function requireDatabaseUrl(config: Pick<RuntimeConfig, 'databaseUrl'>): string {
  if (!config.databaseUrl) throw new ConfigError('DATABASE_URL is not set');
  return config.databaseUrl;
}

export function requireTemporalAddress(config: Pick<RuntimeConfig, 'temporal'>): string {
  if (!config.temporal.address) throw new ConfigError('TEMPORAL_ADDRESS is not set');
  return config.temporal.address;
}
