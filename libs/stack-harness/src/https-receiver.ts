import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';

export interface TestCertificates {
  dir: string;
  /** PEM of the CA, for NODE_EXTRA_CA_CERTS of the worker. */
  caPath: string;
  key: Buffer;
  cert: Buffer;
  cleanup(): void;
}

/**
 * A throwaway CA and a server certificate it signed for `localhost` / 127.0.0.1, made with
 * the openssl CLI. The worker trusts the CA only through NODE_EXTRA_CA_CERTS, so a delivery
 * that arrives proves the certificate was verified, not skipped.
 */
export function makeCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-webhook-certs-'));
  const p = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' });
  try {
    openssl('version');
  } catch {
    throw new Error('These specs need the openssl CLI to make their test certificates');
  }
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    p('ca.key'),
    '-out',
    p('ca.pem'),
    '-days',
    '2',
    '-subj',
    '/CN=vidgen test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    p('server.key'),
    '-out',
    p('server.csr'),
    '-subj',
    '/CN=localhost',
  );
  writeFileSync(
    p('server.ext'),
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=digitalSignature,keyEncipherment',
      'extendedKeyUsage=serverAuth',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '',
    ].join('\n'),
  );
  openssl(
    'x509',
    '-req',
    '-in',
    p('server.csr'),
    '-CA',
    p('ca.pem'),
    '-CAkey',
    p('ca.key'),
    '-CAcreateserial',
    '-out',
    p('server.pem'),
    '-days',
    '2',
    '-sha256',
    '-extfile',
    p('server.ext'),
  );
  return {
    dir,
    caPath: p('ca.pem'),
    key: readFileSync(p('server.key')),
    cert: readFileSync(p('server.pem')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received. */
  rawBody: Buffer;
  /** Date.now() when the body had fully arrived. */
  receivedAt: number;
  /** The client's port: a new one for each connection. */
  remotePort: number | undefined;
  /** The connection resumed a TLS session of an earlier one (no full handshake). */
  tlsSessionReused: boolean;
}

/** One answer of a receiver: a status (with headers), or never answering. */
export type Reply = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

export interface Route {
  url: string;
  /** Requests received so far, in order. */
  received: ReceivedRequest[];
}

/**
 * An HTTPS server on 127.0.0.1 with one route per webhook. A route answers its requests
 * with `replies` in order, the last one repeating: [500, 500, 200] fails twice then succeeds.
 */
export class HttpsReceiver {
  private readonly routes = new Map<string, { replies: Reply[]; received: ReceivedRequest[] }>();
  /** Requests to paths no route was made for (e.g. a redirect target). */
  readonly unrouted: ReceivedRequest[] = [];
  private server!: https.Server;
  port = 0;

  constructor(private readonly certs: { key: Buffer; cert: Buffer }) {}

  async start(): Promise<void> {
    this.server = https.createServer({ key: this.certs.key, cert: this.certs.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const got: ReceivedRequest = {
          method: req.method ?? '',
          path: req.url ?? '',
          headers: req.headers,
          rawBody: Buffer.concat(chunks),
          receivedAt: Date.now(),
          remotePort: req.socket.remotePort,
          tlsSessionReused: (req.socket as TLSSocket).isSessionReused(),
        };
        const route = this.routes.get((req.url ?? '').split('?')[0]!);
        if (!route) {
          this.unrouted.push(got);
          res.writeHead(404).end();
          return;
        }
        route.received.push(got);
        const reply = route.replies[Math.min(route.received.length, route.replies.length) - 1]!;
        if (reply === 'hang') return; // never answer; the sender's timeout must end it
        const send = () => res.writeHead(reply.status, reply.headers ?? {}).end('ok');
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  /** A new route; `host` is the name in the URL (the certificate covers localhost and 127.0.0.1). */
  route(replies: Reply[], host = 'localhost'): Route {
    const pathname = `/hooks/${randomUUID()}`;
    const entry = { replies, received: [] as ReceivedRequest[] };
    this.routes.set(pathname, entry);
    return { url: `https://${host}:${this.port}${pathname}`, received: entry.received };
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Polls until `check` returns a value other than undefined, or fails with the last error. */
export async function eventually<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (err) {
      lastError = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
}

export const sleepMs = (ms: number) => new Promise((r) => setTimeout(r, ms));
