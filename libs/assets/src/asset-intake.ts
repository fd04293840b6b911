import { createWriteStream } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AssetRejectedError } from './asset-intake.errors';
import type { AssetStorage } from './asset-storage';
import {
  imageSizeProblem,
  isImageFormat,
  MEDIA_FORMATS,
  type MediaFormat,
  readImageSize,
  SNIFF_BYTES,
  sniffMedia,
} from './media-sniff';
import type { MediaVerifier } from './media-verifier';
import { type DownloadOptions, openRemote } from './remote-download';
import type { VerificationSlot } from './verification-slots';

export interface StagedMedia {
  /** The verified file, still under the storage's staging folder. */
  path: string;
  format: MediaFormat;
  type: 'image' | 'audio' | 'video';
  contentType: string;
  extension: string;
  bytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

export interface AssetIntakeOptions {
  maxBytes: number;
  import: Omit<DownloadOptions, 'maxBytes'>;
}

/**
 * Turns a client's bytes into a verified file ready to be put in place: the stream goes to a
 * temporary file in the storage area (never whole into memory), cut off past the size limit;
 * then the magic bytes name the format, an image's declared size is checked, and ffmpeg
 * decodes all of it. On any failure, a client that disconnects mid-upload included, the
 * temporary file is removed before the error goes on, so nothing is stored. With a slot (the
 * api's VerificationSlots), the file keeps only its staged size of the slot's space and decodes
 * when the slot's turn comes.
 */
export class AssetIntake {
  constructor(
    private readonly storage: AssetStorage,
    private readonly verifier: MediaVerifier,
    private readonly options: AssetIntakeOptions,
  ) {}

  /** `signal` stops the work wherever it is, the decode included; it then rejects with the reason. */
  async fromStream(source: Readable, slot?: VerificationSlot, signal?: AbortSignal): Promise<StagedMedia> {
    const path = await this.storage.stagingPath();
    try {
      const bytes = await this.stage(source, path);
      slot?.staged(bytes);
      return await this.inspect(path, bytes, slot, signal);
    } catch (err) {
      await rm(path, { force: true });
      throw signal?.aborted ? signal.reason : err;
    }
  }

  async fromUrl(url: string, slot?: VerificationSlot, signal?: AbortSignal): Promise<StagedMedia> {
    return this.fromStream(
      await openRemote(url, { ...this.options.import, maxBytes: this.options.maxBytes, signal }),
      slot,
      signal,
    );
  }

  /** Removes a staged file that was not put in place (a later step failed). */
  async discard(staged: StagedMedia): Promise<void> {
    await rm(staged.path, { force: true });
  }

  private async stage(source: Readable, path: string): Promise<number> {
    const max = this.options.maxBytes;
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > max) done(new AssetRejectedError(`the file is larger than ${max} bytes`));
        else done(null, chunk);
      },
    });
    try {
      await pipeline(source, limit, createWriteStream(path, { flags: 'wx' }));
    } catch (err) {
      // pipeline destroyed the source too, so an upload or download in flight stops here.
      if (err instanceof AssetRejectedError) throw err;
      throw new AssetRejectedError(`the file did not arrive whole: ${(err as Error).message}`);
    }
    if (bytes === 0) throw new AssetRejectedError('the file is empty');
    return bytes;
  }

  private async inspect(
    path: string,
    bytes: number,
    slot?: VerificationSlot,
    signal?: AbortSignal,
  ): Promise<StagedMedia> {
    const head = await readHead(path, SNIFF_BYTES);
    const format = sniffMedia(head);
    if (!format) {
      throw new AssetRejectedError(
        'not a supported file: images must be PNG, JPEG or WebP, audio MP3, WAV, M4A/AAC or Ogg, and clips MP4, WebM or MOV',
      );
    }
    let width: number | null = null;
    let height: number | null = null;
    if (isImageFormat(format)) {
      const size = readImageSize(head, format);
      if (!size)
        throw new AssetRejectedError(`not a valid ${format.toUpperCase()} file: no image size in its header`);
      const problem = imageSizeProblem(size);
      if (problem) throw new AssetRejectedError(problem);
      ({ width, height } = size);
    }
    const decode = () => this.verifier.decode(path, format, signal);
    const decoded = await (slot ? slot.turn(decode) : decode());
    const actual = decoded.format ?? format;
    const { type, contentType, extension } = MEDIA_FORMATS[actual];
    return {
      path,
      format: actual,
      type,
      contentType,
      extension,
      bytes,
      width: decoded.width ?? width,
      height: decoded.height ?? height,
      durationSeconds: decoded.durationSeconds,
    };
  }
}

async function readHead(path: string, max: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(max);
    const { bytesRead } = await file.read(buffer, 0, max, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
