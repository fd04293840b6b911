import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { cookieOf } from './cookies';

const req = (cookie?: string) =>
  ({ header: (name: string) => (name === 'cookie' ? cookie : undefined) }) as Request;

describe('cookieOf', () => {
  it('finds one cookie among several, by its exact name', () => {
    expect(cookieOf(req('a=1; vidgen_session=abc; b=2'), 'vidgen_session')).toBe('abc');
    expect(cookieOf(req('xvidgen_session=no; vidgen_session=yes'), 'vidgen_session')).toBe('yes');
  });

  it('is undefined without the header or the cookie', () => {
    expect(cookieOf(req(), 'vidgen_session')).toBeUndefined();
    expect(cookieOf(req('a=1'), 'vidgen_session')).toBeUndefined();
  });

  it('decodes percent-escapes and quotes, and ignores a malformed value', () => {
    expect(cookieOf(req('v="a%20b"'), 'v')).toBe('a b');
    expect(cookieOf(req('v=%E0%A4%A'), 'v')).toBeUndefined();
  });
});
