import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type RunningS3Server, startS3Server } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssetStorage } from '../src';
import { S3ObjectStore } from '../src/s3-object-store';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3ObjectStore against an S3-protocol server (moto)', () => {
  let server: RunningS3Server;
  let store: S3ObjectStore;
  let storage: AssetStorage;
  let dir: string;
  const config = () => ({
    endpoint: server.endpoint,
    bucket: server.bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    forcePathStyle: true,
  });

  beforeAll(async () => {
    server = await startS3Server({ bucket: 'assets' });
    store = new S3ObjectStore(config());
    dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-s3-'));
    storage = new AssetStorage(path.join(dir, 'root'), store);
  });
  afterAll(async () => {
    store?.destroy();
    await server?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const localFile = (bytes: Buffer) => {
    const file = path.join(dir, `src-${randomBytes(4).toString('hex')}`);
    writeFileSync(file, bytes);
    return file;
  };

  it('puts a local file, moving it: the object has its size and bytes, the local file is gone', async () => {
    const bytes = randomBytes(64 * 1024);
    const source = localFile(bytes);
    const placed = await storage.put('acct', 'video', 'image-1.png', source);
    expect(placed).toEqual({ relativePath: 'acct/video/image-1.png', sizeBytes: bytes.length });
    expect(existsSync(source)).toBe(false);
    expect(await store.size('acct/video/image-1.png')).toBe(bytes.length);
    expect((await bytesOf(await store.read('acct/video/image-1.png'))).equals(bytes)).toBe(true);
  });

  it('streams a file larger than one part up as a multipart upload', async () => {
    const bytes = randomBytes(11 * 1024 * 1024 + 17);
    const placed = await storage.put('acct', 'video', 'video.mp4', localFile(bytes));
    expect(placed.sizeBytes).toBe(bytes.length);
    const back = await bytesOf(await store.read(placed.relativePath));
    expect(back.length).toBe(bytes.length);
    expect(back.equals(bytes)).toBe(true);
  });

  it('reads the inclusive byte range asked for, also the last byte alone', async () => {
    const bytes = randomBytes(10_000);
    const { relativePath } = await storage.putClientFile('acct', 'a.wav', localFile(bytes));
    expect(relativePath).toBe('acct/client/a.wav');
    const part = await bytesOf(await storage.read(relativePath, { start: 100, end: 1099 }));
    expect(part.equals(bytes.subarray(100, 1100))).toBe(true);
    const last = await bytesOf(await storage.read(relativePath, { start: 9999, end: 9999 }));
    expect(last.equals(bytes.subarray(9999))).toBe(true);
    expect(storage.localPath(relativePath)).toBeUndefined();
  });

  it('fetches an object to a local file for ffmpeg, keys flattened so none collide', async () => {
    const a = randomBytes(3000);
    const b = randomBytes(4000);
    await storage.put('acct', 'v1', 'scene.png', localFile(a));
    await storage.put('acct', 'v2', 'scene.png', localFile(b));
    const into = path.join(dir, 'work', 'inputs');
    const fileA = await storage.localCopy('acct/v1/scene.png', into);
    const fileB = await storage.localCopy('acct/v2/scene.png', into);
    expect(fileA).not.toBe(fileB);
    expect(path.extname(fileA)).toBe('.png');
    expect(readFileSync(fileA).equals(a)).toBe(true);
    expect(readFileSync(fileB).equals(b)).toBe(true);
  });

  it('removes one object, and says a missing one has no size; removing it again is no error', async () => {
    const { relativePath } = await storage.put('acct', 'video', 'gone.vtt', localFile(randomBytes(10)));
    await storage.remove(relativePath);
    expect(await storage.size(relativePath)).toBeUndefined();
    await expect(storage.remove(relativePath)).resolves.toBeUndefined();
    await expect(storage.localCopy(relativePath, path.join(dir, 'nothing'))).rejects.toThrow();
  });

  it("removes a video's objects by prefix, also past one listing page, and leaves its neighbours", async () => {
    // Pages of 5 keys: 12 objects take three listings and three batch deletes.
    const paged = new S3ObjectStore(config(), { pageSize: 5 });
    const pagedStorage = new AssetStorage(path.join(dir, 'root'), paged);
    const names = Array.from({ length: 12 }, (_, i) => `seg-${i}.mp4`);
    await Promise.all(names.map((n) => paged.put(`acct/doomed/${n}`, localFile(Buffer.from(n)))));
    await pagedStorage.put('acct', 'doomed-not', 'keep.mp4', localFile(Buffer.from('keep')));
    await pagedStorage.put('other', 'doomed', 'keep.mp4', localFile(Buffer.from('keep')));
    await pagedStorage.removeVideo('acct', 'doomed');
    for (const n of names) expect(await paged.size(`acct/doomed/${n}`), n).toBeUndefined();
    expect(await paged.size('acct/doomed-not/keep.mp4')).toBe(4);
    expect(await paged.size('other/doomed/keep.mp4')).toBe(4);
    paged.destroy();
  });

  it('refuses keys that could reach outside the store', async () => {
    for (const key of ['../x', 'a/../../b', '/abs', 'a/./b', ''])
      await expect(store.size(key), key).rejects.toThrow(/not a storage key/);
  });
});
