import { hash } from 'node:crypto';

const EMPTY = 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';

/**
 * Express's default ETag, byte for byte (`W/"<length in hex>-<SHA-1, base64, 27 characters>"`, the
 * `etag` package's weak tag), with the hash taken in one call on the body as it is: no copy of a
 * string body into a Buffer and no Hash object per response
 * (docs/decisions/0044-request-line-and-cpu-per-request.md).
 */
export function weakEtag(body: string | Buffer, encoding?: BufferEncoding): string {
  const utf8 =
    typeof body === 'string' && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8');
  const data = typeof body === 'string' && !utf8 ? Buffer.from(body, encoding) : body;
  const length = typeof data === 'string' ? Buffer.byteLength(data, 'utf8') : data.length;
  if (length === 0) return EMPTY;
  return `W/"${length.toString(16)}-${hash('sha1', data, 'base64').slice(0, 27)}"`;
}
