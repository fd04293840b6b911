import http from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { weakEtag } from '../src/common/etag';

/** A GET through node:http: fetch adds `Cache-Control: no-cache` to a conditional request. */
function get(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, body }));
      })
      .on('error', reject);
  });
}

/**
 * Pollers re-read the same pages: every JSON answer carries a weak ETag of its body (Express's
 * format), and a GET that sends it back in If-None-Match gets a 304 with no body.
 */
describe('ETags and conditional GETs', () => {
  it('tags a page with the ETag of its body and answers 304 to it', async () => {
    const account = await createAccount();
    const url = `${inject('stack').apiBaseUrl}/videos?limit=5`;
    const key = { 'X-Api-Key': account.key };
    const first = await get(url, key);
    expect(first.status).toBe(200);
    expect(first.etag).toBe(weakEtag(first.body));
    expect(first.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);

    const again = await get(url, { ...key, 'If-None-Match': first.etag! });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');

    const changed = await get(url, { ...key, 'If-None-Match': 'W/"0-nothing"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe(first.body);
  });
});
