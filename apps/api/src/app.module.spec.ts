import { describe, expect, it } from 'vitest';
import { offlineAppForTests } from '../test/support/offline-app';
import { API_PREFIX } from './app';

/**
 * The module graph without any service behind it: the database pool and the Temporal client
 * connect lazily and the asset URL key comes from the config, so nothing here is reached.
 */
describe('api module graph', () => {
  const api = offlineAppForTests();
  const base = () => `${api.origin}/${API_PREFIX}`;

  it('routes every feature module’s endpoints', async () => {
    const doc = (await (await fetch(`${base()}/openapi.json`)).json()) as { paths: Record<string, object> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/videos',
        '/api/v1/videos/{id}/scenes/{sceneId}',
        '/api/v1/assets/{id}/content',
        '/api/v1/credits/purchase',
        '/api/v1/callbacks/{id}/deliveries/{deliveryId}/redeliver',
        '/api/v1/health/ready',
        '/api/v1/voices',
      ]),
    );
  });

  it('guards the feature routes globally', async () => {
    for (const path of ['/videos', '/assets', '/credits', '/callbacks', '/voices']) {
      const res = await fetch(`${base()}${path}`);
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('UNAUTHORIZED');
    }
  });
});
