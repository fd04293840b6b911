import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { type Page, ValidationError } from '@vidgen/core';
import { ASPECT_RATIOS, type AspectRatio } from '@vidgen/media';
import {
  type AssetUrl,
  type CreateVideoInput,
  type Scene,
  type SceneRecord,
  toSceneRecord,
  toVideoRecord,
  VIDEO_LIMITS,
  type Video,
  type VideoRecord,
} from '@vidgen/videos';
import { type SceneEdit, VIDEO_STATUSES, type VideoStatus } from '@vidgen/workflows';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Default } from '../common/default.decorator';
import { PageQuery } from '../common/page.query';

export const DEFAULT_ASPECT_RATIO: AspectRatio = '16:9';

export class CreateVideoDto {
  @ApiProperty({ minLength: 1, maxLength: VIDEO_LIMITS.promptMax, example: 'How honey bees make honey' })
  @IsDefined({ message: 'prompt is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.promptMax)
  prompt: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 12, default: VIDEO_LIMITS.sceneCountDefault })
  @Default(VIDEO_LIMITS.sceneCountDefault)
  @IsOptional()
  @IsInt()
  @Min(VIDEO_LIMITS.sceneCountMin)
  @Max(VIDEO_LIMITS.sceneCountMax)
  scene_count: number;

  @ApiPropertyOptional({ enum: ASPECT_RATIOS, default: DEFAULT_ASPECT_RATIO })
  @Default(DEFAULT_ASPECT_RATIO)
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio: AspectRatio;

  @ApiPropertyOptional({
    // `string | null` reflects as Object; the document shows the string a client sends.
    type: String,
    description: 'Provider voice id (espeak-ng voice for the local provider)',
    example: 'en-us',
  })
  @Default(null)
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9+_-]{1,64}$/, { message: 'voice must be a voice id (letters, digits, + _ -)' })
  voice: string | null;

  @ApiPropertyOptional({ default: false, description: 'Pass the review gate without waiting for approval' })
  @Default(false)
  @IsOptional()
  @IsBoolean()
  auto_approve: boolean;

  @ApiPropertyOptional({
    description: 'Fault injection (only when the server runs with VIDGEN_FAULT_INJECTION=1)',
  })
  @IsOptional()
  @IsObject()
  faults?: Record<string, unknown>;
}

export class RegenerateDto {
  @ApiProperty({
    description: 'What to change in the script; an empty string is accepted',
    example: 'More about pollen',
  })
  @IsDefined({ message: 'feedback is required' })
  @IsString()
  @MaxLength(2000)
  feedback: string;
}

export class UpdateSceneDto {
  @ApiPropertyOptional({ maxLength: VIDEO_LIMITS.visualDescriptionMax })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.visualDescriptionMax)
  visual_description?: string;

  @ApiPropertyOptional({ maxLength: VIDEO_LIMITS.narrationMax })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.narrationMax)
  narration?: string;
}

export class AddSceneDto {
  @ApiProperty({ maxLength: VIDEO_LIMITS.visualDescriptionMax })
  @IsDefined({ message: 'visual_description is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.visualDescriptionMax)
  visual_description: string;

  @ApiProperty({ maxLength: VIDEO_LIMITS.narrationMax })
  @IsDefined({ message: 'narration is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.narrationMax)
  narration: string;

  @ApiPropertyOptional({ minimum: 1, description: '1-based position; default: after the last scene' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(VIDEO_LIMITS.sceneCountMax)
  position?: number;
}

export class ListVideosQuery extends PageQuery {
  @ApiPropertyOptional({ enum: VIDEO_STATUSES })
  @IsOptional()
  @IsIn(VIDEO_STATUSES)
  status?: VideoStatus;
}

export function toCreateVideoInput(dto: CreateVideoDto): CreateVideoInput {
  return {
    prompt: dto.prompt,
    sceneCount: dto.scene_count,
    options: { aspect_ratio: dto.aspect_ratio, voice: dto.voice, auto_approve: dto.auto_approve },
    faults: dto.faults,
  };
}

export function toSceneAddition(dto: AddSceneDto): SceneEdit {
  return { op: 'add', ...dto };
}

/** Both fields are optional, but a PATCH must change at least one of them. */
export function toSceneUpdate(sceneId: string, dto: UpdateSceneDto): SceneEdit {
  if (dto.visual_description === undefined && dto.narration === undefined) {
    throw new ValidationError([{ loc: ['body'], msg: 'give visual_description, narration or both' }]);
  }
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
