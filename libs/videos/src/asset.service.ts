import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type Asset,
  type AssetIntake,
  AssetRejectedError,
  type AssetRepository,
  type AssetSource,
  type AssetStorage,
  type AssetType,
  type StagedMedia,
  type VerificationSlot,
} from '@vidgen/assets';
import {
  decodeCursor,
  InvalidStateError,
  NotFoundError,
  type Page,
  pageOf,
  ValidationError,
} from '@vidgen/core';
import { IN_PROGRESS_STATUSES } from '@vidgen/workflows';
import type { VideoRepository } from './video.repository';

/** A multipart upload as the api hands it over: the file as it streams in, the other fields once the form ends. */
export interface AssetUpload {
  file: Readable;
  /** The file name the client sent, the default name of the asset. */
  fileName?: string;
  fields: Promise<{ name?: string }>;
}

export class AssetService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly videos: VideoRepository,
    private readonly storage: AssetStorage,
    private readonly intake: AssetIntake,
  ) {}

  async list(
    accountId: string,
    q: { limit: number; cursor?: string; videoId?: string; type?: AssetType; source?: AssetSource },
  ): Promise<Page<Asset>> {
    const rows = await this.assets.list(accountId, {
      limit: q.limit + 1,
      videoId: q.videoId,
      type: q.type,
      source: q.source,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  async get(accountId: string, id: string): Promise<Asset> {
    const asset = await this.assets.find(accountId, id);
    if (!asset) throw new NotFoundError('Asset');
    return asset;
  }

  /**
   * POST /assets with a file: stored only once it has decoded whole as a supported format. The
   * `slot` (taken before the body was read) orders its decode among the process's others.
   */
  async upload(accountId: string, upload: AssetUpload, slot: VerificationSlot): Promise<Asset> {
    const staged = await this.receive(() => this.intake.fromStream(upload.file, slot), 'file');
    try {
      const { name } = await upload.fields;
      return await this.store(accountId, staged, 'upload', name ?? defaultName(upload.fileName));
    } finally {
      await this.intake.discard(staged);
    }
  }

  /** POST /assets with a source_url: fetched under the webhook SSRF rules, then checked like an upload. */
  async importFrom(
    accountId: string,
    input: { sourceUrl: string; name?: string },
    slot: VerificationSlot,
  ): Promise<Asset> {
    const staged = await this.receive(() => this.intake.fromUrl(input.sourceUrl, slot), 'source_url');
    try {
      return await this.store(
        accountId,
        staged,
        'import',
        input.name ?? defaultName(lastSegment(input.sourceUrl)),
      );
    } finally {
      await this.intake.discard(staged);
    }
  }

  async rename(accountId: string, id: string, name: string | null): Promise<Asset> {
    const asset = await this.assets.rename(accountId, id, name);
    if (!asset) throw new NotFoundError('Asset');
    return asset;
  }

  /**
   * While its video is being processed an asset may still be read by a stage, so it cannot go;
   * nor while any video's scenes or options reference it (a scene's image or narration, an image
   * of the client's script, music), whatever that video's state: a retry of a failed video
   * resumes from those files, and a client's picture that vanished would turn a free scene into
   * a paid one. Deleting the video (or removing the reference at the gate) frees it.
   */
  async delete(accountId: string, id: string): Promise<void> {
    const asset = await this.get(accountId, id);
    const video = asset.videoId ? await this.videos.find(accountId, asset.videoId) : undefined;
    if (video && !video.awaitingApproval && IN_PROGRESS_STATUSES.includes(video.status)) {
      throw new InvalidStateError('The asset belongs to a video that is being processed');
    }
    await this.videos.transaction(async (trx) => {
      // The row lock makes the check and the delete one step against anything that locks the
      // asset before it starts to use it (docs/decisions/0015-client-assets.md).
      if (!(await this.assets.lock(accountId, id, trx))) throw new NotFoundError('Asset');
      if (await this.videos.usesAsset(accountId, id, trx)) {
        throw new InvalidStateError(
          'The asset is used by a video; delete the video, or remove the asset from its scenes while it awaits approval',
        );
      }
      await this.assets.markDeleted(accountId, id, trx);
      if (asset.videoId) await this.videos.detachAsset(accountId, asset.videoId, id, trx);
      else await this.videos.scenes.detachClientImage(accountId, id, trx);
    });
    await this.storage.remove(asset.path);
  }

  /** The asset's file on this disk when storage is local (served as a file), else undefined. */
  localPath(asset: Asset): string | undefined {
    return this.storage.localPath(asset.path);
  }

  /** The stored size of the asset's bytes, undefined when they are gone. */
  storedSize(asset: Asset): Promise<number | undefined> {
    return this.storage.size(asset.path);
  }

  /** The asset's bytes, or one inclusive range of them, from storage. */
  read(asset: Asset, range?: { start: number; end: number }): Promise<Readable> {
    return this.storage.read(asset.path, range);
  }

  findForSignedUrl(id: string): Promise<Asset | undefined> {
    return this.assets.findForSignedUrl(id);
  }

  /** A refused file is a 422 at the field it came from; nothing of it is left on disk. */
  private async receive(
    take: () => Promise<StagedMedia>,
    field: 'file' | 'source_url',
  ): Promise<StagedMedia> {
    try {
      return await take();
    } catch (err) {
      if (err instanceof AssetRejectedError)
        throw new ValidationError([{ loc: ['body', field], msg: err.message }]);
      throw err;
    }
  }

  /** Puts the verified file in place under the new asset's id, then records it; undoes the move if the insert fails. */
  private async store(
    accountId: string,
    staged: StagedMedia,
    source: 'upload' | 'import',
    name: string | null,
  ): Promise<Asset> {
    const id = randomUUID();
    const placed = await this.storage.putClientFile(accountId, `${id}.${staged.extension}`, staged.path);
    try {
      return await this.assets.insert({
        id,
        accountId,
        videoId: null,
        source,
        name,
        type: staged.type,
        path: placed.relativePath,
        mimeType: staged.contentType,
        sizeBytes: placed.sizeBytes,
        width: staged.width,
        height: staged.height,
        durationSeconds: staged.durationSeconds,
      });
    } catch (err) {
      await this.storage.remove(placed.relativePath);
      throw err;
    }
  }
}

/** The client's file name as a default name: printable, at most 255 characters, or none. */
function defaultName(fileName: string | undefined): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = (fileName ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? clean.slice(0, 255) : null;
}

function lastSegment(url: string): string | undefined {
  const segment = new URL(url).pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
