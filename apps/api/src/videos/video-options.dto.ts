import {
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  CAPTION_STYLES,
  type CaptionPosition,
  type CaptionSize,
  type CaptionStyle,
  DEFAULT_CAPTIONS,
  DEFAULT_MUSIC_VOLUME,
  DEFAULT_OUTPUT,
  FRAME_RATES,
  type FrameRate,
  RESOLUTIONS,
  type Resolution,
} from '@vidgen/media';
import { VIDEO_LIMITS } from '@vidgen/videos';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { SPEAKABLE_PATTERN, Speakable } from './speakable';

/** One scene of the client's own script. */
export class ClientSceneDto {
  @ApiProperty({
    minLength: 1,
    maxLength: VIDEO_LIMITS.clientNarrationMax,
    pattern: SPEAKABLE_PATTERN,
    example: 'Bees dance to share news.',
  })
  @IsDefined({ message: 'narration is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.clientNarrationMax)
  @Speakable()
  narration: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: VIDEO_LIMITS.visualDescriptionMax,
    description: 'What the picture shows; made from the narration when left out',
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.visualDescriptionMax)
  visual_description?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'An uploaded image of this account, used for the scene instead of a generated one',
  })
  @Optional()
  @IsUUID('all', { message: 'image_asset_id must be an asset id' })
  image_asset_id?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "An uploaded audio asset of this account: the scene's narration, its length the scene's; `narration` becomes its captions and no narration credit is charged for it",
  })
  @Optional()
  @IsUUID('all', { message: 'audio_asset_id must be an asset id' })
  audio_asset_id?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      'A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id',
  })
  @Optional()
  @IsUUID('all', { message: 'video_asset_id must be an asset id' })
  video_asset_id?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 100,
    description:
      'Words for the stock search of a `"visuals": "stock"` video; made from visual_description when left out',
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  search_terms?: string;
}

export class MusicDto {
  @ApiProperty({ format: 'uuid', description: 'An uploaded audio asset of this account' })
  @IsDefined({ message: 'asset_id is required' })
  @IsUUID('all', { message: 'asset_id must be an asset id' })
  asset_id: string;

  @ApiPropertyOptional({ minimum: 0, maximum: 1, default: DEFAULT_MUSIC_VOLUME, nullable: true })
  @Default(DEFAULT_MUSIC_VOLUME)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(1)
  volume: number;
}

export class CaptionsDto {
  @ApiPropertyOptional({
    default: DEFAULT_CAPTIONS.burn_in,
    nullable: true,
    description: 'Draw captions into the picture',
  })
  @Default(DEFAULT_CAPTIONS.burn_in)
  @IsOptional()
  @IsBoolean()
  burn_in: boolean;

  @ApiPropertyOptional({ enum: CAPTION_POSITIONS, default: DEFAULT_CAPTIONS.position, nullable: true })
  @Default(DEFAULT_CAPTIONS.position)
  @IsOptional()
  @IsIn(CAPTION_POSITIONS)
  position: CaptionPosition;

  @ApiPropertyOptional({ enum: CAPTION_SIZES, default: DEFAULT_CAPTIONS.size, nullable: true })
  @Default(DEFAULT_CAPTIONS.size)
  @IsOptional()
  @IsIn(CAPTION_SIZES)
  size: CaptionSize;

  @ApiPropertyOptional({
    enum: CAPTION_STYLES,
    default: DEFAULT_CAPTIONS.style,
    nullable: true,
    description:
      '`word`: the phrase on screen with the word being spoken highlighted; `phrase`: the phrase alone',
  })
  @Default(DEFAULT_CAPTIONS.style)
  @IsOptional()
  @IsIn(CAPTION_STYLES)
  style: CaptionStyle;
}

/** The frame size and rate of the rendered video (docs/api.md#creating-a-video). */
export class OutputDto {
  @ApiPropertyOptional({
    enum: RESOLUTIONS,
    default: DEFAULT_OUTPUT.resolution,
    nullable: true,
    description: '720p: 1280×720, 720×1280 or 1024×1024; 1080p: 1920×1080, 1080×1920 or 1080×1080',
  })
  @Default(DEFAULT_OUTPUT.resolution)
  @IsOptional()
  @IsIn(RESOLUTIONS)
  resolution: Resolution;

  @ApiPropertyOptional({
    type: 'integer',
    enum: FRAME_RATES,
    default: DEFAULT_OUTPUT.fps,
    nullable: true,
    description: 'Frames per second',
  })
  @Default(DEFAULT_OUTPUT.fps)
  @IsOptional()
  @IsIn(FRAME_RATES, { message: `fps must be one of ${FRAME_RATES.join(', ')}` })
  fps: FrameRate;
}
