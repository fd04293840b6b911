import { applyDecorators } from '@nestjs/common';
import { ValidationError } from '@vidgen/core';
import { type ClientSceneEdit, VIDEO_LIMITS } from '@vidgen/videos';
import {
  IsDefined,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { Optional } from '../common/optional.decorator';
import { SPEAKABLE_PATTERN, Speakable } from './speakable';

/** The picture an edit gives a scene: an image asset of the account, or null for a generated one. */
const SceneImageAssetId = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'uuid',
      nullable: true,
      description: 'An uploaded image of this account for the scene; null goes back to a generated image',
    }),
    IsOptional(),
    IsUUID('all', { message: 'image_asset_id must be an asset id' }),
  );

/** The clip an edit gives a scene: a video asset of the account, never together with an image. */
const SceneVideoAssetId = () =>
  applyDecorators(
    ApiPropertyOptional({
      type: String,
      format: 'uuid',
      nullable: true,
      description:
        'A video clip of this account that plays in the scene (muted, fitted to the frame, cut or looped to the narration); not together with image_asset_id',
    }),
    IsOptional(),
    IsUUID('all', { message: 'video_asset_id must be an asset id' }),
  );

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

  @SceneImageAssetId()
  image_asset_id?: string | null;

  @SceneVideoAssetId()
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

  @SceneImageAssetId()
  image_asset_id?: string | null;

  @SceneVideoAssetId()
  video_asset_id?: string | null;
}

/** A scene shows a picture or a clip, never both (assertOneVisual): both given as ids is refused. */
export const ONE_VISUAL = {
  required: ['image_asset_id', 'video_asset_id'],
  properties: { image_asset_id: { type: 'string' }, video_asset_id: { type: 'string' } },
};

/** A scene shows a picture or a clip, never both. */
export function assertOneVisual(
  dto: { image_asset_id?: string | null; video_asset_id?: string | null },
  loc: (string | number)[],
): void {
  if (dto.image_asset_id && dto.video_asset_id) {
    throw new ValidationError([
      { loc: [...loc, 'video_asset_id'], msg: 'give image_asset_id or video_asset_id, not both' },
    ]);
  }
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
