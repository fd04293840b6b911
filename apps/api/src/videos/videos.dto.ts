import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ASPECT_RATIOS, type AspectRatio } from '@vidgen/media';
import { VIDEO_LIMITS } from '@vidgen/videos';
import { VIDEO_STATUSES, type VideoStatus } from '@vidgen/workflows';
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
import { PageQuery } from '../common/page.query';

export class CreateVideoDto {
  @ApiProperty({ minLength: 1, maxLength: VIDEO_LIMITS.promptMax, example: 'How honey bees make honey' })
  @IsDefined({ message: 'prompt is required' })
  @IsString()
  @MinLength(1)
  @MaxLength(VIDEO_LIMITS.promptMax)
  prompt: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 12, default: VIDEO_LIMITS.sceneCountDefault })
  @IsOptional()
  @IsInt()
  @Min(VIDEO_LIMITS.sceneCountMin)
  @Max(VIDEO_LIMITS.sceneCountMax)
  scene_count?: number;

  @ApiPropertyOptional({ enum: ASPECT_RATIOS, default: '16:9' })
  @IsOptional()
  @IsIn(ASPECT_RATIOS)
  aspect_ratio?: AspectRatio;

  @ApiPropertyOptional({
    description: 'Provider voice id (espeak-ng voice for the local provider)',
    example: 'en-us',
  })
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9+_-]{1,64}$/, { message: 'voice must be a voice id (letters, digits, + _ -)' })
  voice?: string;

  @ApiPropertyOptional({ default: false, description: 'Pass the review gate without waiting for approval' })
  @IsOptional()
  @IsBoolean()
  auto_approve?: boolean;

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
