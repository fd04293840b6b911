import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { loadConfig } from '@vidgen/config';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/app';

/**
 * The api with no service behind it, listening on a free loopback port: the database pool and
 * the Temporal client connect lazily and the asset URL key comes from the config, so specs of
 * routing and module wiring reach neither.
 */
export async function startOfflineApp(): Promise<{ app: INestApplication; origin: string }> {
  const app = await createApp(
    loadConfig({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/unreachable',
      TEMPORAL_ADDRESS: '127.0.0.1:1',
      ASSET_URL_SECRET: 'unit-test-secret-unit-test-secret',
      PUBLIC_BASE_URL: 'http://localhost:8080',
      LOG_LEVEL: 'silent',
    }),
  );
  await app.listen(0, '127.0.0.1');
  return { app, origin: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}

/**
 * The offline api for the tests of a describe block: started before them, closed after them.
 * `origin` is read inside the tests, once the api listens.
 */
export function offlineAppForTests(): { readonly origin: string } {
  let started: { app: INestApplication; origin: string } | undefined;
  beforeAll(async () => {
    started = await startOfflineApp();
  });
  afterAll(async () => {
    await started?.app.close();
  });
  return {
    get origin() {
      if (!started) throw new Error('the offline api is not started: read origin inside a test');
      return started.origin;
    },
  };
}
