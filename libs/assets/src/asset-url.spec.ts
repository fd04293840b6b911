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

  it('refreshes every signed asset URL in a payload and leaves the rest byte for byte', () => {
    const month = 30 * 24 * HOUR;
    const then = Date.UTC(2026, 9, 1, 10, 0, 0);
    const old = new AssetUrlSigner('secret', 'http://old-host:8080', 24 * 3600);
    const payload = JSON.stringify({
      event: 'video.completed',
      video_id: ID,
      data: {
        prompt: 'Bees, "quoted" & more',
        video_url: old.url(ID, then),
        thumbnail_url: old.url(OTHER, then),
        audio_url: null,
      },
      created_at: 1790000000,
    });
    const now = then + month;
    const fresh = signer.refreshUrls(payload, now);

    const parsed = JSON.parse(fresh);
    expect(parsed.data.video_url).toBe(signer.url(ID, now));
    expect(parsed.data.thumbnail_url).toBe(signer.url(OTHER, now));
    for (const url of [parsed.data.video_url, parsed.data.thumbnail_url]) {
      const u = new URL(url);
      const id = u.pathname.split('/')[4]!;
      expect(signer.verify(id, u.searchParams.get('expires')!, u.searchParams.get('signature')!, now)).toBe(
        true,
      );
    }
    const withoutUrls = (text: string) =>
      JSON.stringify({
        ...JSON.parse(text),
        data: { ...JSON.parse(text).data, video_url: 0, thumbnail_url: 0 },
      });
    expect(withoutUrls(fresh)).toBe(withoutUrls(payload));
  });

  it('leaves text without signed asset URLs unchanged', () => {
    const text = '{"url":"https://vidgen.example/api/v1/assets/not-an-id/content","n":1}';
    expect(signer.refreshUrls(text)).toBe(text);
  });
});
