import { readFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import tls from 'node:tls';
import { resolvePublicAddresses } from '@vidgen/net';
import { makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DownloadOptions, openRemote } from './remote-download';

/**
 * openRemote against a local HTTPS server. No public address exists here, so a resolver
 * stands in for DNS and the SSRF check: `localhost` passes as if it were public, every other
 * host goes through the real check. That is how a public page that redirects to a private
 * address looks. (Private networks are allowed so the socket's own peer check, which would
 * refuse 127.0.0.1 whatever the resolver said, leaves the decision to that resolver.)
 */
describe('openRemote', () => {
  let certs: TestCertificates;
  let server: https.Server;
  let port: number;
  const hits: string[] = [];
  const options = (over: Partial<DownloadOptions> = {}): DownloadOptions => ({
    maxBytes: 1000,
    timeoutMs: 2000,
    maxRedirects: 2,
    allowPrivateNetworks: true,
    resolve: (host) =>
      host === 'localhost'
        ? Promise.resolve([{ address: '127.0.0.1', family: 4 }])
        : resolvePublicAddresses(host, false),
    ...over,
  });
  const url = (p: string, host = 'localhost') => `https://${host}:${port}${p}`;
  const read = async (body: Readable) => {
    const chunks: Buffer[] = [];
    for await (const c of body) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString();
  };

  beforeAll(async () => {
    certs = makeCertificates();
    // This process trusts the test CA the way the api trusts it through NODE_EXTRA_CA_CERTS.
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(certs.caPath, 'utf8')]);
    server = https.createServer({ key: certs.key, cert: certs.cert }, (req, res) => {
      hits.push(req.url ?? '');
      const [route, arg] = (req.url ?? '').split('?');
      if (route === '/file') res.end('hello');
      else if (route === '/to') res.writeHead(302, { Location: decodeURIComponent(arg!) }).end();
      else if (route === '/loop') res.writeHead(301, { Location: '/loop' }).end();
      else if (route === '/big') res.writeHead(200, { 'Content-Length': '5000' }).end('x'.repeat(5000));
      else if (route === '/hang') res.writeHead(200).write('partial');
      else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r));
    certs?.cleanup();
  });

  it('follows a redirect and returns the final body', async () => {
    const body = await openRemote(url(`/to?${encodeURIComponent(url('/file'))}`), options());
    expect(await read(body)).toBe('hello');
  });

  it('refuses a redirect to a private address without connecting to it', async () => {
    hits.length = 0;
    const target = url('/file?private', '127.0.0.1');
    await expect(openRemote(url(`/to?${encodeURIComponent(target)}`), options())).rejects.toThrow(
      /127\.0\.0\.1 resolves to a non-public address/,
    );
    expect(hits).toEqual([`/to?${encodeURIComponent(target)}`]);
  });

  it('refuses a redirect to http, and more redirects than allowed', async () => {
    const http = `http://localhost:${port}/file`;
    await expect(openRemote(url(`/to?${encodeURIComponent(http)}`), options())).rejects.toThrow(/not https/);
    await expect(openRemote(url('/loop'), options())).rejects.toThrow(/more than 2 redirects/);
  });

  it('refuses a body declared larger than the limit, and an error status', async () => {
    await expect(openRemote(url('/big'), options())).rejects.toThrow(/5000 bytes; at most 1000/);
    await expect(openRemote(url('/missing'), options())).rejects.toThrow(/answered 404/);
  });

  it('cuts a download off at the deadline, body included', async () => {
    const body = await openRemote(url('/hang'), options({ timeoutMs: 300 }));
    await expect(read(body)).rejects.toThrow(/did not finish within 0.3 s/);
  });

  it('connects to private addresses only when they are allowed', async () => {
    await expect(
      openRemote(url('/file', '127.0.0.1'), options({ resolve: undefined, allowPrivateNetworks: false })),
    ).rejects.toThrow(/non-public address/);
    const body = await openRemote(
      url('/file', '127.0.0.1'),
      options({ resolve: undefined, allowPrivateNetworks: true }),
    );
    expect(await read(body)).toBe('hello');
  });
});
