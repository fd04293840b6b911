import path from 'node:path';
import { z } from 'zod';
import { bool, ConfigError, optionalString } from './env-values';

/** Assets: signed URLs, upload limits, verification shares, and where their files are kept. */
export const assetsEnv = z.object({
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

type AssetsEnv = z.infer<typeof assetsEnv>;

export interface AssetsConfig {
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

/** `dataDir` is the resolved DATA_DIR, under which the local asset files live. */
export function assetsConfig(e: AssetsEnv, dataDir: string): AssetsConfig {
  return {
    assets: {
      dir: path.join(dataDir, 'assets'),
      urlSecret: e.ASSET_URL_SECRET,
      urlTtlSeconds: e.ASSET_URL_TTL_SECONDS,
      uploadMaxBytes: e.ASSET_UPLOAD_MAX_BYTES,
      videoMaxSeconds: e.ASSET_VIDEO_MAX_SECONDS,
      verification: parseVerification(e),
    },
    storage: parseStorage(e),
  };
}

/**
 * The staging space defaults to 256 MiB, or the size limit when that is larger. An import
 * reserves the whole size limit, so a smaller budget set on purpose would refuse every one.
 */
function parseVerification(e: AssetsEnv): AssetsConfig['assets']['verification'] {
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

function parseStorage(e: AssetsEnv): StorageConfig {
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
