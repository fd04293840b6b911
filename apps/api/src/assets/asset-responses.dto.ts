import type { ApiPropertyOptions } from '@nestjs/swagger';
import { ASSET_SOURCES, ASSET_TYPES, type AssetSource, type AssetType } from '@vidgen/assets';
import { CURSOR_PATTERN } from '@vidgen/core';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals, NAIVE_MICROS } from '../common/schema-types';
import type { toAssetRecord } from './assets.dto';

/** A third-party work in a file: artwork, a stock photo or clip. */
export class AttributionDto {
  @ApiProperty({ example: 'Octopus' }) title: string;
  @ApiProperty({ example: 'Microsoft' }) author: string;
  @ApiProperty({ example: 'MIT' }) license: string;
  @ApiProperty({ format: 'uri', example: 'https://github.com/microsoft/fluentui-emoji' }) source_url: string;
}

export const DEPICTS: ApiPropertyOptions = {
  type: [String],
  nullable: true,
  example: ['octopus', 'sea'],
  description:
    "What the picture shows, as English names; [] when it shows nothing in particular (a backdrop alone); null when unknown (the client's own files, files that are not pictures)",
};

export const ATTRIBUTION: ApiPropertyOptions = {
  type: [AttributionDto],
  description: 'Every third-party work in the file (artwork, stock); [] when there is none',
};

/** docs/api.md#assets: rendered by toAssetRecord. */
export class AssetRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The video that made it; null for a client file',
  })
  video_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The scene it belongs to' })
  scene_id: string | null;
  @ApiProperty({ enum: ASSET_TYPES, description: 'A client file is an image, audio or a video clip' })
  type: AssetType;
  @ApiProperty({ enum: ASSET_SOURCES }) source: AssetSource;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The client's label: the name given, else the file name or the URL's last path segment",
  })
  name: string | null;
  @ApiProperty({ example: 'image/png', description: 'Taken from the bytes, never from the file name' })
  content_type: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) bytes: number;
  @ApiProperty({ example: 'image/png', description: 'The same as content_type' }) mime_type: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'The same as bytes' }) size_bytes: number;
  @ApiProperty({ type: Number, nullable: true, description: 'Pixels, for pictures and videos' })
  width: number | null;
  @ApiProperty({ type: Number, nullable: true }) height: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'For audio and video' })
  duration_seconds: number | null;
  @ApiProperty(DEPICTS) depicts: string[] | null;
  @ApiProperty(ATTRIBUTION) attribution: AttributionDto[];
  @ApiProperty({
    type: String,
    format: 'uri',
    nullable: true,
    description: 'Absolute, signed and expiring: downloadable without a key',
  })
  url: string | null;
  @ApiProperty(NAIVE_MICROS) created_at: string;
}
assertSameShape<Equals<AssetRecordDto, ReturnType<typeof toAssetRecord>>>(true);

export class AssetPageDto {
  @ApiProperty({ type: [AssetRecordDto], description: 'Newest first' }) data: AssetRecordDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: CURSOR_PATTERN,
    description: 'null on the last page',
  })
  next_cursor: string | null;
}
