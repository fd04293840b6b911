import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@vidgen/config';
import { devServerSettings, REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';

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
    expect(names.filter((n) => ![...PRODUCT_ENV, ...OTHER_CONFIG_ENV].includes(n))).toEqual([]);
    // PORT is set on the api alone; TEMPORAL_CLI_PATH only matters to `npm start`.
    const expected = PRODUCT_ENV.filter((n) => n !== 'PORT' && n !== 'TEMPORAL_CLI_PATH');
    expect(expected.filter((n) => !names.includes(n))).toEqual([]);
  });

  it('gives the api and worker an environment the config accepts', () => {
    const config = loadConfig({ ...vidgenEnv(), PORT: '8080' });
    expect(config.databaseUrl).toBe('postgres://postgres:vidgen@postgresql:5432/vidgen');
    expect(config.temporal.address).toBe('temporal:7233');
    expect(config.dataDir).toBe('/data');
    expect(config.ffmpegPath).toBeUndefined();
    expect(config.assets.urlSecret).toBeUndefined();
    expect(config.faultInjection).toBe(false);
    expect(config.webhooks.allowPrivateNetworks).toBe(false);
    expect([config.media.scriptProvider, config.media.imageProvider, config.media.speechProvider]).toEqual([
      'local',
      'local',
      'local',
    ]);
    expect(config.media.openai.baseUrl).toBe('https://api.openai.com/v1');
  });

  it('starts programs that exist, with node -r @swc-node/register', () => {
    const dockerfile = read('Dockerfile');
    const commands = [
      ...`${compose}\n${dockerfile}`.matchAll(/"node", "-r", "@swc-node\/register", "([^"]+)"/g),
    ];
    const files = new Set(commands.map((m) => m[1]!));
    expect([...files].sort()).toEqual([
      'apps/api/src/main.ts',
      'apps/worker/src/main.ts',
      'scripts/migrate.ts',
    ]);
    for (const file of files) expect(existsSync(path.join(REPO_ROOT, file)), file).toBe(true);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
  });
});
