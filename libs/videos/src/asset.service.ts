import type { Asset, AssetRepository, AssetStorage, AssetType } from '@vidgen/assets';
import { decodeCursor, InvalidStateError, NotFoundError, type Page, pageOf } from '@vidgen/core';
import { IN_PROGRESS_STATUSES } from '@vidgen/workflows';
import type { VideoRepository } from './video.repository';

export class AssetService {
  constructor(
    private readonly assets: AssetRepository,
    private readonly videos: VideoRepository,
    private readonly storage: AssetStorage,
  ) {}

  async list(
    accountId: string,
    q: { limit: number; cursor?: string; videoId?: string; type?: AssetType },
  ): Promise<Page<Asset>> {
    const rows = await this.assets.list(accountId, {
      limit: q.limit + 1,
      videoId: q.videoId,
      type: q.type,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  async get(accountId: string, id: string): Promise<Asset> {
    const asset = await this.assets.find(accountId, id);
    if (!asset) throw new NotFoundError('Asset');
    return asset;
  }

  /** While its video is being processed an asset may still be read by a stage, so it cannot go. */
  async delete(accountId: string, id: string): Promise<void> {
    const asset = await this.get(accountId, id);
    const video = await this.videos.find(accountId, asset.videoId);
    if (video && !video.awaitingApproval && IN_PROGRESS_STATUSES.includes(video.status)) {
      throw new InvalidStateError('The asset belongs to a video that is being processed');
    }
    await this.videos.transaction(async (trx) => {
      await this.assets.markDeleted(accountId, id, trx);
      await this.videos.detachAsset(accountId, asset.videoId, id, trx);
    });
    await this.storage.remove(asset.path);
  }

  absolutePath(asset: Asset): string {
    return this.storage.absolute(asset.path);
  }

  findForSignedUrl(id: string): Promise<Asset | undefined> {
    return this.assets.findForSignedUrl(id);
  }
}
