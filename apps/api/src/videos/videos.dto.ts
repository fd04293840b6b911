import type { Page } from '@vidgen/core';
import {
  type AssetUrl,
  type Progress,
  type Scene,
  type SceneRecord,
  toSceneRecord,
  toVideoRecord,
  VIDEO_LIMITS,
  type Video,
  type VideoRecord,
} from '@vidgen/videos';
import { VIDEO_STATUSES, type VideoStatus } from '@vidgen/workflows';
import { IsDefined, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { PageQuery } from '../common/page.query';
import { ONE_VISUAL } from './scene-edits.dto';

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
export const SCHEMA_RULES: Record<string, (schema: Record<string, unknown>) => void> = {
  CreateVideoDto: (schema) => {
    const counts = Array.from({ length: VIDEO_LIMITS.sceneCountMax }, (_, i) => i + 1);
    // Inside allOf, so generated client types keep the object's own properties.
    // `prompt` comes from the template when `template_id` is sent.
    schema.required = ((schema.required as string[] | undefined) ?? []).filter((f) => f !== 'prompt');
    schema.allOf = [
      { anyOf: [{ required: ['prompt'] }, { required: ['template_id'] }] },
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
  // A brand PATCH changes at least one field (toBrandPatch).
  UpdateBrandDto: (schema) => {
    schema.minProperties = 1;
  },
};

/**
 * The video record (see `toVideoRecord`) with signed asset URLs; `estimates` holds the
 * approval cost of the videos that await approval, from VideoService.estimates, and `progress`
 * that of the running ones, from VideoProgressService.of.
 */
export function toVideoResponse(
  video: Video,
  url: AssetUrl,
  estimates: ReadonlyMap<string, number>,
  progress: ReadonlyMap<string, Progress> = new Map(),
): VideoRecord {
  return toVideoRecord(video, url, estimates.get(video.id), progress.get(video.id) ?? null);
}

export function toVideoPageResponse(
  page: Page<Video>,
  url: AssetUrl,
  estimates: ReadonlyMap<string, number>,
  progress: ReadonlyMap<string, Progress> = new Map(),
) {
  return {
    data: page.items.map((v) => toVideoResponse(v, url, estimates, progress)),
    next_cursor: page.nextCursor,
  };
}

/** An edit that removed the scene has none to show: the response has no body. */
export function toSceneResponse(scene: Scene | null, url: AssetUrl): SceneRecord | undefined {
  return scene ? toSceneRecord(scene, url) : undefined;
}
