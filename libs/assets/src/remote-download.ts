import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import {
  ForbiddenDestinationError,
  guardPeer,
  lookupOnly,
  type ResolvedAddress,
  resolvePublicAddresses,
} from '@vidgen/net';
import { AssetRejectedError } from './asset-intake.errors';

export interface DownloadOptions {
  maxBytes: number;
  /** One deadline for the whole import: every DNS lookup, connect, redirect and the body. */
  timeoutMs: number;
  maxRedirects: number;
  allowPrivateNetworks: boolean;
  /**
   * The SSRF check of each hop; resolvePublicAddresses unless a spec must stand in for DNS
   * (no public address exists in a test, so one that redirects to a private one is simulated).
   */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Stops the download wherever it is (the request, or the body being read): it rejects with the reason. */
  signal?: AbortSignal;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Opens an https URL with the webhook SSRF rules (docs/webhooks.md): every hop's hostname is
 * resolved and checked, the socket connects only to a checked address, and redirects are
 * followed by hand, each Location checked again (https only, a bounded number of hops). Returns
 * the body of the final 2xx response; the caller streams it and enforces the size limit, while
 * the deadline keeps running until the body ends. Failures are AssetRejectedErrors.
 */
export async function openRemote(sourceUrl: string, options: DownloadOptions): Promise<Readable> {
  const { signal } = options;
  signal?.throwIfAborted();
  const resolve =
    options.resolve ?? ((host: string) => resolvePublicAddresses(host, options.allowPrivateNetworks));
  const seconds = options.timeoutMs / 1000;
  let current: IncomingMessage | ReturnType<typeof https.request> | undefined;
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    current?.destroy(new AssetRejectedError(`the download did not finish within ${seconds} s`));
  }, options.timeoutMs);
  const onAbort = () => current?.destroy(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const done = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  };
  try {
    let url = parseHttps(sourceUrl);
    for (let hop = 0; ; hop++) {
      signal?.throwIfAborted();
      const addresses = await resolve(url.hostname.replace(/^\[|\]$/g, '')).catch((err: Error) => {
        throw new AssetRejectedError(
          err instanceof ForbiddenDestinationError
            ? `${err.message}; imports must come from a public address`
            : `cannot resolve ${url.hostname}: ${err.message}`,
        );
      });
      if (expired) throw new AssetRejectedError(`the download did not finish within ${seconds} s`);
      const res = await get(url, addresses, options, (req) => {
        current = req;
      });
      current = res;
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (!location) throw new AssetRejectedError(`the server answered ${status} without a Location`);
        if (hop >= options.maxRedirects) {
          throw new AssetRejectedError(`more than ${options.maxRedirects} redirects`);
        }
        url = parseHttps(new URL(location, url).toString(), 'redirects to');
        continue;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        throw new AssetRejectedError(`the server answered ${status}`);
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > options.maxBytes) {
        res.destroy();
        throw new AssetRejectedError(
          `the file is ${declared} bytes; at most ${options.maxBytes} are accepted`,
        );
      }
      res.once('close', done);
      return res;
    }
  } catch (err) {
    done();
    current?.destroy();
    if (signal?.aborted) throw signal.reason;
    if (err instanceof AssetRejectedError) throw err;
    throw new AssetRejectedError(`the download failed: ${(err as Error).message}`);
  }
}

function parseHttps(text: string, what = 'the URL is'): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AssetRejectedError(`${what} not a valid URL`);
  }
  if (url.protocol !== 'https:')
    throw new AssetRejectedError(`${what} not https: only https URLs are fetched`);
  return url;
}

function get(
  url: URL,
  addresses: ResolvedAddress[],
  options: DownloadOptions,
  onRequest: (req: ReturnType<typeof https.request>) => void,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const req = https.request({
      method: 'GET',
      hostname,
      port: url.port ? Number(url.port) : 443,
      path: `${url.pathname}${url.search}`,
      headers: { 'User-Agent': 'vidgen-asset-import', Accept: 'image/*, audio/*' },
      lookup: lookupOnly(addresses),
      servername: isIP(hostname) ? undefined : hostname,
      // A fresh connection per hop: a pooled socket would skip the address check.
      agent: false,
    });
    onRequest(req);
    guardPeer(req, addresses, options.allowPrivateNetworks);
    req.once('response', resolve);
    req.once('error', (err) =>
      reject(
        err instanceof AssetRejectedError || err instanceof ForbiddenDestinationError
          ? new AssetRejectedError(err.message)
          : new AssetRejectedError(`the download failed: ${err.message}`),
      ),
    );
    req.end();
  });
}
