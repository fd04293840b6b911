import { toIsoZ, ValidationError } from '@vidgen/core';
import { ASPECT_RATIOS, type AspectRatio, listFonts } from '@vidgen/media';
import {
  BRAND_CAPTION_POSITIONS,
  BRAND_DEFAULTS,
  BRAND_LIMITS,
  type Brand,
  type BrandCaptionPosition,
  type BrandInput,
  type BrandPatch,
  COLOUR_PATTERN,
  LOGO_POSITIONS,
  type LogoPosition,
  type VideoBrand,
} from '@vidgen/videos';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { assertSameShape, type Equals } from '../common/schema-types';

const COLOUR = new RegExp(COLOUR_PATTERN);
const colourMessage = (field: string) => `${field} must be a colour #rrggbb`;
const FONT_IDS = () => listFonts().map((f) => f.id);

export class BrandLogoDto {
  @ApiProperty({
    format: 'uuid',
    description: 'An image asset of this account (a PNG keeps its transparency)',
  })
  @IsDefined({ message: 'asset_id is required' })
  @IsUUID('all', { message: 'asset_id must be an asset id' })
  asset_id: string;

  @ApiPropertyOptional({ enum: LOGO_POSITIONS, default: BRAND_DEFAULTS.logo.position, nullable: true })
  @Default(BRAND_DEFAULTS.logo.position)
  @IsOptional()
  @IsIn(LOGO_POSITIONS)
  position: LogoPosition;

  @ApiPropertyOptional({
    minimum: BRAND_LIMITS.logoSizeMin,
    maximum: BRAND_LIMITS.logoSizeMax,
    default: BRAND_DEFAULTS.logo.size,
    nullable: true,
    description: "The logo's width as a share of the frame's short side",
  })
  @Default(BRAND_DEFAULTS.logo.size)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(BRAND_LIMITS.logoSizeMin)
  @Max(BRAND_LIMITS.logoSizeMax)
  size: number;

  @ApiPropertyOptional({
    minimum: BRAND_LIMITS.logoOpacityMin,
    maximum: BRAND_LIMITS.logoOpacityMax,
    default: BRAND_DEFAULTS.logo.opacity,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.logo.opacity)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(BRAND_LIMITS.logoOpacityMin)
  @Max(BRAND_LIMITS.logoOpacityMax)
  opacity: number;
}

export class BrandCaptionsDto {
  @ApiPropertyOptional({
    pattern: COLOUR_PATTERN,
    default: BRAND_DEFAULTS.captions.text_color,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.captions.text_color)
  @IsOptional()
  @IsString()
  @Matches(COLOUR, { message: colourMessage('text_color') })
  text_color: string;

  @ApiPropertyOptional({
    pattern: COLOUR_PATTERN,
    default: BRAND_DEFAULTS.captions.box_color,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.captions.box_color)
  @IsOptional()
  @IsString()
  @Matches(COLOUR, { message: colourMessage('box_color') })
  box_color: string;

  @ApiPropertyOptional({
    minimum: 0,
    maximum: 1,
    default: BRAND_DEFAULTS.captions.box_opacity,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.captions.box_opacity)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  box_opacity: number;

  @ApiPropertyOptional({
    pattern: COLOUR_PATTERN,
    default: BRAND_DEFAULTS.captions.highlight_color,
    nullable: true,
    description: 'The spoken word in `word` captions',
  })
  @Default(BRAND_DEFAULTS.captions.highlight_color)
  @IsOptional()
  @IsString()
  @Matches(COLOUR, { message: colourMessage('highlight_color') })
  highlight_color: string;

  @ApiPropertyOptional({
    enum: BRAND_CAPTION_POSITIONS,
    default: BRAND_DEFAULTS.captions.position,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.captions.position)
  @IsOptional()
  @IsIn(BRAND_CAPTION_POSITIONS)
  position: BrandCaptionPosition;
}

export class BrandIntroDto {
  @ApiProperty({
    minLength: 1,
    maxLength: BRAND_LIMITS.cardTextMax,
    description: 'The title on the opening card',
  })
  @IsDefined({ message: 'title is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(BRAND_LIMITS.cardTextMax)
  title: string;

  @ApiPropertyOptional({
    minimum: BRAND_LIMITS.cardSecondsMin,
    maximum: BRAND_LIMITS.cardSecondsMax,
    default: BRAND_DEFAULTS.cardSeconds,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.cardSeconds)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(BRAND_LIMITS.cardSecondsMin)
  @Max(BRAND_LIMITS.cardSecondsMax)
  seconds: number;
}

export class BrandOutroDto {
  @ApiProperty({
    minLength: 1,
    maxLength: BRAND_LIMITS.cardTextMax,
    description: 'The text on the closing card',
  })
  @IsDefined({ message: 'text is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(BRAND_LIMITS.cardTextMax)
  text: string;

  @ApiPropertyOptional({
    minimum: BRAND_LIMITS.cardSecondsMin,
    maximum: BRAND_LIMITS.cardSecondsMax,
    default: BRAND_DEFAULTS.cardSeconds,
    nullable: true,
  })
  @Default(BRAND_DEFAULTS.cardSeconds)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(BRAND_LIMITS.cardSecondsMin)
  @Max(BRAND_LIMITS.cardSecondsMax)
  seconds: number;
}

/** The fields POST and PATCH share; every one optional (POST requires `name`). */
class BrandFieldsDto {
  @ApiPropertyOptional({
    type: BrandLogoDto,
    nullable: true,
    description: 'Drawn in a corner of every scene',
  })
  @IsOptional()
  @IsObject({ message: 'logo must be an object' })
  @ValidateNested()
  @Type(() => BrandLogoDto)
  logo?: BrandLogoDto | null;

  @ApiPropertyOptional({
    type: String,
    enum: FONT_IDS(),
    nullable: true,
    description: 'A font id of GET /fonts',
    example: 'inter',
  })
  @IsOptional()
  @IsString()
  @IsIn(FONT_IDS(), { message: `font must be one of: ${FONT_IDS().join(', ')}` })
  font?: string | null;

  @ApiPropertyOptional({
    type: BrandCaptionsDto,
    nullable: true,
    description: 'Colours and place of burned-in captions',
  })
  @IsOptional()
  @IsObject({ message: 'captions must be an object' })
  @ValidateNested()
  @Type(() => BrandCaptionsDto)
  captions?: BrandCaptionsDto | null;

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', pattern: COLOUR_PATTERN },
    nullable: true,
    minItems: BRAND_LIMITS.paletteMin,
    maxItems: BRAND_LIMITS.paletteMax,
    description: "Backdrops of the intro and outro cards: the first is the card's, the second its text's",
    example: ['#0B3D91', '#FFFFFF'],
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(BRAND_LIMITS.paletteMin)
  @ArrayMaxSize(BRAND_LIMITS.paletteMax)
  @IsString({ each: true })
  @Matches(COLOUR, { each: true, message: 'each palette colour must be #rrggbb' })
  palette?: string[] | null;

  @ApiPropertyOptional({
    type: BrandIntroDto,
    nullable: true,
    description: 'A card before the first scene: not narrated, not charged',
  })
  @IsOptional()
  @IsObject({ message: 'intro must be an object' })
  @ValidateNested()
  @Type(() => BrandIntroDto)
  intro?: BrandIntroDto | null;

  @ApiPropertyOptional({
    type: BrandOutroDto,
    nullable: true,
    description: 'A card after the last scene: not narrated, not charged',
  })
  @IsOptional()
  @IsObject({ message: 'outro must be an object' })
  @ValidateNested()
  @Type(() => BrandOutroDto)
  outro?: BrandOutroDto | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    description: "The account's default brand: videos created without brand_id wear it (one at a time)",
  })
  @IsOptional()
  @IsBoolean()
  default?: boolean | null;
}

export class CreateBrandDto extends BrandFieldsDto {
  @ApiProperty({ minLength: 1, maxLength: BRAND_LIMITS.nameMax, example: 'Acme' })
  @IsDefined({ message: 'name is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(BRAND_LIMITS.nameMax)
  name: string;
}

export class UpdateBrandDto extends BrandFieldsDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: BRAND_LIMITS.nameMax })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(BRAND_LIMITS.nameMax)
  name?: string;
}

export function toBrandInput(dto: CreateBrandDto): BrandInput {
  return {
    name: dto.name,
    isDefault: dto.default ?? false,
    logo: dto.logo ?? null,
    font: dto.font ?? null,
    captions: dto.captions ?? null,
    palette: dto.palette ?? null,
    intro: dto.intro ? { title: dto.intro.title, seconds: dto.intro.seconds } : null,
    outro: dto.outro ? { text: dto.outro.text, seconds: dto.outro.seconds } : null,
  };
}

export function toBrandPatch(dto: UpdateBrandDto): BrandPatch {
  if (Object.values(dto).every((v) => v === undefined))
    throw new ValidationError([{ loc: ['body'], msg: 'give at least one field of the brand to change' }]);
  return {
    name: dto.name,
    isDefault: dto.default ?? undefined,
    logo: dto.logo,
    font: dto.font,
    captions: dto.captions,
    palette: dto.palette,
    intro: dto.intro && { title: dto.intro.title, seconds: dto.intro.seconds },
    outro: dto.outro && { text: dto.outro.text, seconds: dto.outro.seconds },
  };
}

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

export class BrandPreviewQuery {
  @ApiPropertyOptional({ enum: ASPECT_RATIOS, default: '16:9', description: 'The frame to draw' })
  @Default('16:9')
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio: AspectRatio;
}
