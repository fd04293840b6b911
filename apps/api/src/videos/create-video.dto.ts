import { ValidationError } from '@vidgen/core';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  DEFAULT_CAPTIONS,
  DEFAULT_LANGUAGE,
  DEFAULT_OUTPUT,
  LANGUAGE_TAG,
  listSceneCount,
  MOTIONS,
  type Motion,
  SPEECH_SPEED,
  TRANSITIONS,
  type Transition,
} from '@vidgen/media';
import {
  type CreateVideoInput,
  VARIABLE_VALUE_MAX,
  VIDEO_LIMITS,
  VISUALS,
  type Visuals,
} from '@vidgen/videos';
import { Expose, Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
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
import { assertOneVisual } from './scene-edits.dto';
import { CaptionsDto, ClientSceneDto, MusicDto, OutputDto } from './video-options.dto';

export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';
export const VOICE_PATTERN = /^[A-Za-z0-9+_-]{1,64}$/;

export class CreateVideoDto {
  @ApiProperty({ minLength: 1, maxLength: VIDEO_LIMITS.promptMax, example: 'How honey bees make honey' })
  @IsDefined({ message: 'prompt is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.promptMax)
  prompt: string;

  @ApiPropertyOptional({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 12,
    default: VIDEO_LIMITS.sceneCountDefault,
    description:
      'With `scenes`, their number (it may be left out). Left out for a prompt that lists things: a scene per item and one for its title, up to 12',
  })
  // With the client's own scenes the count is theirs; a list gets a scene per item and its title; otherwise the default.
  @Expose()
  @Transform(
    ({ value, obj }) =>
      value ??
      clientSceneCount(obj.scenes) ??
      listSceneCount(obj.prompt, obj.language, VIDEO_LIMITS.sceneCountMax) ??
      VIDEO_LIMITS.sceneCountDefault,
  )
  @IsOptional()
  @IsInt()
  @Min(VIDEO_LIMITS.sceneCountMin)
  @Max(VIDEO_LIMITS.sceneCountMax)
  scene_count: number;

  @ApiPropertyOptional({ enum: ASPECT_RATIOS, default: DEFAULT_ASPECT_RATIO, nullable: true })
  @Default(DEFAULT_ASPECT_RATIO)
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio: AspectRatio;

  @ApiPropertyOptional({
    // `string | null` reflects as Object; the document shows the string a client sends.
    type: String,
    nullable: true,
    description:
      "A voice id from GET /voices that speaks the video's language; left out, the language's default voice",
    example: 'en-us',
    pattern: VOICE_PATTERN.source,
  })
  @Default(null)
  @IsOptional()
  @IsString()
  @Matches(VOICE_PATTERN, { message: 'voice must be a voice id (letters, digits, + _ -)' })
  voice: string | null;

  @ApiPropertyOptional({
    minimum: SPEECH_SPEED.min,
    maximum: SPEECH_SPEED.max,
    default: SPEECH_SPEED.default,
    nullable: true,
    description: 'How fast the voice speaks: the narration lasts about 1/voice_speed as long',
  })
  @Default(SPEECH_SPEED.default)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(SPEECH_SPEED.min)
  @Max(SPEECH_SPEED.max)
  voice_speed: number;

  @ApiPropertyOptional({
    default: true,
    nullable: true,
    description:
      'false: no speech and no narration credit; each scene lasts its reading time and its captions still show',
  })
  @Default(true)
  @IsOptional()
  @IsBoolean()
  narrate: boolean;

  @ApiPropertyOptional({
    default: false,
    nullable: true,
    description: 'Pass the review gate without waiting for approval',
  })
  @Default(false)
  @IsOptional()
  @IsBoolean()
  auto_approve: boolean;

  @ApiPropertyOptional({
    default: DEFAULT_LANGUAGE,
    nullable: true,
    description: 'BCP 47 language of the script, the default voice and the captions',
    example: 'de',
    pattern: LANGUAGE_TAG.source,
  })
  @Default(DEFAULT_LANGUAGE)
  @IsOptional()
  @IsString()
  @Matches(LANGUAGE_TAG, {
    message: 'language must be a BCP 47 code such as en or pt-BR',
  })
  language: string;

  @ApiPropertyOptional({
    type: [ClientSceneDto],
    minItems: VIDEO_LIMITS.sceneCountMin,
    maxItems: VIDEO_LIMITS.sceneCountMax,
    description: "The client's own script, taken verbatim instead of one written from the prompt",
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(VIDEO_LIMITS.sceneCountMin)
  @ArrayMaxSize(VIDEO_LIMITS.sceneCountMax)
  @ValidateNested({ each: true })
  @Type(() => ClientSceneDto)
  scenes?: ClientSceneDto[];

  @ApiPropertyOptional({ type: MusicDto, nullable: true, description: 'Music under the whole video' })
  @Default(null)
  @IsOptional()
  @ValidateNested()
  @Type(() => MusicDto)
  music: MusicDto | null;

  @ApiPropertyOptional({ type: CaptionsDto, nullable: true, description: 'null or left out: the defaults' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CaptionsDto)
  captions?: CaptionsDto;

  @ApiPropertyOptional({
    enum: MOTIONS,
    default: 'kenburns',
    nullable: true,
    description: 'A slow zoom or pan on every still',
  })
  @Default('kenburns')
  @IsOptional()
  @IsIn(MOTIONS)
  motion: Motion;

  @ApiPropertyOptional({
    enum: TRANSITIONS,
    default: 'fade',
    nullable: true,
    description: 'A short crossfade between scenes',
  })
  @Default('fade')
  @IsOptional()
  @IsIn(TRANSITIONS)
  transition: Transition;

  @ApiPropertyOptional({
    enum: VISUALS,
    default: 'generated',
    nullable: true,
    description:
      'Where scenes get their pictures: generated, or clips and photos from the stock library STOCK_PROVIDER names (422 when none is configured)',
  })
  @Default('generated')
  @IsOptional()
  @IsIn(VISUALS)
  visuals: Visuals;

  @ApiPropertyOptional({
    type: OutputDto,
    nullable: true,
    description: 'Frame size and rate; null or left out: 720p at 24 fps',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OutputDto)
  output?: OutputDto;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "A brand of this account (GET /brands) the video wears: its logo, font, caption colours and cards. Left out: the account's default brand, if any",
  })
  @Optional()
  @IsUUID('all', { message: 'brand_id must be a brand id' })
  brand_id?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    description:
      "Make the video a template describes (GET /templates): its request with `variables` filled in; any field sent beside `template_id` replaces the template's. `prompt` may then be left out",
  })
  @IsOptional()
  @IsUUID()
  template_id?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: VARIABLE_VALUE_MAX },
    description:
      'With `template_id`: a value for each of the template\'s `variables`, plain text that is never read for placeholders again. A missing or unknown name is a 422 at `["body", "variables", name]`',
    example: { product: 'Trail shoe', price: '89 EUR' },
  })
  @IsOptional()
  @IsObject()
  variables?: Record<string, string>;

  // Documented only when the server runs with VIDGEN_FAULT_INJECTION=1 (openapi-document.ts).
  @Optional()
  @IsObject()
  faults?: Record<string, unknown>;
}

/** The number of the client's scenes when it is a valid scene count (else the scenes field reports it). */
function clientSceneCount(scenes: unknown): number | undefined {
  return Array.isArray(scenes) &&
    scenes.length >= VIDEO_LIMITS.sceneCountMin &&
    scenes.length <= VIDEO_LIMITS.sceneCountMax
    ? scenes.length
    : undefined;
}

export function toCreateVideoInput(dto: CreateVideoDto): CreateVideoInput {
  dto.scenes?.forEach((s, i) => {
    assertOneVisual(s, ['body', 'scenes', i]);
  });
  if (dto.scenes && dto.scene_count !== dto.scenes.length) {
    throw new ValidationError([
      {
        loc: ['body', 'scene_count'],
        msg: `scene_count must equal the number of scenes (${dto.scenes.length}) or be left out`,
      },
    ]);
  }
  return {
    prompt: dto.prompt,
    sceneCount: dto.scene_count,
    options: {
      aspect_ratio: dto.aspect_ratio,
      voice: dto.voice,
      auto_approve: dto.auto_approve,
      language: dto.language,
      music: dto.music && { asset_id: dto.music.asset_id, volume: dto.music.volume },
      captions: dto.captions
        ? {
            burn_in: dto.captions.burn_in,
            position: dto.captions.position,
            size: dto.captions.size,
            style: dto.captions.style,
          }
        : { ...DEFAULT_CAPTIONS },
      motion: dto.motion,
      transition: dto.transition,
      voice_speed: dto.voice_speed,
      narrate: dto.narrate,
      visuals: dto.visuals,
      output: dto.output ? { resolution: dto.output.resolution, fps: dto.output.fps } : { ...DEFAULT_OUTPUT },
    },
    scenes: dto.scenes?.map((s) => ({
      narration: s.narration,
      ...(s.visual_description !== undefined && { visual_description: s.visual_description }),
      ...(s.image_asset_id !== undefined && { image_asset_id: s.image_asset_id }),
      ...(s.audio_asset_id !== undefined && { audio_asset_id: s.audio_asset_id }),
      ...(s.video_asset_id !== undefined && { video_asset_id: s.video_asset_id }),
      ...(s.search_terms !== undefined && { search_terms: s.search_terms }),
    })),
    faults: dto.faults,
    ...(dto.brand_id !== undefined && { brandId: dto.brand_id }),
  };
}
