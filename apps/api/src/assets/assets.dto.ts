import { ApiPropertyOptional } from '@nestjs/swagger';
import { ASSET_TYPES, type Asset, type AssetType } from '@vidgen/assets';
import { type Page, toNaiveMicros } from '@vidgen/core';
import type { AssetUrl } from '@vidgen/videos';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { PageQuery } from '../common/page.query';

export class ListAssetsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  video_id?: string;

  @ApiPropertyOptional({ enum: ASSET_TYPES })
  @IsOptional()
  @IsIn(ASSET_TYPES)
  type?: AssetType;
}

export function toAssetListOptions(q: ListAssetsQuery) {
  return { limit: q.limit, cursor: q.cursor, videoId: q.video_id, type: q.type };
}

export function toAssetResponse(asset: Asset, url: AssetUrl) {
  return toAssetRecord(asset, url(asset.id));
}

export function toAssetPageResponse(page: Page<Asset>, url: AssetUrl) {
  return { data: page.items.map((a) => toAssetResponse(a, url)), next_cursor: page.nextCursor };
}

export function toAssetRecord(asset: Asset, url: string | null) {
  return {
    id: asset.id,
    video_id: asset.videoId,
    scene_id: asset.sceneId,
    type: asset.type,
    mime_type: asset.mimeType,
    size_bytes: asset.sizeBytes,
    width: asset.width,
    height: asset.height,
    duration_seconds: asset.durationSeconds,
    url,
    created_at: toNaiveMicros(asset.createdAt),
  };
}
