import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { makeCertificates, type Stack, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import {
  assetRows,
  content,
  type Fixture,
  makeFixtures,
  rawUpload,
  storedFiles,
} from './support/asset-files';

const LIMIT = 1024 * 1024;

/**
 * Imports from a local HTTPS server whose CA the api trusts through NODE_EXTRA_CA_CERTS, on a
 * stack of its own with WEBHOOK_ALLOW_PRIVATE_NETWORKS=1 (the server is on loopback) and a
 * 1 MiB ASSET_UPLOAD_MAX_BYTES. The private-address refusals are in assets-bad-input, on the
 * shared stack where private networks are not allowed.
 */
describe('POST /assets: imports from https URLs', () => {
  let certs: TestCertificates;
  let server: https.Server;
  let stack: Stack;
  let account: TestAccount;
  let fixtures: Fixture[];
  const served: string[] = [];
  const label = 'assets-import';
  const assetsDir = () => path.join(inject('stack').dataDir, label, 'assets');
  const at = (p: string) => `https://localhost:${(server.address() as AddressInfo).port}${p}`;

  beforeAll(async () => {
    fixtures = makeFixtures();
    certs = makeCertificates();
    server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      const url = req.url ?? '';
      served.push(url);
      const fixture = fixtures.find((f) => url === `/files/${f.fileName}`);
      const hops = /^\/hops\/(\d+)\/(.+)$/.exec(url);
      if (fixture) res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(fixture.bytes);
      else if (hops) {
        const n = Number(hops[1]);
        res.writeHead(302, { Location: n > 1 ? `/hops/${n - 1}/${hops[2]}` : `/files/${hops[2]}` }).end();
      } else if (url === '/to-http') {
        res.writeHead(302, {
          Location: `http://localhost:${(server.address() as AddressInfo).port}/files/chart.png`,
        });
        res.end();
      } else if (url === '/streamed-big') {
        // No Content-Length: only counting the bytes as they arrive can stop this one.
        res.writeHead(200);
        const png = fixtures[0]!.bytes;
        res.write(png);
        for (let i = 0; i < 32; i++) res.write(Buffer.alloc(64 * 1024));
        res.end();
      } else if (url === '/declared-big') res.writeHead(200, { 'Content-Length': String(LIMIT * 4) }).end();
      else if (url === '/notes.png') res.writeHead(200).end('not a picture at all\n');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    stack = await startOwnStack(label, {
      apiOnly: true,
      env: {
        NODE_EXTRA_CA_CERTS: certs.caPath,
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
        ASSET_UPLOAD_MAX_BYTES: String(LIMIT),
      },
    });
    account = await createAccount({ baseUrl: stack.baseUrl });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    certs?.cleanup();
  });

  it('imports each supported format, named after the URL, with the bytes the server sent', async () => {
    for (const f of fixtures) {
      const res = await account.api.post('/assets', { source_url: at(`/files/${f.fileName}`) });
      expect(res.status, `${f.format}: ${res.text}`).toBe(201);
      expect(res.body, f.format).toMatchObject({
        type: f.type,
        source: 'import',
        name: f.fileName,
        content_type: f.contentType,
        bytes: f.bytes.length,
        video_id: null,
      });
      if (f.type === 'image')
        expect([res.body.width, res.body.height], f.format).toEqual([f.width, f.height]);
      else expect(Math.abs(res.body.duration_seconds - f.durationSeconds!), f.format).toBeLessThan(0.1);
      const got = await content(account.api, res.body);
      expect(got.bytes.equals(f.bytes), f.format).toBe(true);
    }
    const imports = await account.api.get('/assets?source=import&limit=100');
    expect(imports.body.data).toHaveLength(fixtures.length);
  });

  it('follows up to 5 redirects, and takes the name given', async () => {
    served.length = 0;
    const res = await account.api.post('/assets', { source_url: at('/hops/5/tone.ogg'), name: 'Theme' });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Theme',
      source: 'import',
      type: 'audio',
      content_type: 'audio/ogg',
    });
    expect(served).toEqual([
      '/hops/5/tone.ogg',
      '/hops/4/tone.ogg',
      '/hops/3/tone.ogg',
      '/hops/2/tone.ogg',
      '/hops/1/tone.ogg',
      '/files/tone.ogg',
    ]);
  });

  it.each([
    ['more than 5 redirects', '/hops/6/tone.ogg', /more than 5 redirects/],
    ['a redirect to http', '/to-http', /redirects to not https/],
    ['a body larger than the limit, streamed without a length', '/streamed-big', /larger than 1048576 bytes/],
    ['a body declared larger than the limit', '/declared-big', /4194304 bytes; at most 1048576/],
    ['a text file served as .png', '/notes.png', /not a supported file/],
    ['a 404', '/missing.png', /answered 404/],
  ])('refuses %s at source_url and stores nothing', async (_what, p, message) => {
    const filesBefore = storedFiles(assetsDir());
    const rowsBefore = await assetRows(testDb(), account.accountId);
    const res = await account.api.post('/assets', { source_url: at(p) });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.details).toEqual([
      { loc: ['body', 'source_url'], msg: expect.stringMatching(message) },
    ]);
    expect(await assetRows(testDb(), account.accountId)).toBe(rowsBefore);
    expect(storedFiles(assetsDir())).toEqual(filesBefore);
  });

  it('cuts an upload off at this stack’s ASSET_UPLOAD_MAX_BYTES, at file', async () => {
    const filesBefore = storedFiles(assetsDir());
    const res = await rawUpload(stack.baseUrl, account.key, { head: fixtures[0]!.bytes, total: LIMIT + 1 });
    expect(res?.status).toBe(422);
    expect(res!.body.error.details).toEqual([
      { loc: ['body', 'file'], msg: 'the file is larger than 1048576 bytes' },
    ]);
    expect(storedFiles(assetsDir())).toEqual(filesBefore);
  });
});
