import { z } from 'zod';
import type { StockItem, StockOrientation, StockProvider, StockQuery } from './stock.types';
import { getStockJson } from './stock-http';

const LICENSE = 'Pixabay Content License (https://pixabay.com/service/license-summary/)';

// The fields vidgen reads of https://pixabay.com/api/docs/ responses.
const rendition = z.object({ url: z.string(), width: z.number(), height: z.number() });
const videosPage = z.object({
  totalHits: z.number(),
  hits: z.array(
    z.object({
      id: z.number(),
      pageURL: z.string(),
      tags: z.string().optional(),
      duration: z.number(),
      user: z.string(),
      videos: z.object({
        large: rendition.optional(),
        medium: rendition.optional(),
        small: rendition.optional(),
        tiny: rendition.optional(),
      }),
    }),
  ),
});
const photosPage = z.object({
  totalHits: z.number(),
  hits: z.array(
    z.object({
      id: z.number(),
      pageURL: z.string(),
      tags: z.string().optional(),
      webformatURL: z.string(),
      largeImageURL: z.string(),
      imageWidth: z.number(),
      imageHeight: z.number(),
      user: z.string(),
    }),
  ),
});

/** Pixabay photos (GET /api/) and videos (GET /api/videos/), with the key as a query parameter. */
export class PixabayStockProvider implements StockProvider {
  readonly name = 'pixabay' as const;

  constructor(
    private readonly opts: { apiKey: string; baseUrl: string; timeoutMs: number; maxSide: number },
  ) {}

  async searchVideos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]> {
    const body = videosPage.parse(await this.get('/api/videos/', query, signal));
    return body.hits.flatMap((v): StockItem[] => {
      const sizes = [v.videos.tiny, v.videos.small, v.videos.medium, v.videos.large].filter(
        (r): r is z.infer<typeof rendition> => Boolean(r?.url && r.width && r.height),
      );
      const file = sizes.find((r) => Math.max(r.width, r.height) >= this.opts.maxSide) ?? sizes.at(-1);
      // The videos endpoint has no orientation filter: a clip of the wrong shape is left out.
      if (!file || !fits(file.width, file.height, query.orientation)) return [];
      return [
        {
          kind: 'video',
          key: `pixabay:video:${v.id}`,
          downloadUrl: file.url,
          width: file.width,
          height: file.height,
          durationSeconds: v.duration,
          credit: {
            title: v.tags || `Pixabay video ${v.id}`,
            author: v.user,
            license: LICENSE,
            source_url: v.pageURL,
          },
        },
      ];
    });
  }

  async searchPhotos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]> {
    const body = photosPage.parse(
      await this.get('/api/', query, signal, {
        image_type: 'photo',
        orientation: pixabayOrientation(query.orientation),
      }),
    );
    return body.hits
      .filter((p) => fits(p.imageWidth, p.imageHeight, query.orientation))
      .map((p) => ({
        kind: 'photo' as const,
        key: `pixabay:photo:${p.id}`,
        // largeImageURL: at most 1280 px a side.
        downloadUrl: p.largeImageURL,
        width: p.imageWidth,
        height: p.imageHeight,
        durationSeconds: null,
        credit: {
          title: p.tags || `Pixabay photo ${p.id}`,
          author: p.user,
          license: LICENSE,
          source_url: p.pageURL,
        },
      }));
  }

  private get(
    path: string,
    query: StockQuery,
    signal: AbortSignal | undefined,
    extra: Record<string, string | undefined> = {},
  ): Promise<unknown> {
    const url = new URL(`${this.opts.baseUrl}${path}`);
    url.searchParams.set('key', this.opts.apiKey);
    url.searchParams.set('q', query.terms.slice(0, 100));
    url.searchParams.set('safesearch', 'true');
    url.searchParams.set('per_page', String(Math.max(3, Math.min(200, query.perPage))));
    url.searchParams.set('page', '1');
    for (const [k, v] of Object.entries(extra)) if (v) url.searchParams.set(k, v);
    return getStockJson(url, { timeoutMs: this.opts.timeoutMs, signal });
  }
}

function pixabayOrientation(o: StockOrientation): string | undefined {
  return o === 'landscape' ? 'horizontal' : o === 'portrait' ? 'vertical' : undefined;
}

function fits(width: number, height: number, o: StockOrientation): boolean {
  if (o === 'square') return true;
  return o === 'landscape' ? width >= height : height >= width;
}
