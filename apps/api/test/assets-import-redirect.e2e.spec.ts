import { mkdtempSync, readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { INestApplication } from '@nestjs/common';
import { AssetIntake } from '@vidgen/assets';
import { loadConfig } from '@vidgen/config';
import { type ResolvedAddress, resolvePublicAddresses } from '@vidgen/net';
import { makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, type TestAccount, testDb } from '../../../test/support/api';
import { createApp } from '../src/app';
import { assetRows, makeFixtures, storedFiles } from './support/asset-files';

/**
 * A `source_url` on a public server that redirects to a private address is refused at the
 * redirect: 422 at `["body","source_url"]`, nothing fetched from the private address, nothing
 * stored. No public address exists in a test, so the api runs in this process on the run's
 * database and one hostname, `localhost`, stands in for a public server: the import's resolver
 * answers it with the loopback address as DNS would a public name. Every other hostname, the
 * redirect's target included, goes through the real check (resolvePublicAddresses, private
 * networks not allowed).
 */
describe('POST /assets: an import that redirects to a private address', () => {
  let certs: TestCertificates;
  let server: https.Server;
  let app: INestApplication;
  let account: TestAccount;
  const requested: string[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-import-redirect-'));
  const assetsDir = path.join(dataDir, 'assets');
  let port: number;

  beforeAll(async () => {
    certs = makeCertificates();
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(certs.caPath, 'utf8')]);
    const png = makeFixtures().find((f) => f.format === 'png')!.bytes;
    server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      requested.push(req.url ?? '');
      if (req.url === '/picture.png')
        res.writeHead(302, { Location: `https://127.0.0.1:${port}/private.png` }).end();
      else if (req.url === '/private.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;

    const ctx = inject('stack');
    app = await createApp(
      loadConfig({
        DATABASE_URL: ctx.databaseUrl,
        TEMPORAL_ADDRESS: ctx.temporalAddress,
        DATA_DIR: dataDir,
        ASSET_URL_SECRET: 'import-redirect-secret-import-redirect',
        PUBLIC_BASE_URL: 'http://localhost:8080',
        LOG_LEVEL: 'silent',
        // Lets the connection to the stand-in public server through; the redirect's target is
        // checked by the resolver below with private networks refused.
        WEBHOOK_ALLOW_PRIVATE_NETWORKS: '1',
      }),
    );
    const intake = app.get(AssetIntake) as unknown as {
      options: { import: { resolve?: (host: string) => Promise<ResolvedAddress[]> } };
    };
    intake.options.import.resolve = (host) =>
      host === 'localhost'
        ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
        : resolvePublicAddresses(host, false);
    await app.listen(0, '127.0.0.1');
    const origin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    account = await createAccount({ baseUrl: `${origin}/api/v1` });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    certs?.cleanup();
  });

  it('is refused with 422 at body.source_url, never fetches the private address and stores nothing', async () => {
    const rowsBefore = await assetRows(testDb(), account.accountId);
    const res = await account.api.post('/assets', { source_url: `https://localhost:${port}/picture.png` });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details[0].loc).toEqual(['body', 'source_url']);
    expect(res.body.error.details[0].msg).toMatch(/public address/);
    // The public server was asked; the private address it pointed to was not.
    expect(requested).toEqual(['/picture.png']);
    expect(await assetRows(testDb(), account.accountId)).toBe(rowsBefore);
    expect(storedFiles(assetsDir)).toEqual([]);
  });

  it('the same server reached without the redirect is imported (the stand-in is what lets it through)', async () => {
    const res = await account.api.post('/assets', { source_url: `https://localhost:${port}/private.png` });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ type: 'image', source: 'import' });
  });
});
