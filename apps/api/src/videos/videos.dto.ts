import { type Page, ValidationError } from '@vidgen/core';
import {
  ASPECT_RATIOS,
  type AspectRatio,
  DEFAULT_CAPTIONS,
  DEFAULT_LANGUAGE,
  DEFAULT_OUTPUT,
  LANGUAGE_TAG,
  MOTIONS,
  type Motion,
  SPEECH_SPEED,
  TRANSITIONS,
  type Transition,
} from '@vidgen/media';
import {
  type AssetUrl,
  type ClientSceneEdit,
  type CreateVideoInput,
  type Scene,
  type SceneRecord,
  toSceneRecord,
  toVideoRecord,
  VIDEO_LIMITS,
  VISUALS,
  type Video,
  type VideoRecord,
  type Visuals,
} from '@vidgen/videos';
import { VIDEO_STATUSES, type VideoStatus } from '@vidgen/workflows';
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
import { PageQuery } from '../common/page.query';
import { SPEAKABLE_PATTERN, Speakable } from './speakable';
import { CaptionsDto, ClientSceneDto, MusicDto, OutputDto } from './video-options.dto';

export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';
const VOICE_PATTERN = /^[A-Za-z0-9+_-]{1,64}$/;

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
    description: 'With `scenes`, their number (it may be left out)',
  })
  // With the client's own scenes the count is theirs; otherwise the default.
  @Expose()
  @Transform(({ value, obj }) => value ?? clientSceneCount(obj.scenes) ?? VIDEO_LIMITS.sceneCountDefault)
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

  // Documented only when the server runs with VIDGEN_FAULT_INJECTION=1 (openapi-document.ts).
  @Optional()
  @IsObject()
  faults?: Record<string, unknown>;
}

export class RegenerateDto {
  @ApiProperty({
    description: 'What to change in the script; an empty string is accepted',
    example: 'More about pollen',
    maxLength: 2000,
  })
  @IsDefined({ message: 'feedback is required' })
  @IsString()
  @MaxLength(2000)
  feedback: string;
}

export class UpdateSceneDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: VIDEO_LIMITS.visualDescriptionMax })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.visualDescriptionMax)
  visual_description?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: VIDEO_LIMITS.narrationMax, pattern: SPEAKABLE_PATTERN })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.narrationMax)
  @Speakable()
  narration?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'An uploaded image of this account for the scene; null goes back to a generated image',
  })
  @IsOptional()
  @IsUUID('all', { message: 'image_asset_id must be an asset id' })
  image_asset_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id',
  })
  @IsOptional()
  @IsUUID('all', { message: 'video_asset_id must be an asset id' })
  video_asset_id?: string | null;
}

export class AddSceneDto {
  @ApiProperty({ minLength: 1, maxLength: VIDEO_LIMITS.visualDescriptionMax })
  @IsDefined({ message: 'visual_description is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.visualDescriptionMax)
  visual_description: string;

  @ApiProperty({ minLength: 1, maxLength: VIDEO_LIMITS.narrationMax, pattern: SPEAKABLE_PATTERN })
  @IsDefined({ message: 'narration is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.narrationMax)
  @Speakable()
  narration: string;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: VIDEO_LIMITS.sceneCountMax,
    description: '1-based position; default: after the last scene',
  })
  @Optional()
  @IsInt()
  @Min(1)
  @Max(VIDEO_LIMITS.sceneCountMax)
  position?: number;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'An uploaded image of this account for the scene; null goes back to a generated image',
  })
  @IsOptional()
  @IsUUID('all', { message: 'image_asset_id must be an asset id' })
  image_asset_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id',
  })
  @IsOptional()
  @IsUUID('all', { message: 'video_asset_id must be an asset id' })
  video_asset_id?: string | null;
}

export class ListVideosQuery extends PageQuery {
  @ApiPropertyOptional({ enum: VIDEO_STATUSES })
  @IsOptional()
  @IsIn(VIDEO_STATUSES)
  status?: VideoStatus;
}

/**
 * Rules across fields that decorators cannot state, added to the schemas by openapi-document.ts:
 * with `scenes`, `scene_count` is left out, null or their number (toCreateVideoInput); a scene
 * edit changes at least one field (toSceneUpdate).
 */
/** A scene shows a picture or a clip, never both (assertOneVisual): both given as ids is refused. */
const ONE_VISUAL = {
  required: ['image_asset_id', 'video_asset_id'],
  properties: { image_asset_id: { type: 'string' }, video_asset_id: { type: 'string' } },
};

export const SCHEMA_RULES: Record<string, (schema: Record<string, unknown>) => void> = {
  CreateVideoDto: (schema) => {
    const counts = Array.from({ length: VIDEO_LIMITS.sceneCountMax }, (_, i) => i + 1);
    // Inside allOf, so generated client types keep the object's own properties.
    schema.allOf = [
      {
        anyOf: [
          { not: { required: ['scenes'] } },
          { properties: { scene_count: { type: 'null' } } },
          ...counts.map((n) => ({
            properties: { scenes: { minItems: n, maxItems: n }, scene_count: { const: n } },
          })),
        ],
      },
    ];
  },
  UpdateSceneDto: (schema) => {
    schema.minProperties = 1;
    schema.not = ONE_VISUAL;
  },
  AddSceneDto: (schema) => {
    schema.not = ONE_VISUAL;
  },
  ClientSceneDto: (schema) => {
    schema.not = ONE_VISUAL;
  },
};

/** The number of the client's scenes when it is a valid scene count (else the scenes field reports it). */
function clientSceneCount(scenes: unknown): number | undefined {
  return Array.isArray(scenes) &&
    scenes.length >= VIDEO_LIMITS.sceneCountMin &&
    scenes.length <= VIDEO_LIMITS.sceneCountMax
    ? scenes.length
    : undefined;
}

/** A scene shows a picture or a clip, never both. */
function assertOneVisual(
  dto: { image_asset_id?: string | null; video_asset_id?: string | null },
  loc: (string | number)[],
): void {
  if (dto.image_asset_id && dto.video_asset_id) {
    throw new ValidationError([
      { loc: [...loc, 'video_asset_id'], msg: 'give image_asset_id or video_asset_id, not both' },
    ]);
  }
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
  };
}

export function toSceneAddition(dto: AddSceneDto): ClientSceneEdit {
  assertOneVisual(dto, ['body']);
  return { op: 'add', ...dto };
}

/** Both fields are optional, but a PATCH must change at least one of them. */
export function toSceneUpdate(sceneId: string, dto: UpdateSceneDto): ClientSceneEdit {
  if (
    dto.visual_description === undefined &&
    dto.narration === undefined &&
    dto.image_asset_id === undefined &&
    dto.video_asset_id === undefined
  ) {
    throw new ValidationError([
      {
        loc: ['body'],
        msg: 'give at least one of visual_description, narration, image_asset_id and video_asset_id',
      },
    ]);
  }
  assertOneVisual(dto, ['body']);
  return { op: 'update', sceneId, ...dto };
}

/**
 * The video record (see `toVideoRecord`) with signed asset URLs; `estimates` holds the
 * approval cost of the videos that await approval, from VideoService.estimates.
 */
export function toVideoResponse(
  video: Video,
  url: AssetUrl,
  estimates: ReadonlyMap<string, number>,
): VideoRecord {
  return toVideoRecord(video, url, estimates.get(video.id));
}

export function toVideoPageResponse(
  page: Page<Video>,
  url: AssetUrl,
  estimates: ReadonlyMap<string, number>,
) {
  return { data: page.items.map((v) => toVideoResponse(v, url, estimates)), next_cursor: page.nextCursor };
}

/** An edit that removed the scene has none to show: the response has no body. */
export function toSceneResponse(scene: Scene | null, url: AssetUrl): SceneRecord | undefined {
  return scene ? toSceneRecord(scene, url) : undefined;
}
