import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** Inclusive byte offsets, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where asset files live once they are finished, by key: the file's path relative to the
 * storage root (`<account>/<video>/<file>`, `<account>/client/<file>`), the same string the
 * database stores. Work in progress (scratch folders, staged uploads) is never kept here: it
 * stays on the local disk of the process doing the work (docs/decisions/0022-object-storage.md).
 */
export interface ObjectStore {
  /** Moves a finished local file in under `key` (the local file is gone afterwards); returns its size. */
  put(key: string, sourcePath: string): Promise<number>;
  /** The object's size in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /** Its bytes, or those of one range of it, as a stream. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /**
   * A local file with the object's bytes, for ffmpeg: the stored file itself when it is on this
   * disk already, else a download into `dir`.
   */
  localCopy(key: string, dir: string): Promise<string>;
  /** Removes one object; nothing happens when it is not there. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (a folder: ends with `/`). */
  removePrefix(prefix: string): Promise<void>;
}

/** A key that cannot reach outside the storage root, whichever store holds it. */
export function checkKey(key: string): string {
  const parts = key.split('/');
  if (
    key === '' ||
    key.startsWith('/') ||
    key.includes('\\') ||
    key.includes('\0') ||
    parts.some((p) => p === '..' || p === '.')
  ) {
    throw new Error(`not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A stored path as a key: relative paths written on any platform use `/`. */
export function keyOf(...parts: string[]): string {
  return checkKey(parts.join('/'));
}

/**
 * Files under one folder of the local disk (DATA_DIR/assets): the default. A put is a rename
 * (a copy across devices) through a temporary name, so a crash never leaves a half-written file
 * under its final name.
 */
export class LocalObjectStore implements ObjectStore {
  constructor(readonly root: string) {}

  /** The key's file on this disk; throws for a key that would leave the root. */
  pathOf(key: string): string {
    const full = path.resolve(this.root, checkKey(key));
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('asset path escapes the storage root');
    return full;
  }

  async put(key: string, sourcePath: string): Promise<number> {
    const finalPath = this.pathOf(key);
    await mkdir(path.dirname(finalPath), { recursive: true });
    // Random, not pid and time: two containers' processes are both pid 1 on one shared DATA_DIR.
    const tmp = `${finalPath}.tmp-${randomUUID()}`;
    try {
      await rename(sourcePath, tmp);
    } catch {
      await copyFile(sourcePath, tmp);
      await rm(sourcePath, { force: true });
    }
    await rename(tmp, finalPath);
    return (await stat(finalPath)).size;
  }

  async size(key: string): Promise<number | undefined> {
    const info = await stat(this.pathOf(key)).catch(() => undefined);
    return info?.isFile() ? info.size : undefined;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = createReadStream(this.pathOf(key), range);
    // Open errors (a missing file) surface here rather than mid-response.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async localCopy(key: string): Promise<string> {
    return this.pathOf(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePrefix(prefix: string): Promise<void> {
    const dir = path.resolve(this.root, checkKey(prefix.replace(/\/+$/, '')));
    if (!dir.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('asset path escapes the storage root');
    await rm(dir, { recursive: true, force: true });
  }
}
