// The parts of a brand a request gives: its logo, its captions and its intro and outro cards.
import {
  BRAND_CAPTION_POSITIONS,
  BRAND_DEFAULTS,
  BRAND_LIMITS,
  type BrandCaptionPosition,
  COLOUR_PATTERN,
  LOGO_POSITIONS,
  type LogoPosition,
} from '@vidgen/videos';
import {
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';

/** A colour #rrggbb (the captions' here, the palette's in brands.dto.ts). */
export const COLOUR = new RegExp(COLOUR_PATTERN);
const colourMessage = (field: string) => `${field} must be a colour #rrggbb`;

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
