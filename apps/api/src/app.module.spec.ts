import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@vidgen/config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, createApp } from './app';

/**
 * The module graph without any service behind it: the database pool and the Temporal client
 * connect lazily and the asset URL key comes from the config, so nothing here is reached.
 */
describe('api module graph', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    app = await createApp(
      loadConfig({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unreachable',
        TEMPORAL_ADDRESS: '127.0.0.1:1',
        ASSET_URL_SECRET: 'unit-test-secret-unit-test-secret',
        PUBLIC_BASE_URL: 'http://localhost:8080',
        LOG_LEVEL: 'silent',
      }),
    );
    await app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/${API_PREFIX}`;
  });

  afterAll(async () => {
    await app?.close();
  });

  it('routes every feature module’s endpoints', async () => {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/videos',
        '/api/v1/videos/{id}/scenes/{sceneId}',
        '/api/v1/assets/{id}/content',
        '/api/v1/credits/purchase',
        '/api/v1/callbacks/{id}/deliveries/{deliveryId}/redeliver',
        '/api/v1/health/ready',
      ]),
    );
  });

  it('guards the feature routes globally', async () => {
    for (const path of ['/videos', '/assets', '/credits', '/callbacks']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('UNAUTHORIZED');
    }
  });
});
