import { describe, expect, it } from 'vitest';
import { AssetUrlSigner } from './asset-url';

const ID = '0f8c7e3a-5b1d-4c2e-9a7f-3d6b8e1c2a4f';
const OTHER = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const HOUR = 3600_000;

describe('AssetUrlSigner', () => {
  const signer = new AssetUrlSigner('secret', 'https://vidgen.example', 24 * 3600);

  it('signs a URL that verifies until it expires, and not after', () => {
    const now = Date.UTC(2026, 10, 1, 10, 0, 0);
    const url = new URL(signer.url(ID, now));
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(signer.verify(ID, expires, signature, now)).toBe(true);
    expect(signer.verify(OTHER, expires, signature, now)).toBe(false);
    expect(signer.verify(ID, expires, signature, now + 26 * HOUR)).toBe(false);
  });

  it('gives the same URL within an expiry hour and a freshly signed one in the next', () => {
    const s = new AssetUrlSigner('secret', 'https://vidgen.example', 24 * 3600);
    const now = Date.UTC(2026, 10, 1, 10, 0, 0);
    const first = s.url(ID, now + 1000);
    expect(s.url(ID, now + 30 * 60_000)).toBe(first);
    const next = new URL(s.url(ID, now + HOUR + 1000));
    expect(next.toString()).not.toBe(first);
    expect(s.verify(ID, next.searchParams.get('expires')!, next.searchParams.get('signature')!, now)).toBe(
      true,
    );
    // Kept URLs are per asset: another asset's is its own.
    expect(s.url(OTHER, now + HOUR + 1000)).not.toBe(next.toString());
  });

  it('refuses a signature made for another asset, a forged one and an expired one', () => {
    const now = Date.UTC(2026, 10, 1, 10, 0, 0);
    const url = new URL(signer.url(ID, now));
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    // The signature names its asset: moved onto another asset's path it opens nothing.
    expect(signer.verify(OTHER, expires, signature, now)).toBe(false);
    // The shape of a link without its key: zeros, another expiry, another spelling of it.
    expect(signer.verify(ID, expires, '0'.repeat(64), now)).toBe(false);
    expect(signer.verify(ID, String(Number(expires) + 3600), signature, now)).toBe(false);
    expect(signer.verify(ID, `0${expires}`, signature, now)).toBe(false);
    expect(signer.verify(ID, expires, signature.toUpperCase(), now)).toBe(false);
    // Signed by another key.
    const other = new URL(
      new AssetUrlSigner('another secret', 'https://vidgen.example', 24 * 3600).url(ID, now),
    );
    expect(signer.verify(ID, expires, other.searchParams.get('signature')!, now)).toBe(false);
    // Past its expiry, by a second.
    expect(signer.verify(ID, expires, signature, Number(expires) * 1000)).toBe(true);
    expect(signer.verify(ID, expires, signature, Number(expires) * 1000 + 1000)).toBe(false);
  });
});
