// Fixtures and checks of the asset upload and import specs: media files made at test time with
// the pinned ffmpeg, multipart uploads as a client sends them, and what a stack has stored.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@vidgen/db';
import { resolveFfmpeg } from '@vidgen/media';
import type { ApiClient, ApiResponse } from '../../../../test/support/api';

export interface Fixture {
  format: string;
  fileName: string;
  bytes: Buffer;
  type: 'image' | 'audio';
  contentType: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5'];
const picture = (w: number, h: number) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc=size=${w}x${h}:rate=1`,
  '-frames:v',
  '1',
];

/** One file of every supported format, of known size or length: images 64x48 … 96x72, audio 1.5 s. */
const RECIPES: (Omit<Fixture, 'bytes'> & { args: string[] })[] = [
  {
    format: 'png',
    fileName: 'chart.png',
    type: 'image',
    contentType: 'image/png',
    width: 64,
    height: 48,
    args: picture(64, 48),
  },
  {
    format: 'jpeg',
    fileName: 'photo.jpg',
    type: 'image',
    contentType: 'image/jpeg',
    width: 80,
    height: 60,
    args: picture(80, 60),
  },
  {
    format: 'webp',
    fileName: 'logo.webp',
    type: 'image',
    contentType: 'image/webp',
    width: 96,
    height: 72,
    args: [...picture(96, 72), '-c:v', 'libwebp'],
  },
  {
    format: 'mp3',
    fileName: 'tone.mp3',
    type: 'audio',
    contentType: 'audio/mpeg',
    durationSeconds: 1.5,
    args: [...TONE, '-c:a', 'libmp3lame'],
  },
  {
    format: 'wav',
    fileName: 'tone.wav',
    type: 'audio',
    contentType: 'audio/wav',
    durationSeconds: 1.5,
    args: TONE,
  },
  {
    format: 'm4a',
    fileName: 'tone.m4a',
    type: 'audio',
    contentType: 'audio/mp4',
    durationSeconds: 1.5,
    args: [...TONE, '-c:a', 'aac'],
  },
  {
    format: 'aac',
    fileName: 'tone.aac',
    type: 'audio',
    contentType: 'audio/aac',
    durationSeconds: 1.5,
    args: [...TONE, '-c:a', 'aac', '-f', 'adts'],
  },
  {
    format: 'ogg',
    fileName: 'tone.ogg',
    type: 'audio',
    contentType: 'audio/ogg',
    durationSeconds: 1.5,
    args: [...TONE, '-c:a', 'libvorbis'],
  },
];

export function makeFixtures(): Fixture[] {
  const ffmpeg = resolveFfmpeg();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-asset-fixtures-'));
  try {
    return RECIPES.map(({ args, ...fixture }) => {
      const file = path.join(dir, fixture.fileName);
      execFileSync(ffmpeg, ['-v', 'error', '-y', ...args, file], { stdio: 'pipe' });
      return { ...fixture, bytes: readFileSync(file) };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** POST /assets as multipart/form-data; `fields` are sent after the file unless `fieldsFirst`. */
export async function upload(
  api: ApiClient,
  bytes: Buffer,
  fileName: string,
  options: { fields?: Record<string, string>; part?: string; fieldsFirst?: boolean } = {},
): Promise<ApiResponse> {
  const form = new FormData();
  const fields = Object.entries(options.fields ?? {});
  if (options.fieldsFirst) for (const [k, v] of fields) form.append(k, v);
  form.append(options.part ?? 'file', new Blob([new Uint8Array(bytes)]), fileName);
  if (!options.fieldsFirst) for (const [k, v] of fields) form.append(k, v);
  const res = await fetch(`${api.baseUrl}/assets`, {
    method: 'POST',
    headers: api.key ? { 'X-Api-Key': api.key } : {},
    body: form,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined, text };
}

/** A file's bytes through GET /assets/{id}/content, with the key or by the record's signed URL. */
export async function content(api: ApiClient, record: { id: string; url: string }, signed = false) {
  const res = signed
    ? await fetch(record.url)
    : await fetch(`${api.baseUrl}/assets/${record.id}/content`, { headers: { 'X-Api-Key': api.key! } });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/**
 * A multipart upload written by hand over one connection, for bodies fetch cannot send as a
 * client would: `total` bytes of file streamed in chunks, or cut off after `abortAfter` bytes
 * (once `beforeAbort` has settled).
 * Resolves with the answer, or with null when the connection was cut before one came.
 */
export function rawUpload(
  baseUrl: string,
  key: string,
  file: { head: Buffer; total: number; abortAfter?: number; beforeAbort?: () => Promise<void> },
): Promise<{ status: number; body: any } | null> {
  const boundary = `vidgen${Date.now()}`;
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${baseUrl}/assets`);
  return new Promise((resolve) => {
    const req = http.request({
      method: 'POST',
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      headers: {
        'X-Api-Key': key,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Content-Length': String(opening.length + file.total + closing.length),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
      );
    });
    // A server that answers early and closes makes the rest of the write fail; the answer counts.
    req.on('error', () => setTimeout(() => resolve(null), 500));
    req.write(opening);
    req.write(file.head);
    let sent = file.head.length;
    const chunk = Buffer.alloc(64 * 1024);
    const pump = () => {
      while (sent < file.total) {
        if (file.abortAfter !== undefined && sent >= file.abortAfter) {
          const abort = () => {
            req.destroy();
            resolve(null);
          };
          return void (file.beforeAbort ? file.beforeAbort().then(abort, abort) : abort());
        }
        const n = Math.min(chunk.length, file.total - sent);
        sent += n;
        if (!req.write(chunk.subarray(0, n))) return void req.once('drain', pump);
      }
      req.end(closing);
    };
    pump();
  });
}

/** Every file under a stack's asset folder (staging included), relative to it. */
export function storedFiles(assetsDir: string): string[] {
  const walk = (dir: string): string[] => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names.flatMap((n) => {
      const full = path.join(dir, n);
      return statSync(full).isDirectory() ? walk(full) : [path.relative(assetsDir, full)];
    });
  };
  return walk(assetsDir).sort();
}

export async function assetRows(db: Db, accountId: string): Promise<number> {
  const { n } = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
