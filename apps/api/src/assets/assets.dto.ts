import { ASSET_SOURCES, ASSET_TYPES, type Asset, type AssetSource, type AssetType } from '@vidgen/assets';
import { type Page, toNaiveMicros } from '@vidgen/core';
import type { AssetUrl } from '@vidgen/videos';
import {
  IsDefined,
  IsIn,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { HTTPS_URL_PATTERN } from '../common/https-url';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { PageQuery } from '../common/page.query';

/** An asset's name: what the client calls it, 1 to 255 characters. */
export const ASSET_NAME_MAX = 255;

export class ListAssetsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  video_id?: string;

  @ApiPropertyOptional({ enum: ASSET_TYPES })
  @IsOptional()
  @IsIn(ASSET_TYPES)
  type?: AssetType;

  @ApiPropertyOptional({ enum: ASSET_SOURCES })
  @IsOptional()
  @IsIn(ASSET_SOURCES)
  source?: AssetSource;
}

export function toAssetListOptions(q: ListAssetsQuery) {
  return { limit: q.limit, cursor: q.cursor, videoId: q.video_id, type: q.type, source: q.source };
}

/** POST /assets as JSON: import a file from the web (a file upload is multipart/form-data instead). */
export class ImportAssetDto {
  @ApiProperty({
    description: 'HTTPS URL of a PNG, JPEG or WebP image or an MP3, WAV, M4A/AAC or Ogg file',
    maxLength: 2048,
    pattern: HTTPS_URL_PATTERN,
    example: 'https://example.com/music/theme.mp3',
  })
  @IsDefined({ message: 'source_url is required' })
  @IsString()
  @MaxLength(2048)
  @Matches(new RegExp(HTTPS_URL_PATTERN), {
    message: 'source_url must be an https URL (a host name or IP address, optional port, path and query)',
  })
  source_url: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: ASSET_NAME_MAX,
    description: 'Defaults to the last part of the URL path',
  })
  @Optional()
  @IsString()
  @Length(1, ASSET_NAME_MAX)
  name?: string;
}

export class UpdateAssetDto {
  @ApiProperty({
    type: String,
    nullable: true,
    minLength: 1,
    maxLength: ASSET_NAME_MAX,
    description: 'null clears the name',
  })
  @ValidateIf((_o, v) => v !== null)
  @IsDefined({ message: 'name is required' })
  @IsString()
  @Length(1, ASSET_NAME_MAX)
  name: string | null;
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
    source: asset.source,
    name: asset.name,
    content_type: asset.mimeType,
    bytes: asset.sizeBytes,
    mime_type: asset.mimeType,
    size_bytes: asset.sizeBytes,
    width: asset.width,
    height: asset.height,
    duration_seconds: asset.durationSeconds,
    depicts: asset.depicts,
    attribution: asset.attribution,
    url,
    created_at: toNaiveMicros(asset.createdAt),
  };
}
