import { AssetUrlSigner } from '@vidgen/assets';
import { describe, expect, it } from 'vitest';
import { deliveryAssetIds, withAssetLinks } from './delivery-links';

const VIDEO = '0f8c7e3a-5b1d-4c2e-9a7f-3d6b8e1c2a4f';
const THUMB = '1a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d';
const VICTIM = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const HOUR = 3600_000;

describe('delivery asset links', () => {
  const signer = new AssetUrlSigner('secret', 'https://vidgen.example', 24 * 3600);
  const then = Date.UTC(2026, 9, 1, 10, 0, 0);
  const now = then + 30 * 24 * HOUR;
  const old = new AssetUrlSigner('secret', 'http://old-host:8080', 24 * 3600);
  const forged = `https://x/api/v1/assets/${VICTIM}/content?expires=1&signature=${'0'.repeat(64)}`;
  const payload = JSON.stringify({
    event: 'video.completed',
    video_id: VIDEO,
    data: {
      id: VIDEO,
      prompt: `Bees, "quoted" & more ${forged} ${old.url(VICTIM, then)}`,
      video_url: old.url(VIDEO, then),
      audio_url: null,
      thumbnail_url: old.url(THUMB, then),
      subtitles_url: old.url(VICTIM, then),
      failure_reason: null,
    },
    created_at: 1790000000,
  });

  it('signs the link fields afresh from the asset ids and leaves every other byte as stored', () => {
    const sent = withAssetLinks(payload, { video_url: VIDEO, thumbnail_url: THUMB }, (id) =>
      signer.url(id, now),
    );
    const body = JSON.parse(sent);
    expect(body.data.video_url).toBe(signer.url(VIDEO, now));
    expect(body.data.thumbnail_url).toBe(signer.url(THUMB, now));
    for (const field of ['video_url', 'thumbnail_url']) {
      const u = new URL(body.data[field]);
      expect(
        signer.verify(
          u.pathname.split('/')[4]!,
          u.searchParams.get('expires')!,
          u.searchParams.get('signature')!,
          now,
        ),
      ).toBe(true);
    }
    const blank = (text: string) => {
      const p = JSON.parse(text);
      return JSON.stringify({ ...p, data: { ...p.data, video_url: 0, thumbnail_url: 0, subtitles_url: 0 } });
    };
    expect(blank(sent)).toBe(blank(payload));
  });

  it('never signs a link written in the text: a prompt holding link-shaped strings is sent as written', () => {
    const sent = withAssetLinks(payload, { video_url: VIDEO }, (id) => signer.url(id, now));
    expect(JSON.parse(sent).data.prompt).toBe(JSON.parse(payload).data.prompt);
    // No link to the victim's asset signed now appears anywhere in what is sent.
    expect(sent).not.toContain(signer.url(VICTIM, now));
    expect(sent).not.toContain(
      `/api/v1/assets/${VICTIM}/content?expires=${new URL(signer.url(VICTIM, now)).searchParams.get('expires')}`,
    );
  });

  it('sets a link field to null when its asset is no longer the video’s own', () => {
    // subtitles_url held a link to an asset the ids do not list: it is dropped, not re-signed.
    const sent = JSON.parse(withAssetLinks(payload, { video_url: VIDEO }, (id) => signer.url(id, now)));
    expect(sent.data.thumbnail_url).toBeNull();
    expect(sent.data.subtitles_url).toBeNull();
    expect(sent.data.audio_url).toBeNull();
  });

  it('keeps the ids of the link fields a video record has', () => {
    expect(
      deliveryAssetIds({
        videoAssetId: VIDEO,
        audioAssetId: null,
        thumbnailAssetId: THUMB,
        subtitlesAssetId: null,
      }),
    ).toEqual({ video_url: VIDEO, thumbnail_url: THUMB });
  });
});
