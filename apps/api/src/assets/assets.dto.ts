import { ApiPropertyOptional } from '@nestjs/swagger';
import { ASSET_TYPES, type Asset, type AssetType } from '@vidgen/assets';
import { toNaiveMicros } from '@vidgen/core';
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
