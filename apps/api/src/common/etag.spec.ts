import express from 'express';
import { describe, expect, it } from 'vitest';
import { weakEtag } from './etag';

describe('the api ETag', () => {
  // Express's own default, as it computes it for a response body.
  const generate = express().get('etag fn') as (body: string | Buffer, encoding?: BufferEncoding) => string;
  const etag = (body: Buffer) => generate(body);

  it("is Express's default weak ETag, byte for byte", () => {
    const bodies = ['', '{}', '{"id":"a","prompt":"Bienen, Blüten und Honig — 蜂蜜 🐝"}', 'x'.repeat(70_000)];
    for (const body of bodies) {
      expect(weakEtag(body, 'utf8')).toBe(etag(Buffer.from(body, 'utf8')));
      expect(weakEtag(body)).toBe(etag(Buffer.from(body, 'utf8')));
      expect(weakEtag(Buffer.from(body))).toBe(etag(Buffer.from(body)));
    }
    expect(weakEtag('caf\u00e9', 'latin1')).toBe(etag(Buffer.from('caf\u00e9', 'latin1')));
  });
});
