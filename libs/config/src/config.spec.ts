import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('DATABASE_TIMEOUT_MS', () => {
  it('defaults to 5 s and takes a whole number of milliseconds', () => {
    expect(loadConfig({}).databaseTimeoutMs).toBe(5000);
    expect(loadConfig({ DATABASE_TIMEOUT_MS: '3000' }).databaseTimeoutMs).toBe(3000);
  });

  it('refuses a value that would disable or defeat the bound', () => {
    for (const value of ['0', '-1', '2.5', 'soon']) {
      expect(() => loadConfig({ DATABASE_TIMEOUT_MS: value }), value).toThrow(ConfigError);
    }
  });
});

describe('API_METRICS_PORT, WORKER_METRICS_PORT', () => {
  it('default to 9464 and 9465, and take any port, 0 turning one off', () => {
    expect(loadConfig({}).metrics).toEqual({ apiPort: 9464, workerPort: 9465 });
    expect(loadConfig({ API_METRICS_PORT: '19464', WORKER_METRICS_PORT: '0' }).metrics).toEqual({
      apiPort: 19464,
      workerPort: 0,
    });
  });

  it('refuses what is not a port', () => {
    expect(() => loadConfig({ API_METRICS_PORT: '70000' })).toThrow(/API_METRICS_PORT/);
    expect(() => loadConfig({ WORKER_METRICS_PORT: 'metrics' })).toThrow(/WORKER_METRICS_PORT/);
  });
});

describe('WORKER_ROLES', () => {
  it('polls both queues by default and takes a comma-separated list of roles', () => {
    expect(loadConfig({}).workerRoles).toEqual({ control: true, media: true });
    expect(loadConfig({ WORKER_ROLES: 'media' }).workerRoles).toEqual({ control: false, media: true });
    expect(loadConfig({ WORKER_ROLES: 'control' }).workerRoles).toEqual({ control: true, media: false });
    expect(loadConfig({ WORKER_ROLES: ' Control, media ' }).workerRoles).toEqual({
      control: true,
      media: true,
    });
  });

  it('refuses unknown or empty roles', () => {
    for (const value of ['render', 'media,gpu', ' , ']) {
      expect(() => loadConfig({ WORKER_ROLES: value }), value).toThrow(/WORKER_ROLES/);
    }
  });
});

describe('ASSET_UPLOAD_MAX_BYTES', () => {
  it('defaults to 25 MiB and takes a whole number of bytes', () => {
    expect(loadConfig({}).assets.uploadMaxBytes).toBe(26_214_400);
    expect(loadConfig({ ASSET_UPLOAD_MAX_BYTES: '65536' }).assets.uploadMaxBytes).toBe(65_536);
  });

  it('refuses a limit that is not a whole number of bytes or too small for any file', () => {
    for (const value of ['0', '-5', '1.5', 'big', '100']) {
      expect(() => loadConfig({ ASSET_UPLOAD_MAX_BYTES: value }), value).toThrow(ConfigError);
    }
  });
});

describe('ASSET_VERIFY_* and ASSET_STAGING_MAX_BYTES', () => {
  it('default to 2 decodes, 2 per account, 16 in all and 256 MiB of staging space', () => {
    expect(loadConfig({}).assets.verification).toEqual({
      concurrency: 2,
      perAccount: 2,
      queueMax: 16,
      stagingMaxBytes: 256 * 1024 * 1024,
    });
    const set = loadConfig({
      ASSET_VERIFY_CONCURRENCY: '4',
      ASSET_VERIFY_PER_ACCOUNT: '1',
      ASSET_VERIFY_QUEUE_MAX: '40',
      ASSET_STAGING_MAX_BYTES: String(64 * 1024 * 1024),
    });
    expect(set.assets.verification).toEqual({
      concurrency: 4,
      perAccount: 1,
      queueMax: 40,
      stagingMaxBytes: 64 * 1024 * 1024,
    });
  });

  it('default the staging space to the size limit when that is larger than 256 MiB', () => {
    const big = String(512 * 1024 * 1024);
    expect(loadConfig({ ASSET_UPLOAD_MAX_BYTES: big }).assets.verification.stagingMaxBytes).toBe(Number(big));
  });

  it('refuses a staging space smaller than the size limit (no import would fit), and limits below 1', () => {
    expect(() =>
      loadConfig({ ASSET_STAGING_MAX_BYTES: '1048576', ASSET_UPLOAD_MAX_BYTES: '2097152' }),
    ).toThrow(/ASSET_STAGING_MAX_BYTES/);
    for (const name of ['ASSET_VERIFY_CONCURRENCY', 'ASSET_VERIFY_PER_ACCOUNT', 'ASSET_VERIFY_QUEUE_MAX']) {
      for (const value of ['0', '1.5', 'many']) {
        expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      }
    }
  });
});

describe('STORAGE_DRIVER and the S3 settings', () => {
  it('keeps assets on local disk by default', () => {
    expect(loadConfig({}).storage).toEqual({ driver: 'local' });
  });

  it('reads the bucket, endpoint, region, keys and path style for s3', () => {
    const config = loadConfig({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'vidgen',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'vidgen',
        region: 'us-east-1',
        credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
        forcePathStyle: true,
      },
    });
  });

  it('leaves credentials to the SDK when no keys are set', () => {
    const config = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_REGION: 'eu-west-1' });
    expect(config.storage).toMatchObject({ s3: { region: 'eu-west-1', credentials: undefined } });
  });

  it('refuses s3 without a bucket, half a key pair, or an endpoint that is not a URL', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'minio' })).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => loadConfig({ STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default: the client address is the connection’s', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const off of ['', '0', 'false', 'off'])
      expect(loadConfig({ TRUST_PROXY: off }).trustProxy, off).toBe(false);
  });

  it('takes a number of proxies in front, or their addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback,fd00::/8, 203.0.113.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'loopback',
      'fd00::/8',
      '203.0.113.7',
    ]);
  });

  it('refuses "true" (any client could name its own address) and what is not a proxy', () => {
    for (const value of ['true', '11', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', 'loopback,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
  });
});
