import { ValidationError } from '@vidgen/core';
import { ASPECT_RATIOS, type AspectRatio, listFonts } from '@vidgen/media';
import { BRAND_LIMITS, type BrandInput, type BrandPatch, COLOUR_PATTERN } from '@vidgen/videos';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { BrandCaptionsDto, BrandIntroDto, BrandLogoDto, BrandOutroDto, COLOUR } from './brand-parts.dto';

const FONT_IDS = () => listFonts().map((f) => f.id);

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

export class BrandPreviewQuery {
  @ApiPropertyOptional({ enum: ASPECT_RATIOS, default: '16:9', description: 'The frame to draw' })
  @Default('16:9')
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio: AspectRatio;
}
