import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Asset files on local disk under DATA_DIR/assets/<account>/<video>/. Paths stored in the
 * database are relative to the root, so the folder can move. Files are written under a
 * temporary name and renamed, so a crash never leaves a half-written file under its final name.
 */
export class AssetStorage {
  constructor(readonly root: string) {}

  videoDir(accountId: string, videoId: string): string {
    return path.join(this.root, accountId, videoId);
  }

  /** A scratch folder for work in progress (e.g. a render), inside the video's folder. */
  async scratchDir(accountId: string, videoId: string, name: string): Promise<string> {
    const dir = path.join(this.videoDir(accountId, videoId), '.work', name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  }

  /** Moves (or copies across devices) a finished file into place; returns its relative path and size. */
  async put(
    accountId: string,
    videoId: string,
    fileName: string,
    sourcePath: string,
  ): Promise<{ relativePath: string; sizeBytes: number }> {
    const dir = this.videoDir(accountId, videoId);
    await mkdir(dir, { recursive: true });
    const finalPath = path.join(dir, fileName);
    const tmp = `${finalPath}.tmp-${process.pid}-${Date.now()}`;
    try {
      await rename(sourcePath, tmp);
    } catch {
      await copyFile(sourcePath, tmp);
    }
    await rename(tmp, finalPath);
    const { size } = await stat(finalPath);
    return { relativePath: path.relative(this.root, finalPath), sizeBytes: size };
  }

  absolute(relativePath: string): string {
    const full = path.resolve(this.root, relativePath);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error('asset path escapes the storage root');
    return full;
  }

  read(relativePath: string, range?: { start: number; end: number }) {
    return createReadStream(this.absolute(relativePath), range);
  }

  async remove(relativePath: string): Promise<void> {
    await rm(this.absolute(relativePath), { force: true });
  }

  async removeVideo(accountId: string, videoId: string): Promise<void> {
    await rm(this.videoDir(accountId, videoId), { recursive: true, force: true });
  }
}
