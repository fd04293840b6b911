import net from 'node:net';
import { HttpsReceiver, makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from './webhook-sender';

const send = (url: string, opts: { timeoutMs?: number; allowPrivateNetworks?: boolean } = {}) =>
  sendWebhook({
    url,
    body: '{}',
    headers: { 'Content-Type': 'application/json' },
    timeoutMs: opts.timeoutMs ?? 5000,
    allowPrivateNetworks: opts.allowPrivateNetworks ?? true,
  });

/** A TCP server that accepts and then says nothing, counting connections. */
async function silentServer(): Promise<{
  port: number;
  connections: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    count++;
    sockets.add(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    connections: () => count,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

describe('sendWebhook (this process does not trust the test CA)', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;

  beforeAll(async () => {
    certs = makeCertificates();
    receiver = new HttpsReceiver(certs);
    await receiver.start();
  });
  afterAll(async () => {
    await receiver?.stop();
    certs?.cleanup();
  });

  it('verifies the certificate: an untrusted CA is a failed attempt and no request is made', async () => {
    const route = receiver.route([{ status: 200 }]);
    const result = await send(route.url);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/certificate/i);
    expect(route.received).toEqual([]);
  });

  it('refuses a name that resolves to loopback before connecting, unless private networks are allowed', async () => {
    const server = await silentServer();
    try {
      const result = await send(`https://localhost:${server.port}/hook`, { allowPrivateNetworks: false });
      expect(result.error).toBe('refused: localhost resolves to a non-public address (127.0.0.1)');
      expect(result.statusCode).toBeNull();
      await new Promise((r) => setTimeout(r, 100));
      expect(server.connections()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it.each([
    ['the metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['an IPv6 loopback literal', 'https://[::1]:9/hook'],
    ['a private address', 'https://10.1.2.3/hook'],
  ])('refuses %s without trying to connect', async (_label, url) => {
    const result = await send(url, { allowPrivateNetworks: false, timeoutMs: 2000 });
    expect(result.error).toMatch(/^refused: .* resolves to a non-public address/);
    expect(result.durationMs).toBeLessThan(500);
  });

  it('gives up at the deadline on a server that never answers', async () => {
    const server = await silentServer();
    try {
      const result = await send(`https://127.0.0.1:${server.port}/hook`, { timeoutMs: 300 });
      expect(result.error).toBe('timed out after 0.3 s');
      expect(result.statusCode).toBeNull();
      expect(result.durationMs).toBeGreaterThanOrEqual(290);
      expect(result.durationMs).toBeLessThan(1500);
      expect(server.connections()).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('reports a refused connection', async () => {
    const server = await silentServer();
    const { port } = server;
    await server.close();
    const result = await send(`https://127.0.0.1:${port}/hook`);
    expect(result.error).toMatch(/ECONNREFUSED/);
  });

  it('sends only to https URLs', async () => {
    expect((await send('http://127.0.0.1:9/hook')).error).toBe('only https URLs are delivered to');
  });
});
