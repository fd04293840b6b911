import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StockStandIn, startStockStandIn } from '../../../../test/support/stock-stand-in';
import { ProviderError } from '../common/media.errors';
import { createStockProvider } from '../providers.factory';
import { searchTerms } from './stock-terms';

describe('stock providers against the stand-in of their search APIs', () => {
  let stand: StockStandIn;
  beforeAll(async () => {
    stand = await startStockStandIn({ key: 'k-1', clips: [3, 6], photos: 2 });
  });
  afterAll(() => stand.close());

  for (const provider of ['pexels', 'pixabay'] as const) {
    const make = (apiKey = 'k-1') =>
      createStockProvider({ provider, apiKey, baseUrl: stand.baseUrl }, { timeoutSeconds: 10 })!;

    it(`${provider}: finds clips with their length, a rendition that fits, and their credit`, async () => {
      const clips = await make().searchVideos({
        terms: 'lighthouse sea',
        orientation: 'landscape',
        perPage: 10,
      });
      expect(clips.map((c) => c.durationSeconds)).toEqual([3, 6]);
      for (const c of clips) {
        expect(c).toMatchObject({ kind: 'video', width: 640, height: 360 });
        expect(c.downloadUrl).toMatch(/\/files\/\d+\.mp4$/);
        expect(c.credit.author).toMatch(/\d/);
        expect(c.credit.source_url).toMatch(
          provider === 'pexels'
            ? /^https:\/\/www\.pexels\.com\/video\//
            : /^https:\/\/pixabay\.com\/videos\//,
        );
        expect(c.credit.license).toMatch(
          provider === 'pexels' ? /Pexels License/ : /Pixabay Content License/,
        );
      }
      expect(new Set(clips.map((c) => c.key)).size).toBe(2);
    });

    it(`${provider}: finds photos, and asks for the orientation of the frame`, async () => {
      const photos = await make().searchPhotos({ terms: 'red', orientation: 'landscape', perPage: 10 });
      expect(photos).toHaveLength(2);
      expect(photos[0]!.credit.source_url).toMatch(/photo/);
      const last = stand.requests.at(-1)!;
      expect(last.query.get('orientation')).toBe(provider === 'pexels' ? 'landscape' : 'horizontal');
      // The stand-in's clips and photos are landscape: a portrait search finds none.
      expect(await make().searchPhotos({ terms: 'red', orientation: 'portrait', perPage: 10 })).toEqual([]);
    });

    it(`${provider}: a 429 or a 503 is retryable, a refused key is not`, async () => {
      stand.failNext(1, 429);
      await expect(
        make().searchVideos({ terms: 'x', orientation: 'landscape', perPage: 5 }),
      ).rejects.toMatchObject({
        retryable: true,
        message: expect.stringMatching(/429/),
      });
      stand.failNext(1, 503);
      await expect(
        make().searchPhotos({ terms: 'x', orientation: 'landscape', perPage: 5 }),
      ).rejects.toMatchObject({
        retryable: true,
      });
      const refused = make('wrong').searchVideos({ terms: 'x', orientation: 'landscape', perPage: 5 });
      await expect(refused).rejects.toBeInstanceOf(ProviderError);
      await expect(refused).rejects.toMatchObject({ retryable: false });
    });

    it(`${provider}: a failed search says what failed, never what the library answered`, async () => {
      const search = (apiKey?: string) =>
        make(apiKey).searchVideos({ terms: 'x', orientation: 'landscape', perPage: 5 });
      stand.down = true;
      try {
        await expect(search()).rejects.toThrow(/^the stock library answered HTTP 503$/);
      } finally {
        stand.down = false;
      }
      stand.failNext(1, 429);
      await expect(search()).rejects.toThrow(/^the stock library's rate limit was reached \(HTTP 429\)$/);
      // The stand-in's bodies ("unavailable", "bad key", "[ERROR 400] Invalid API key") stay out.
      await expect(search('wrong')).rejects.toThrow(/^the stock library answered HTTP 40[01]$/);
    });
  }

  it('makes a few search words of a visual description', () => {
    expect(searchTerms('A lighthouse on a rocky cliff at dusk, with waves crashing below.')).toBe(
      'lighthouse rocky cliff dusk waves crashing',
    );
  });
});
