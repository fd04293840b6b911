import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { offlineAppForTests } from '../test/support/offline-app';
import { API_PREFIX } from './app';

describe('the API reference, loaded on first request', () => {
  const api = offlineAppForTests();
  const base = () => `${api.origin}/${API_PREFIX}`;

  it('is not loaded with the api: its module graph holds no @nestjs/swagger', () => {
    const loaded = execFileSync(
      process.execPath,
      [
        '-r',
        '@swc-node/register',
        '-e',
        `require(${JSON.stringify(path.join(REPO_ROOT, 'apps/api/src/app.ts'))});
         console.log(JSON.stringify(Object.keys(require.cache).filter((k) => k.includes('@nestjs/swagger'))));`,
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(JSON.parse(loaded.trim().split('\n').pop()!)).toEqual([]);
  });

  it('answers the first requests, made at once, with one document', async () => {
    const [a, b] = await Promise.all([fetch(`${base()}/openapi.json`), fetch(`${base()}/openapi.json`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers.get('content-type')).toMatch(/^application\/json/);
    const [docA, docB] = await Promise.all([a.text(), b.text()]);
    expect(docA).toBe(docB);
    expect(JSON.parse(docA).components.schemas.CreateVideoDto.properties.prompt).toMatchObject({
      maxLength: 2000,
    });
    expect((await fetch(`${base()}/openapi.json`, { method: 'HEAD' })).status).toBe(200);
  });

  it('serves Swagger UI with its assets and the document as YAML', async () => {
    const page = await fetch(`${base()}/docs`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>vidgen API reference</title>');
    const init = await fetch(`${base()}/docs/swagger-ui-init.js`);
    expect(init.headers.get('content-type')).toMatch(/javascript/);
    expect(await init.text()).toContain('"title": "vidgen API"');
    const bundle = await fetch(`${base()}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
    const yaml = await fetch(`${base()}/docs-yaml`);
    expect(yaml.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(await yaml.text()).toMatch(/^openapi: 3\./m);
  });

  it('leaves what it does not serve to the api: the standard 404 body, no Express banner', async () => {
    const res = await fetch(`${base()}/docs/no-such-file.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await fetch(`${base()}/openapi.json`, { method: 'POST' })).status).toBe(404);
  });
});
