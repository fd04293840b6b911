import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { ForbiddenDestinationError, guardPeer, lookupOnly, resolvePublicAddresses } from '@vidgen/net';

export interface SendResult {
  /** The receiver's status, or null when no response arrived (refused, DNS, TLS, timeout, reset). */
  statusCode: number | null;
  /** Why the attempt failed without a status, or what a 3xx pointed at. */
  error: string | null;
  retryAfter: string | undefined;
  durationMs: number;
  /** The address actually connected to. */
  address: string | null;
}

export interface SendOptions {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivateNetworks: boolean;
}

class AttemptTimeout extends Error {}

/**
 * Keeps the TLS sessions receivers hand out, so that the next connection to the same host and
 * port resumes one: a fan-out of many deliveries to one receiver pays the full handshake
 * (certificate chain and name checked here, a signature on the receiver's side) once rather than
 * per delivery (docs/decisions/0042-webhook-arrival-time.md). It pools no connections (keepAlive
 * off): every attempt still opens its own, to the addresses checked for it. Its one TLS context
 * (the default trust store, NODE_EXTRA_CA_CERTS included) serves every connection, where one per
 * connection loaded the trust store each time.
 */
let agent: https.Agent | undefined;
function attemptAgent(): https.Agent {
  agent ??= new https.Agent({
    keepAlive: false,
    maxCachedSessions: 1000,
    secureContext: tls.createSecureContext(),
  });
  return agent;
}

/**
 * One POST of a webhook delivery. The hostname is resolved and checked once, and the socket
 * connects to exactly that checked address (a custom `lookup`), so a DNS answer that changes
 * between the check and the connect cannot steer the request to a private address; TLS still
 * verifies the certificate against the URL's hostname (SNI and Host stay the hostname).
 * Redirects are never followed. The whole attempt (DNS, connect, TLS, response headers)
 * shares one deadline.
 */
export function sendWebhook(options: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let address: string | null = null;
  const result = (r: { statusCode?: number; error?: string; retryAfter?: string }): SendResult => ({
    statusCode: r.statusCode ?? null,
    error: r.error ?? null,
    retryAfter: r.retryAfter,
    durationMs: elapsed(),
    address,
  });

  return new Promise<SendResult>((resolve) => {
    let settled = false;
    let request: ReturnType<typeof https.request> | undefined;
    const finish = (r: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const seconds = options.timeoutMs / 1000;
    const timer = setTimeout(() => {
      const err = new AttemptTimeout(`timed out after ${seconds} s`);
      request?.destroy(err);
      finish(result({ error: err.message }));
    }, options.timeoutMs);

    let url: URL;
    try {
      url = new URL(options.url);
    } catch {
      return finish(result({ error: 'the webhook url is not a valid URL' }));
    }
    if (url.protocol !== 'https:') return finish(result({ error: 'only https URLs are delivered to' }));
    const hostname = url.hostname.replace(/^\[|\]$/g, '');

    const connect = (addresses: { address: string; family: number }[]) => {
      const req = https.request({
        method: 'POST',
        hostname,
        port: url.port ? Number(url.port) : 443,
        path: `${url.pathname}${url.search}`,
        headers: { ...options.headers, 'Content-Length': String(Buffer.byteLength(options.body)) },
        lookup: lookupOnly(addresses),
        servername: isIP(hostname) ? undefined : hostname,
        // A fresh connection per attempt (a pooled socket would skip the check above), resuming
        // a TLS session of an earlier one to the same host when there is one.
        agent: attemptAgent(),
      });
      request = req;
      guardPeer(req, addresses, options.allowPrivateNetworks, (peer) => {
        address = peer;
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        // The status is all a delivery needs; drain the body, bounded by the same deadline.
        res.resume();
        const retryAfter = res.headers['retry-after'];
        if (status >= 300 && status < 400) {
          const location = res.headers.location;
          finish(
            result({
              statusCode: status,
              error: `redirect${location ? ` to ${location}` : ''} not followed`,
              retryAfter,
            }),
          );
        } else {
          finish(result({ statusCode: status, retryAfter }));
        }
        // Keep the deadline for the body: a receiver that never ends it is cut off.
        const cutoff = setTimeout(() => req.destroy(), Math.max(0, options.timeoutMs - elapsed()));
        res.on('close', () => clearTimeout(cutoff));
      });
      req.on('error', (err) => {
        if (err instanceof AttemptTimeout) return;
        finish(result({ error: describeNetworkError(err) }));
      });
      req.end(options.body);
    };

    resolvePublicAddresses(hostname, options.allowPrivateNetworks).then(
      (addresses) => {
        if (settled) return;
        try {
          connect(addresses);
        } catch (err) {
          // e.g. a header or path Node refuses: a failed attempt, never an unhandled rejection.
          request?.destroy();
          finish(result({ error: describeNetworkError(err as Error) }));
        }
      },
      (err) => {
        finish(
          result({
            error:
              err instanceof ForbiddenDestinationError
                ? `refused: ${err.message}`
                : `cannot resolve ${hostname}: ${(err as Error).message}`,
          }),
        );
      },
    );
  });
}

function describeNetworkError(err: Error): string {
  const code = (err as { code?: string }).code;
  if (err instanceof ForbiddenDestinationError) return `refused: ${err.message}`;
  return code && !err.message.includes(code) ? `${code}: ${err.message}` : err.message;
}
