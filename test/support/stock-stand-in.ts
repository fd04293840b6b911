// A local stand-in for the Pexels and Pixabay search APIs (the documented response shapes:
// https://www.pexels.com/api/documentation/, https://pixabay.com/api/docs/), serving clips and
// photos that ffmpeg makes, so stock footage is tested without the internet.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '@vidgen/media';

export interface StandInItem {
  id: number;
  kind: 'video' | 'photo';
  width: number;
  height: number;
  seconds: number;
  bytes: Buffer;
}

export interface StockStandIn {
  baseUrl: string;
  items: StandInItem[];
  /** Every search request, path and query, in order. */
  requests: { path: string; query: URLSearchParams }[];
  /** The next `n` searches answer this status (429 to test rate limits, 503 for an outage). */
  failNext(n: number, status: number): void;
  /** Every search answers 503 until set back to false. */
  down: boolean;
  /**
   * A library that hangs: searches get no answer, or downloads send their headers and a first
   * part of the file, then nothing more, until set back to null.
   */
  stall: 'searches' | 'downloads' | null;
  /** The requests left hanging, and whether the client has closed each one's connection. */
  stalled: { path: string; closed: boolean }[];
  close(): Promise<void>;
}

const COLOURS = ['red', 'green', 'blue', 'yellow', 'magenta', 'cyan', 'orange', 'purple'];

/**
 * Clips (`videos` seconds each, 16:9 and 9:16 alike) and photos, each of its own colour so a
 * frame tells which one is on screen.
 */
export async function startStockStandIn(
  opts: {
    key: string;
    clips: number[];
    photos: number;
    portrait?: boolean;
    /** Serve over HTTPS: downloads follow the import rules, which fetch https only. */
    tls?: { key: string | Buffer; cert: string | Buffer };
  } = {
    key: 'test-key',
    clips: [4, 4, 4],
    photos: 3,
  },
): Promise<StockStandIn> {
  const ffmpeg = resolveFfmpeg();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-stock-'));
  const items: StandInItem[] = [];
  let n = 0;
  const [w, h] = opts.portrait ? [360, 640] : [640, 360];
  for (const seconds of opts.clips) {
    const file = path.join(dir, `clip-${n}.mp4`);
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=s=${w}x${h}:r=25:d=${seconds}`],
      ...['-vf', `drawbox=x=0:y=0:w=iw:h=ih/3:color=${COLOURS[n % COLOURS.length]}:t=fill`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', file],
    ]);
    items.push({ id: 1000 + n, kind: 'video', width: w, height: h, seconds, bytes: readFileSync(file) });
    n++;
  }
  for (let i = 0; i < opts.photos; i++) {
    const file = path.join(dir, `photo-${n}.jpg`);
    execFileSync(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', `color=c=${COLOURS[n % COLOURS.length]}:s=${w}x${h}`],
      ...['-frames:v', '1', file],
    ]);
    items.push({ id: 1000 + n, kind: 'photo', width: w, height: h, seconds: 0, bytes: readFileSync(file) });
    n++;
  }
  rmSync(dir, { recursive: true, force: true });

  const requests: StockStandIn['requests'] = [];
  let failures: { n: number; status: number } = { n: 0, status: 429 };
  let baseUrl = '';
  const orientationOk = (item: StandInItem, o: string | null) =>
    !o || o === 'square' || (o === 'landscape' || o === 'horizontal') === item.width >= item.height;
  const file = (item: StandInItem) => `${baseUrl}/files/${item.id}.${item.kind === 'video' ? 'mp4' : 'jpg'}`;

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const hang = (req: http.IncomingMessage, path: string) => {
    const hung = { path, closed: false };
    stand.stalled.push(hung);
    req.socket.once('close', () => {
      hung.closed = true;
    });
  };

  const handler: http.RequestListener = (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const q = url.searchParams;
    if (url.pathname.startsWith('/files/')) {
      const item = items.find((i) => url.pathname.startsWith(`/files/${i.id}.`));
      if (!item) return json(res, 404, {});
      res.writeHead(200, {
        'Content-Type': item.kind === 'video' ? 'video/mp4' : 'image/jpeg',
        'Content-Length': String(item.bytes.length),
      });
      if (stand.stall === 'downloads') {
        res.write(item.bytes.subarray(0, Math.floor(item.bytes.length / 2)));
        return hang(req, url.pathname);
      }
      return res.end(item.bytes);
    }
    requests.push({ path: url.pathname, query: q });
    if (stand.stall === 'searches') return hang(req, url.pathname);
    if (stand.down) return json(res, 503, { error: 'unavailable' });
    if (failures.n > 0) {
      failures.n--;
      return json(res, failures.status, { error: 'Too Many Requests' });
    }
    const pexels = url.pathname === '/videos/search' || url.pathname === '/v1/search';
    if (pexels && req.headers.authorization !== opts.key) return json(res, 401, { error: 'bad key' });
    if (!pexels && q.get('key') !== opts.key) return json(res, 400, { error: '[ERROR 400] Invalid API key' });
    const perPage = Number(q.get('per_page') ?? 15);
    const page = Number(q.get('page') ?? 1);
    const pick = (kind: 'video' | 'photo', o: string | null) => {
      const all = items.filter((i) => i.kind === kind && orientationOk(i, o));
      return { all, slice: all.slice((page - 1) * perPage, page * perPage) };
    };
    const next = (total: number, p: string) =>
      page * perPage < total
        ? `${baseUrl}${p}?page=${page + 1}&per_page=${perPage}&query=${q.get('query')}`
        : undefined;
    const user = (id: number) => ({ id, name: `Author ${id}`, url: `https://www.pexels.com/@author-${id}` });
    if (url.pathname === '/videos/search') {
      const { all, slice } = pick('video', q.get('orientation'));
      return json(res, 200, {
        page,
        per_page: perPage,
        total_results: all.length,
        url: `https://www.pexels.com/search/videos/${q.get('query')}/`,
        ...(next(all.length, url.pathname) && { next_page: next(all.length, url.pathname) }),
        videos: slice.map((v) => ({
          id: v.id,
          width: v.width,
          height: v.height,
          url: `https://www.pexels.com/video/clip-${v.id}/`,
          image: `${baseUrl}/files/none.jpg`,
          duration: v.seconds,
          user: user(v.id),
          video_files: [
            {
              id: v.id * 10,
              quality: 'sd',
              file_type: 'video/mp4',
              width: v.width,
              height: v.height,
              fps: 25,
              link: file(v),
            },
            {
              id: v.id * 10 + 1,
              quality: 'hd',
              file_type: 'video/mp4',
              width: v.width * 8,
              height: v.height * 8,
              fps: 25,
              link: `${baseUrl}/files/too-big.mp4`,
            },
          ],
          video_pictures: [],
        })),
      });
    }
    if (url.pathname === '/v1/search') {
      const { all, slice } = pick('photo', q.get('orientation'));
      return json(res, 200, {
        page,
        per_page: perPage,
        total_results: all.length,
        ...(next(all.length, url.pathname) && { next_page: next(all.length, url.pathname) }),
        photos: slice.map((p) => ({
          id: p.id,
          width: p.width,
          height: p.height,
          url: `https://www.pexels.com/photo/photo-${p.id}/`,
          photographer: `Photographer ${p.id}`,
          photographer_url: `https://www.pexels.com/@photographer-${p.id}`,
          photographer_id: p.id,
          avg_color: '#808080',
          src: Object.fromEntries(
            ['original', 'large2x', 'large', 'medium', 'small', 'portrait', 'landscape', 'tiny'].map((k) => [
              k,
              file(p),
            ]),
          ),
          liked: false,
          alt: `A plain photo ${p.id}`,
        })),
      });
    }
    if (url.pathname === '/api/videos/') {
      const { all, slice } = pick('video', null);
      const r = (v: StandInItem) => ({
        url: file(v),
        width: v.width,
        height: v.height,
        size: v.bytes.length,
        thumbnail: '',
      });
      return json(res, 200, {
        total: all.length,
        totalHits: all.length,
        hits: slice.map((v) => ({
          id: v.id,
          pageURL: `https://pixabay.com/videos/clip-${v.id}/`,
          type: 'film',
          tags: 'test, pattern',
          duration: v.seconds,
          videos: {
            large: { url: '', width: 0, height: 0, size: 0, thumbnail: '' },
            medium: r(v),
            small: r(v),
            tiny: r(v),
          },
          views: 1,
          downloads: 1,
          likes: 1,
          comments: 0,
          user_id: v.id,
          user: `pixabay_user_${v.id}`,
          userImageURL: '',
        })),
      });
    }
    if (url.pathname === '/api/') {
      const o = q.get('orientation');
      const { all, slice } = pick('photo', o === 'all' ? null : o);
      return json(res, 200, {
        total: all.length,
        totalHits: all.length,
        hits: slice.map((p) => ({
          id: p.id,
          pageURL: `https://pixabay.com/photos/photo-${p.id}/`,
          type: 'photo',
          tags: 'plain, colour',
          previewURL: file(p),
          webformatURL: file(p),
          largeImageURL: file(p),
          imageWidth: p.width,
          imageHeight: p.height,
          imageSize: p.bytes.length,
          user_id: p.id,
          user: `pixabay_user_${p.id}`,
        })),
      });
    }
    json(res, 404, { error: 'not found' });
  };
  const server = opts.tls ? https.createServer(opts.tls, handler) : http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  baseUrl = opts.tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`;
  const stand: StockStandIn = {
    baseUrl,
    items,
    requests,
    down: false,
    stall: null,
    stalled: [],
    failNext(count, status) {
      failures = { n: count, status };
    },
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
  return stand;
}
