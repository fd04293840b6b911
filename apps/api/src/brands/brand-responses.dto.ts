import { toIsoZ } from '@vidgen/core';
import {
  BRAND_CAPTION_POSITIONS,
  type Brand,
  type BrandCaptionPosition,
  LOGO_POSITIONS,
  type LogoPosition,
  type VideoBrand,
} from '@vidgen/videos';
import { ApiProperty } from '../common/openapi-decorators';
import { assertSameShape, type Equals } from '../common/schema-types';

export class BrandLogoRecordDto {
  @ApiProperty({ format: 'uuid' }) asset_id: string;
  @ApiProperty({ enum: LOGO_POSITIONS }) position: LogoPosition;
  @ApiProperty() size: number;
  @ApiProperty() opacity: number;
}
export class BrandCaptionsRecordDto {
  @ApiProperty() text_color: string;
  @ApiProperty() box_color: string;
  @ApiProperty() box_opacity: number;
  @ApiProperty() highlight_color: string;
  @ApiProperty({ enum: BRAND_CAPTION_POSITIONS }) position: BrandCaptionPosition;
}
export class BrandIntroRecordDto {
  @ApiProperty() title: string;
  @ApiProperty() seconds: number;
}
export class BrandOutroRecordDto {
  @ApiProperty() text: string;
  @ApiProperty() seconds: number;
}

/** The brand a video wears, as it was when the video was made (`options.brand` of a video record). */
export class VideoBrandDto {
  @ApiProperty({
    format: 'uuid',
    description: 'The brand it was copied from (which may have changed or gone since)',
  })
  id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: BrandLogoRecordDto, nullable: true }) logo: BrandLogoRecordDto | null;
  @ApiProperty({ type: String, nullable: true }) font: string | null;
  @ApiProperty({ type: BrandCaptionsRecordDto, nullable: true }) captions: BrandCaptionsRecordDto | null;
  @ApiProperty({ type: [String], nullable: true }) palette: string[] | null;
  @ApiProperty({ type: BrandIntroRecordDto, nullable: true }) intro: BrandIntroRecordDto | null;
  @ApiProperty({ type: BrandOutroRecordDto, nullable: true }) outro: BrandOutroRecordDto | null;
}
assertSameShape<Equals<VideoBrandDto, VideoBrand>>(true);

export class BrandRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: BrandLogoRecordDto, nullable: true }) logo: BrandLogoRecordDto | null;
  @ApiProperty({ type: String, nullable: true, description: 'null: the default font (DejaVu Sans)' })
  font: string | null;
  @ApiProperty({ type: BrandCaptionsRecordDto, nullable: true }) captions: BrandCaptionsRecordDto | null;
  @ApiProperty({ type: [String], nullable: true }) palette: string[] | null;
  @ApiProperty({ type: BrandIntroRecordDto, nullable: true }) intro: BrandIntroRecordDto | null;
  @ApiProperty({ type: BrandOutroRecordDto, nullable: true }) outro: BrandOutroRecordDto | null;
  @ApiProperty({ description: "The account's default brand" }) default: boolean;
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) created_at: string;
  @ApiProperty({ example: '2026-11-21T10:00:00.123456Z' }) updated_at: string;

  static from(b: Brand): BrandRecordDto {
    return {
      id: b.id,
      name: b.name,
      logo: b.logo,
      font: b.font,
      captions: b.captions,
      palette: b.palette,
      intro: b.intro,
      outro: b.outro,
      default: b.isDefault,
      created_at: toIsoZ(b.createdAt),
      updated_at: toIsoZ(b.updatedAt),
    };
  }
}

export class BrandListDto {
  @ApiProperty({ type: [BrandRecordDto] }) data: BrandRecordDto[];
}
