import { PREVIEW_STATUSES, type PreviewStatus } from '@vidgen/videos';
import { ApiProperty } from '../common/openapi-decorators';
import { NAIVE_MICROS } from '../common/schema-types';

const SIGNED = {
  type: String,
  format: 'uri',
  description: 'Absolute, signed and expiring: downloadable without a key',
} as const;

/** `preview` of the video record: the draft made at the review gate (docs/api.md#storyboard-and-draft). */
export class PreviewDto {
  @ApiProperty({
    enum: PREVIEW_STATUSES,
    description: 'rendering, then ready or failed; stale once a scene was edited after it was asked for',
  })
  status: PreviewStatus;
  @ApiProperty({
    ...SIGNED,
    nullable: true,
    description: `${SIGNED.description}: the draft's MP4 (360p, 15 fps, marked PREVIEW); null until it is rendered`,
  })
  url: string | null;
  @ApiProperty({ ...NAIVE_MICROS, description: 'When the draft was asked for' }) created_at: string;
}

export class StoryboardSceneDto {
  @ApiProperty({ format: 'uuid' }) scene_id: string;
  @ApiProperty({ minimum: 1 }) position: number;
  @ApiProperty() narration: string;
  @ApiProperty({
    ...SIGNED,
    nullable: true,
    description: `${SIGNED.description}: the scene's picture (or clip); null while it is not made yet`,
  })
  image_url: string | null;
  @ApiProperty({
    minimum: 0,
    description:
      'How long the scene lasts: its narration once made, else its reading time at the video’s voice speed',
  })
  estimated_seconds: number;
}

export class StoryboardDto {
  @ApiProperty({
    ...SIGNED,
    nullable: true,
    description: `${SIGNED.description}: a PNG contact sheet of the scenes' pictures in order, numbered, without their text (an empty tile for a picture not made yet); null without scenes`,
  })
  sheet_url: string | null;
  @ApiProperty({ type: [StoryboardSceneDto], description: 'In order of position' })
  scenes: StoryboardSceneDto[];
}
