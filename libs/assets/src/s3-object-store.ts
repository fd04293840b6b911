import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StorageConfig } from '@vidgen/config';
import { type ByteRange, checkKey, type ObjectStore } from './object-store';

/** Parts of a multipart upload: S3's minimum, so a rendered video streams up without much memory. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 4;

/**
 * Asset files in an S3-compatible bucket (STORAGE_DRIVER=s3), so an api and workers on
 * different hosts share them without a shared disk. Uploads stream from the local file in
 * parts; reads ask for the byte range they need.
 */
export class S3ObjectStore implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  /** Keys per listing (and per batch delete) in removePrefix: S3's maximum unless a test asks for fewer. */
  private readonly pageSize: number;

  constructor(config: S3StorageConfig, options: { pageSize?: number } = {}) {
    this.bucket = config.bucket;
    this.pageSize = options.pageSize ?? 1000;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: config.credentials,
      forcePathStyle: config.forcePathStyle,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's
      // default trailing CRC32 on every upload (docs/decisions/0022-object-storage.md).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, sourcePath: string): Promise<number> {
    const { size } = await stat(sourcePath);
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: createReadStream(sourcePath),
        ContentLength: size,
      },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    await upload.done();
    await rm(sourcePath, { force: true });
    return size;
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
      return head.ContentLength;
    } catch (err) {
      if (isNotFound(err)) return undefined;
      throw err;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const out = await this.client.send(
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!(out.Body instanceof Readable)) throw new Error(`no body for ${key}`);
    return out.Body;
  }

  async localCopy(key: string, dir: string): Promise<string> {
    await mkdir(dir, { recursive: true });
    // Flattened, so two keys never meet in one folder; the extension stays for ffmpeg's sake.
    const target = path.join(dir, checkKey(key).replaceAll('/', '_'));
    const tmp = `${target}.part-${randomUUID()}`;
    try {
      await pipeline(await this.read(key), createWriteStream(tmp));
      await rename(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return target;
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async removePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    // Listed again after every batch: deleting while paging with a token would skip keys.
    for (;;) {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, MaxKeys: this.pageSize }),
      );
      const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (keys.length === 0) return;
      const done = await this.client.send(
        new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      if (done.Errors?.length) {
        const first = done.Errors[0]!;
        throw new Error(`could not delete ${first.Key}: ${first.Code} ${first.Message}`);
      }
    }
  }

  /** Closes the client's sockets (tests and tools that end the process). */
  destroy(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}
