import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@vidgen/config';
import { devServerSettings, REPO_ROOT, SERVICE_ENV, SERVICE_NODE_FLAGS } from '@vidgen/devstack';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

/**
 * docker-compose.yml cannot be run here (no Docker), so these checks keep it consistent with
 * what can: the Temporal settings the dev server uses, and the configuration names the code reads.
 */
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = read('docker-compose.yml');

/** Configuration names that scripts and operators rely on, kept exactly (README.md#configuration). */
const PRODUCT_ENV = [
  'PORT',
  'DATA_DIR',
  'DATABASE_URL',
  'TEMPORAL_ADDRESS',
  'TEMPORAL_NAMESPACE',
  'TEMPORAL_CLI_PATH',
  'PUBLIC_BASE_URL',
  'FFMPEG_PATH',
  'VIDGEN_FAULT_INJECTION',
  'WEBHOOK_ALLOW_PRIVATE_NETWORKS',
  'WEBHOOK_BACKOFF_BASE_SECONDS',
  'WEBHOOK_BACKOFF_FACTOR',
  'LOG_LEVEL',
];
const OTHER_CONFIG_ENV = [
  'DATABASE_TIMEOUT_MS',
  'ASSET_UPLOAD_MAX_BYTES',
  'ASSET_VIDEO_MAX_SECONDS',
  'PAYMENT_PROVIDER',
  'API_METRICS_PORT',
  'WORKER_METRICS_PORT',
  'TEMPORAL_TASK_QUEUE',
  'ASSET_URL_SECRET',
  'ASSET_URL_TTL_SECONDS',
  'SCRIPT_PROVIDER',
  'IMAGE_PROVIDER',
  'SPEECH_PROVIDER',
  'OPENAI_BASE_URL',
  'OPENAI_API_KEY',
  'OPENAI_CHAT_MODEL',
  'OPENAI_IMAGE_MODEL',
  'OPENAI_TTS_MODEL',
  'OPENAI_TTS_VOICE',
  'PROVIDER_TIMEOUT_SECONDS',
];

/** Where asset files are kept (README.md#configuration): compose stores them in MinIO. */
const STORAGE_ENV = [
  'STORAGE_DRIVER',
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
];

/** The `x-vidgen-env` block, with `${VAR:-default}` replaced by its default. */
function vidgenEnv(): Record<string, string> {
  const block = /^x-vidgen-env: &vidgen-env\n((?: {2}.*\n|\s*#.*\n)+)/m.exec(compose);
  if (!block) throw new Error('x-vidgen-env block not found');
  const env: Record<string, string> = {};
  for (const line of block[1]!.split('\n')) {
    const m = /^ {2}([A-Z0-9_]+): (.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!.replace(/\$\{[A-Z0-9_]+:-([^}]*)\}/g, '$1');
  }
  return env;
}

describe('docker-compose.yml', () => {
  it('registers every search attribute the dev server gets, with its type', () => {
    const attributes = Object.entries(devServerSettings().searchAttributes);
    expect(attributes.length).toBeGreaterThan(0);
    for (const [name, type] of attributes) expect(compose).toContain(`${name}=${type}`);
  });

  it('gives the Temporal server the dev server dynamic config', () => {
    const yaml = read('temporal/dynamicconfig/vidgen.yaml');
    expect(compose).toContain(
      './temporal/dynamicconfig/vidgen.yaml:/etc/temporal/config/dynamicconfig/vidgen.yaml',
    );
    for (const [key, value] of Object.entries(devServerSettings().dynamicConfig)) {
      expect(yaml).toContain(`${key}:\n  - value: ${JSON.stringify(value)}`);
    }
  });

  it('sets only configuration names the code reads, and every operator-facing name that applies', () => {
    const names = Object.keys(vidgenEnv());
    expect(names.filter((n) => ![...PRODUCT_ENV, ...OTHER_CONFIG_ENV, ...STORAGE_ENV].includes(n))).toEqual(
      [],
    );
    // PORT is set on the api alone; TEMPORAL_CLI_PATH only matters to `npm start`.
    const expected = [...PRODUCT_ENV, ...STORAGE_ENV].filter(
      (n) => n !== 'PORT' && n !== 'TEMPORAL_CLI_PATH',
    );
    expect(expected.filter((n) => !names.includes(n))).toEqual([]);
  });

  it('gives the api and worker an environment the config accepts', () => {
    const config = loadConfig({ ...vidgenEnv(), PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://postgres:vidgen@postgresql:5432/vidgen');
    expect(config.temporal.address).toBe('temporal:7233');
    expect(config.dataDir).toBe('/data');
    expect(config.ffmpegPath).toBe('/usr/bin/ffmpeg');
    expect(config.metrics).toEqual({ apiPort: 9464, workerPort: 9465 });
    expect(config.paymentProvider).toBe('none');
    expect(config.assets.urlSecret).toBeUndefined();
    expect(config.faultInjection).toBe(false);
    expect(config.webhooks.allowPrivateNetworks).toBe(false);
    expect([config.media.scriptProvider, config.media.imageProvider, config.media.speechProvider]).toEqual([
      'local',
      'local',
      'local',
    ]);
    expect(config.media.openai.baseUrl).toBe('https://api.openai.com/v1');
    // Asset files in the MinIO service's bucket, so no process depends on another's disk.
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://minio:9000',
        bucket: 'vidgen',
        region: 'us-east-1',
        credentials: { accessKeyId: 'vidgen', secretAccessKey: 'vidgen-minio-secret' },
        forcePathStyle: true,
      },
    });
  });

  it('starts the compiled programs of `npm run build`, each built from a source that exists', () => {
    const dockerfile = read('Dockerfile');
    const build = read('tsconfig.build.json');
    const commands = [
      ...`${compose}\n${dockerfile}`.matchAll(/"node", ((?:"--[^"]+", )*)"(dist\/[^"]+\.js)"/g),
    ];
    const files = new Set(commands.map((m) => m[2]!));
    // Each service with the V8 heap settings it gets everywhere else (SERVICE_NODE_FLAGS).
    for (const [, flags, file] of commands) {
      const entry = file!.replace(/^dist\//, '').replace(/\.js$/, '.ts');
      expect(flags!.match(/"[^"]+"/g)?.map((f) => JSON.parse(f)) ?? [], file).toEqual(
        SERVICE_NODE_FLAGS[entry] ?? [],
      );
    }
    // And with the environment they get everywhere else (SERVICE_ENV), set in the image.
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    for (const [name, value] of Object.entries(SERVICE_ENV)) {
      expect(runtime, name).toMatch(new RegExp(`^\\s*(ENV )?${name}=${value}( \\\\)?$`, 'm'));
    }
    expect([...files].sort()).toEqual([
      'dist/apps/api/src/main.js',
      'dist/apps/worker/src/main.js',
      'dist/scripts/migrate.js',
    ]);
    for (const file of files) {
      const source = file.replace(/^dist\//, '').replace(/\.js$/, '.ts');
      expect(existsSync(path.join(REPO_ROOT, source)), source).toBe(true);
    }
    expect(build).toContain('"apps/*/src/**/*.ts"');
    expect(build).toContain('"scripts/migrate.ts"');
    expect(`${compose}\n${dockerfile}`).not.toContain('@swc-node/register');
  });
});

/** docker-compose.yml as Compose reads it: YAML with its merge keys (`<<: *anchor`) applied. */
const composeDoc = YAML.parse(compose, { merge: true }) as {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
};
interface Service {
  image?: string;
  build?: unknown;
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  restart?: string;
}
const service = (name: string): Service => {
  const s = composeDoc.services[name];
  if (!s) throw new Error(`docker-compose.yml has no service ${name}`);
  return s;
};
const script = (s: Service) => [s.entrypoint, s.command].flat().filter(Boolean).join('\n');

describe('docker-compose.yml against the Compose specification', () => {
  it('is valid under the Compose specification JSON schema (test/schemas/README.md) and `docker compose config`', () => {
    // The schema names the https form of the draft-07 meta-schema, which Ajv knows by its http id.
    const { $schema: _meta, ...schema } = JSON.parse(read('test/schemas/compose-spec.json'));
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(composeDoc);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(valid).toBe(true);
    // The schema is strict enough to catch a mistake: an unknown service key is refused.
    const broken = structuredClone(composeDoc);
    (broken.services.api as Record<string, unknown>).helthcheck = {};
    expect(validate(broken)).toBe(false);
    // Where the Compose CLI is installed it checks the file too (CI has no Compose plugin).
    const probe = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (!probe.error && probe.status === 0) {
      const res = spawnSync('docker', ['compose', '-f', 'docker-compose.yml', 'config', '--quiet'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
      });
      expect(res.status, res.stderr).toBe(0);
    }
  });

  it('runs Temporal as temporalio/server on a schema that temporalio/admin-tools sets up, never auto-setup', () => {
    expect(compose).not.toContain('auto-setup');
    expect(service('temporal').image).toMatch(/^temporalio\/server:\d+\.\d+\.\d+$/);
    const schema = service('temporal-schema');
    expect(schema.image).toMatch(/^temporalio\/admin-tools:/);
    expect(script(schema)).toContain('temporal-sql-tool --plugin postgres12');
    expect(script(schema)).toContain(
      'update-schema -d "/etc/temporal/schema/postgresql/v12/$$dir/versioned"',
    );
    expect(service('temporal').depends_on?.['temporal-schema']?.condition).toBe(
      'service_completed_successfully',
    );
    // One version of the server and of its tools.
    const version = (image?: string) => image?.split(':')[1];
    expect(version(schema.image)).toBe(version(service('temporal').image));
    expect(version(service('temporal-setup').image)).toBe(version(service('temporal').image));
    expect(service('temporal-ui').image).toMatch(/^temporalio\/ui:/);
  });

  it('registers every search attribute with `temporal operator search-attribute create`', () => {
    const setup = script(service('temporal-setup'));
    expect(setup).toContain('temporal operator search-attribute create');
    expect(setup).toContain('temporal operator namespace create');
    for (const name of Object.keys(devServerSettings().searchAttributes)) expect(setup).toContain(name);
    for (const app of ['api', 'worker-control', 'worker-media']) {
      expect(service(app).depends_on?.['temporal-setup']?.condition, app).toBe(
        'service_completed_successfully',
      );
    }
  });

  it('has MinIO with its bucket made before the api and the workers start', () => {
    expect(service('minio').image).toMatch(/^minio\/minio:RELEASE\./);
    const bucket = service('minio-bucket');
    expect(bucket.image).toMatch(/^minio\/mc:RELEASE\./);
    expect(script(bucket)).toContain('mc mb --ignore-existing');
    expect(service('minio').environment?.MINIO_ROOT_USER).toBe(service('api').environment?.S3_ACCESS_KEY_ID);
    expect(vidgenEnv()).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'vidgen',
    });
    for (const app of ['api', 'worker-control', 'worker-media']) {
      expect(service(app).depends_on?.['minio-bucket']?.condition, app).toBe(
        'service_completed_successfully',
      );
    }
  });

  it('runs the api, a control worker and a media worker from the one image', () => {
    for (const app of ['api', 'worker-control', 'worker-media', 'migrate']) {
      expect(service(app).image, app).toBe('vidgen:local');
    }
    expect(service('worker-control').environment?.WORKER_ROLES).toBe('control');
    expect(service('worker-media').environment?.WORKER_ROLES).toBe('media');
    expect(service('api').environment?.WORKER_ROLES).toBeUndefined();
    expect(service('migrate').depends_on?.postgresql?.condition).toBe('service_healthy');
  });

  it('gives every long-running service a health check, and waits only on what can report', () => {
    const services = Object.entries(composeDoc.services);
    const oneShot = (s: Service) => s.restart === 'no';
    // The Web UI image has no probe tool; nothing depends on it.
    for (const [name, s] of services) {
      if (!oneShot(s) && name !== 'temporal-ui') expect(s.healthcheck, name).toBeDefined();
    }
    for (const [name, s] of services) {
      for (const [dep, { condition }] of Object.entries(s.depends_on ?? {})) {
        const target = service(dep);
        if (condition === 'service_healthy') expect(target.healthcheck, `${name} → ${dep}`).toBeDefined();
        if (condition === 'service_completed_successfully')
          expect(oneShot(target), `${name} → ${dep}`).toBe(true);
      }
    }
    expect(JSON.stringify(service('api').healthcheck)).toContain('/api/v1/health/ready');
    expect(JSON.stringify(service('worker-media').healthcheck)).toContain(':9465/metrics');
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds in stages on Node 24 and runs the last as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage).toMatch(/^node:24[-\w.]*( AS \w+)?\n/);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).not.toMatch(/^USER (root|0)\b/m);
  });

  it('ships production dependencies only, and the compiled dist/', () => {
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev\b/m);
    expect(dockerfile).toMatch(/npm run build/);
    expect(runtime).toContain('COPY --from=deps /app/node_modules ./node_modules');
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime).not.toMatch(/^RUN npm (ci|install)\b/m);
    expect(runtime).toMatch(/^CMD \["node", ("--[^"]+", )*"dist\/apps\/api\/src\/main\.js"\]$/m);
  });

  it('ships the licence, the third-party notices and the provenance of the models', () => {
    expect(runtime).toContain('COPY --from=build /app/LICENSE /app/THIRD_PARTY_NOTICES.md ./');
    expect(runtime).toContain('COPY --from=build /app/docs/models.md ./docs/models.md');
  });

  it('checks its own health on /api/v1/health/live', () => {
    expect(runtime).toMatch(/^HEALTHCHECK .*\\\n\s+CMD .*\/api\/v1\/health\/live/m);
  });

  it('has ffmpeg for the renderer and a data folder the non-root user owns', () => {
    expect(runtime).toMatch(/apt-get install [^\n]*\bffmpeg\b/);
    expect(runtime).toContain('chown node:node /data');
  });
});
