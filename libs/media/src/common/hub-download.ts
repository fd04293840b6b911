import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sha256File } from './pinned-files';

/**
 * One file of a Hugging Face repository at a pinned revision, checked against the SHA-256 the hub
 * reports for that revision (docs/decisions/0069-recommended-models-and-translations.md).
 *
 * The hub answers `HEAD|GET {endpoint}/{repo}/resolve/{revision}/{file}` with a redirect to its
 * CDN and, for a Git LFS file, `X-Linked-Etag` (the LFS oid: the file's SHA-256), `X-Linked-Size`
 * and `X-Repo-Commit` (the commit the revision names). The file is downloaded into
 * `{target}.part`, resumed with an HTTP range when a part is there (from an earlier, interrupted
 * run or a connection lost in this one), hashed whole, and renamed to `target` only when its
 * SHA-256 is the pinned one; a part that does not match is removed.
 */
export interface HubFile {
  /** `owner/name` of the model repository. */
  repo: string;
  /** The commit the pin names (40 hex digits). */
  revision: string;
  file: string;
  sha256: string;
  bytes: number;
}

export interface HubDownloadOptions {
  /** The hub's base URL (`HF_ENDPOINT`, as huggingface_hub names it); default https://huggingface.co. */
  endpoint?: string;
  /** Connections lost mid-file that are resumed before giving up; default 5. */
  retries?: number;
  log?: (msg: string) => void;
}

export const DEFAULT_HUB_ENDPOINT = 'https://huggingface.co';

export function hubResolveUrl(file: Pick<HubFile, 'repo' | 'revision' | 'file'>, endpoint?: string): string {
  const base = (endpoint || DEFAULT_HUB_ENDPOINT).replace(/\/+$/, '');
  return `${base}/${file.repo}/resolve/${file.revision}/${encodeURIComponent(file.file)}`;
}

/** What the hub reports of a pinned file, or why it cannot be the pinned one. */
export class HubPinError extends Error {
  override get name(): string {
    return 'HubPinError';
  }
}

/** Downloads `pin` into `target` (see above) and returns `target`. */
export async function downloadHubFile(
  pin: HubFile,
  target: string,
  options: HubDownloadOptions = {},
): Promise<string> {
  const url = hubResolveUrl(pin, options.endpoint);
  const cdn = await resolveOnHub(pin, url);
  const part = `${target}.part`;
  const retries = options.retries ?? 5;
  for (let attempt = 0; ; attempt++) {
    let have = await sizeOf(part);
    if (have > pin.bytes) {
      await rm(part, { force: true });
      have = 0;
    }
    if (have === pin.bytes) break;
    if (attempt > retries)
      throw new Error(
        `${pin.file}: ${have} of ${pin.bytes} bytes after ${retries} resumptions; run again to resume`,
      );
    try {
      await fetchInto(cdn, part, have, pin.bytes, options.log);
    } catch (err) {
      if (err instanceof HubPinError) throw err;
      options.log?.(
        `connection lost at ${await sizeOf(part)} of ${pin.bytes} bytes (${(err as Error).message})`,
      );
    }
  }
  const digest = await sha256File(part);
  if (digest !== pin.sha256) {
    await rm(part, { force: true });
    throw new HubPinError(
      `${pin.file}: SHA-256 ${digest} is not the pinned ${pin.sha256}; the download was removed`,
    );
  }
  await rename(part, target);
  return target;
}

/**
 * Asks the hub where the file is (HEAD, redirects not followed) and checks what it reports for
 * the revision against the pin before a byte is downloaded: a hub that names another digest,
 * size or commit is refused.
 */
async function resolveOnHub(pin: HubFile, url: string): Promise<string> {
  const res = await fetch(url, { method: 'HEAD', redirect: 'manual' });
  if (res.status >= 400) throw new HubPinError(`HEAD ${url}: HTTP ${res.status}`);
  const etag = res.headers.get('x-linked-etag') ?? res.headers.get('etag');
  const digest = etag?.replace(/^W\//, '').replace(/"/g, '');
  if (digest !== pin.sha256)
    throw new HubPinError(`${url}: the hub reports SHA-256 ${digest ?? 'none'}, the pin is ${pin.sha256}`);
  const size = res.headers.get('x-linked-size') ?? res.headers.get('content-length');
  if (size !== null && Number(size) !== pin.bytes)
    throw new HubPinError(`${url}: the hub reports ${size} bytes, the pin is ${pin.bytes}`);
  const commit = res.headers.get('x-repo-commit');
  if (commit !== null && commit !== pin.revision)
    throw new HubPinError(`${url}: the hub resolved commit ${commit}, the pin is ${pin.revision}`);
  const location = res.headers.get('location');
  // A file kept in Git (no CDN) is served where it was asked for.
  return location ? new URL(location, url).toString() : url;
}

/** GETs `url` from byte `from` on, appending to `part` (a 200 to a range starts it over). */
async function fetchInto(
  url: string,
  part: string,
  from: number,
  total: number,
  log?: (msg: string) => void,
): Promise<void> {
  const res = await fetch(url, {
    redirect: 'follow',
    headers: from > 0 ? { Range: `bytes=${from}-` } : {},
  });
  if (res.status === 416) {
    await rm(part, { force: true });
    throw new Error(`GET ${url}: HTTP 416 for bytes ${from}-; starting over`);
  }
  if (!res.ok || !res.body) throw new HubPinError(`GET ${url}: HTTP ${res.status}`);
  const resumed = res.status === 206;
  if (resumed && !res.headers.get('content-range')?.startsWith(`bytes ${from}-`)) {
    await rm(part, { force: true });
    throw new Error(`GET ${url}: the range answered is not bytes ${from}-; starting over`);
  }
  if (from > 0)
    log?.(resumed ? `resuming at byte ${from} of ${total}` : 'the server ignored the range; starting over');
  await pipeline(
    Readable.fromWeb(res.body as import('node:stream/web').ReadableStream),
    createWriteStream(part, { flags: resumed ? 'a' : 'w' }),
  );
}

async function sizeOf(file: string): Promise<number> {
  return stat(file).then(
    (s) => s.size,
    () => 0,
  );
}
