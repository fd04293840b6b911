import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { StorageConfig } from '@vidgen/config';
import { type ByteRange, keyOf, LocalObjectStore, type ObjectStore } from './object-store';

/**
 * Asset files: finished ones in the object store (local disk under DATA_DIR/assets by default,
 * an S3 bucket with STORAGE_DRIVER=s3), keyed `<account>/<video>/<file>` for a video's files and
 * `<account>/client/<file>` for what a client uploaded or imported. The database stores the
 * key, so the folder or bucket can move. Work in progress (scratch folders for ffmpeg, staged
 * uploads) is always on this process's local disk under `root`, whichever store holds the rest.
 */
export class AssetStorage {
  readonly store: ObjectStore;

  constructor(
    readonly root: string,
    store?: ObjectStore,
  ) {
    this.store = store ?? new LocalObjectStore(root);
  }

  /** A scratch folder for work in progress (e.g. a render), on local disk under the video's folder. */
  async scratchDir(accountId: string, videoId: string, name: string): Promise<string> {
    const dir = path.join(this.root, keyOf(accountId, videoId), '.work', name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** The key a file of the video has (or will have) in storage. */
  videoKey(accountId: string, videoId: string, fileName: string): string {
    return keyOf(accountId, videoId, fileName);
  }

  /** Moves a finished file into storage; returns its key (`relativePath`) and size. */
  async put(
    accountId: string,
    videoId: string,
    fileName: string,
    sourcePath: string,
  ): Promise<{ relativePath: string; sizeBytes: number }> {
    return this.moveInto(keyOf(accountId, videoId, fileName), sourcePath);
  }

  /**
   * A fresh path in the staging folder, on local disk inside the storage root so that putting a
   * verified file in place is a rename on the same file system. Nothing there is ever served.
   */
  async stagingPath(): Promise<string> {
    const dir = path.join(this.root, '.staging');
    await mkdir(dir, { recursive: true });
    return path.join(dir, randomUUID());
  }

  /**
   * Removes staged files older than `olderThanMs`: what a process killed mid-upload left behind.
   * Younger ones may belong to an upload in progress on another api instance.
   */
  async sweepStaging(olderThanMs: number, now = Date.now()): Promise<number> {
    const dir = path.join(this.root, '.staging');
    const names = await readdir(dir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => undefined);
      if (info && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }

  /** Moves a client's verified file into storage; returns its key (`relativePath`) and size. */
  putClientFile(
    accountId: string,
    fileName: string,
    sourcePath: string,
  ): Promise<{ relativePath: string; sizeBytes: number }> {
    return this.moveInto(keyOf(accountId, 'client', fileName), sourcePath);
  }

  private async moveInto(
    key: string,
    sourcePath: string,
  ): Promise<{ relativePath: string; sizeBytes: number }> {
    const sizeBytes = await this.store.put(key, sourcePath);
    return { relativePath: key, sizeBytes };
  }

  /** The stored file on this machine's disk when the driver is local (served as a file); else undefined. */
  localPath(relativePath: string): string | undefined {
    return this.store instanceof LocalObjectStore ? this.store.pathOf(relativePath) : undefined;
  }

  /** A local file with the stored bytes for ffmpeg: the file itself on local disk, else a download into `dir`. */
  localCopy(relativePath: string, dir: string): Promise<string> {
    return this.store.localCopy(relativePath, dir);
  }

  size(relativePath: string): Promise<number | undefined> {
    return this.store.size(relativePath);
  }

  read(relativePath: string, range?: ByteRange): Promise<Readable> {
    return this.store.read(relativePath, range);
  }

  async remove(relativePath: string): Promise<void> {
    await this.store.remove(relativePath);
  }

  /**
   * The files of a video's deleted assets (`paths`). When `keptOthers` (some of its assets live
   * on because another video uses them) only those files and its scratch folders go, else all
   * of its folder.
   */
  async removeVideoFiles(
    accountId: string,
    videoId: string,
    paths: readonly string[],
    keptOthers: boolean,
  ): Promise<void> {
    if (!keptOthers) return this.removeVideo(accountId, videoId);
    for (const p of paths) await this.store.remove(p);
    await rm(path.join(this.root, keyOf(accountId, videoId), '.work'), { recursive: true, force: true });
  }

  /** Every stored file of the video, and what is left of its scratch folders on this disk. */
  async removeVideo(accountId: string, videoId: string): Promise<void> {
    await this.store.removePrefix(`${keyOf(accountId, videoId)}/`);
    await rm(path.join(this.root, keyOf(accountId, videoId)), { recursive: true, force: true });
  }
}

/** The storage the configuration names (STORAGE_DRIVER), with its local work area under `root`. */
export function createAssetStorage(root: string, config: StorageConfig): AssetStorage {
  if (config.driver !== 's3') return new AssetStorage(root);
  // The AWS SDK costs a process about 28 MB of memory: it loads only when the s3 driver is used.
  const { S3ObjectStore } = require('./s3-object-store') as typeof import('./s3-object-store');
  return new AssetStorage(root, new S3ObjectStore(config.s3));
}
