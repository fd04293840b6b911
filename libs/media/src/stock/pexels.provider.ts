import { z } from 'zod';
import type { StockItem, StockProvider, StockQuery } from './stock.types';
import { getStockJson } from './stock-http';

const LICENSE = 'Pexels License (https://www.pexels.com/license/)';

// The fields vidgen reads of https://www.pexels.com/api/documentation/ responses.
const videoFile = z.object({
  link: z.string().url(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  file_type: z.string(),
  quality: z.string().nullable().optional(),
});
const videosPage = z.object({
  videos: z.array(
    z.object({
      id: z.number(),
      url: z.string(),
      duration: z.number(),
      user: z.object({ name: z.string(), url: z.string() }),
      video_files: z.array(videoFile),
    }),
  ),
});
const photosPage = z.object({
  photos: z.array(
    z.object({
      id: z.number(),
      url: z.string(),
      width: z.number(),
      height: z.number(),
      alt: z.string().nullable().optional(),
      photographer: z.string(),
      photographer_url: z.string(),
      src: z.object({ original: z.string(), large2x: z.string(), large: z.string() }),
    }),
  ),
});

/** Pexels videos (GET /videos/search) and photos (GET /v1/search), with the key in Authorization. */
export class PexelsStockProvider implements StockProvider {
  readonly name = 'pexels' as const;

  constructor(
    private readonly opts: { apiKey: string; baseUrl: string; timeoutMs: number; maxSide: number },
  ) {}

  async searchVideos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]> {
    const body = videosPage.parse(await this.get('/videos/search', query, signal));
    return body.videos.flatMap((v): StockItem[] => {
      const file = pickFile(v.video_files, this.opts.maxSide);
      if (!file) return [];
      return [
        {
          kind: 'video',
          key: `pexels:video:${v.id}`,
          downloadUrl: file.link,
          width: file.width!,
          height: file.height!,
          durationSeconds: v.duration,
          credit: { title: `Pexels video ${v.id}`, author: v.user.name, license: LICENSE, source_url: v.url },
        },
      ];
    });
  }

  async searchPhotos(query: StockQuery, signal?: AbortSignal): Promise<StockItem[]> {
    const body = photosPage.parse(await this.get('/v1/search', query, signal));
    return body.photos.map((p) => ({
      kind: 'photo' as const,
      key: `pexels:photo:${p.id}`,
      // large2x: 940 px tall at twice the density; enough for a 1080 frame, far smaller than the original.
      downloadUrl: p.src.large2x,
      width: p.width,
      height: p.height,
      durationSeconds: null,
      credit: {
        title: p.alt || `Pexels photo ${p.id}`,
        author: p.photographer,
        license: LICENSE,
        source_url: p.url,
      },
    }));
  }

  private get(path: string, query: StockQuery, signal?: AbortSignal): Promise<unknown> {
    const url = new URL(`${this.opts.baseUrl}${path}`);
    url.searchParams.set('query', query.terms);
    url.searchParams.set('orientation', query.orientation);
    url.searchParams.set('per_page', String(Math.min(80, query.perPage)));
    url.searchParams.set('page', '1');
    return getStockJson(url, {
      headers: { Authorization: this.opts.apiKey },
      timeoutMs: this.opts.timeoutMs,
      signal,
    });
  }
}

/** The smallest MP4 rendition whose long side reaches the frame's, else the largest MP4 under the cap. */
function pickFile(files: z.infer<typeof videoFile>[], maxSide: number) {
  const mp4 = files
    .filter((f) => f.file_type === 'video/mp4' && f.width && f.height)
    .filter((f) => Math.max(f.width!, f.height!) <= 4096)
    .sort((a, b) => a.width! * a.height! - b.width! * b.height!);
  return mp4.find((f) => Math.max(f.width!, f.height!) >= maxSide) ?? mp4.at(-1);
}
