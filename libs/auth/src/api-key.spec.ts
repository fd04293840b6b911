import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, generateApiKey, hashApiKey, looksLikeApiKey } from './api-key';

describe('generateApiKey', () => {
  it('makes a vg_-prefixed key of 32 random bytes in base64url', () => {
    const { key } = generateApiKey();
    expect(API_KEY_PREFIX).toBe('vg_');
    expect(key).toMatch(/^vg_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(3), 'base64url')).toHaveLength(32);
  });

  it('returns the SHA-256 hex of the key as its hash and the first 10 characters as its prefix', () => {
    const { key, hash, prefix } = generateApiKey();
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(prefix).toBe(key.slice(0, 10));
    expect(key.startsWith(prefix)).toBe(true);
  });

  it('never stores the key itself: the hash does not contain it', () => {
    const { key, hash } = generateApiKey();
    expect(hash).not.toContain(key.slice(3));
  });

  it('makes a different key every time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => generateApiKey().key));
    expect(keys.size).toBe(200);
  });

  it('produces keys that pass its own format check', () => {
    for (let i = 0; i < 50; i++) expect(looksLikeApiKey(generateApiKey().key)).toBe(true);
  });
});

describe('hashApiKey', () => {
  it('is deterministic and distinguishes keys that differ in one character', () => {
    const { key } = generateApiKey();
    expect(hashApiKey(key)).toBe(hashApiKey(key));
    const other = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect(hashApiKey(other)).not.toBe(hashApiKey(key));
  });
});

describe('looksLikeApiKey', () => {
  const valid = `vg_${'a'.repeat(43)}`;

  it('accepts the documented shape', () => {
    expect(looksLikeApiKey(valid)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['no prefix', 'a'.repeat(46)],
    ['other prefix', `sk_${'a'.repeat(43)}`],
    ['upper-case prefix', `VG_${'a'.repeat(43)}`],
    ['one character short', `vg_${'a'.repeat(42)}`],
    ['one character long', `vg_${'a'.repeat(44)}`],
    ['base64 padding', `vg_${'a'.repeat(42)}=`],
    ['non-base64url character', `vg_${'a'.repeat(42)}+`],
    ['surrounding whitespace', ` vg_${'a'.repeat(43)}`],
    ['Bearer scheme', `Bearer vg_${'a'.repeat(43)}`],
  ])('rejects %s', (_label, value) => {
    expect(looksLikeApiKey(value)).toBe(false);
  });
});
