import { CURSOR_PATTERN } from '@vidgen/core';
import {
  ASPECT_RATIOS,
  CAPTION_POSITIONS,
  CAPTION_SIZES,
  CAPTION_STYLES,
  type CaptionPosition,
  type CaptionSize,
  type CaptionStyle,
  FRAME_RATES,
  type FrameRate,
  MOTIONS,
  type Motion,
  RESOLUTIONS,
  type Resolution,
  SCRIPT_SOURCES,
  type ScriptSource,
  TRANSITIONS,
  type Transition,
} from '@vidgen/media';
import {
  type Transcript,
  type toEventRecord,
  type toSceneRecord,
  VISUALS,
  type VideoOptions,
  type VideoRecord,
  type Visuals,
} from '@vidgen/videos';
import {
  FAILURE_CODES,
  type FailureCode,
  STAGES,
  type Stage,
  VIDEO_STATUSES,
  type VideoStatus,
} from '@vidgen/workflows';
import { ATTRIBUTION, type AttributionDto, DEPICTS } from '../assets/asset-responses.dto';
import { VideoBrandDto } from '../brands/brand-responses.dto';
import { ApiProperty, ApiPropertyOptional } from '../common/openapi-decorators';
import { assertSameShape, type Equals, NAIVE_MICROS } from '../common/schema-types';
import { ProgressDto } from './progress.dto';
import { PreviewDto } from './storyboard.dto';

const SIGNED_URL = {
  type: String,
  format: 'uri',
  nullable: true,
  description: 'Absolute, signed and expiring: downloadable without a key; null until the file exists',
} as const;

export class MusicOptionsDto {
  @ApiProperty({ format: 'uuid' }) asset_id: string;
  @ApiProperty({ minimum: 0, maximum: 1 }) volume: number;
}

export class CaptionOptionsDto {
  @ApiProperty() burn_in: boolean;
  @ApiProperty({ enum: CAPTION_POSITIONS }) position: CaptionPosition;
  @ApiProperty({ enum: CAPTION_SIZES }) size: CaptionSize;
  @ApiProperty({ enum: CAPTION_STYLES }) style: CaptionStyle;
}

export class OutputOptionsDto {
  @ApiProperty({ enum: RESOLUTIONS }) resolution: Resolution;
  @ApiProperty({ type: 'integer', enum: FRAME_RATES }) fps: FrameRate;
}

/** The choices made at creation, defaults filled in. */
export class VideoOptionsDto {
  @ApiProperty({ enum: ASPECT_RATIOS }) aspect_ratio: VideoOptions['aspect_ratio'];
  @ApiProperty({ type: String, nullable: true, example: 'en-us' }) voice: string | null;
  @ApiProperty() auto_approve: boolean;
  @ApiProperty({ example: 'en' }) language: string;
  @ApiProperty({ type: MusicOptionsDto, nullable: true }) music: MusicOptionsDto | null;
  @ApiProperty({ type: CaptionOptionsDto }) captions: CaptionOptionsDto;
  @ApiProperty({ enum: MOTIONS }) motion: Motion;
  @ApiProperty({ enum: TRANSITIONS }) transition: Transition;
  @ApiProperty({ minimum: 0.5, maximum: 2 }) voice_speed: number;
  @ApiProperty({ description: 'false: no speech; captions still show' }) narrate: boolean;
  @ApiProperty({ enum: VISUALS }) visuals: Visuals;
  @ApiProperty({ type: OutputOptionsDto }) output: OutputOptionsDto;
  @ApiPropertyOptional({
    type: VideoBrandDto,
    nullable: true,
    description: 'The brand the video wears, as it was when made',
  })
  brand?: VideoBrandDto | null;
}
assertSameShape<Equals<VideoOptionsDto, VideoOptions>>(true);

export class FailureReasonDto {
  @ApiProperty({ enum: FAILURE_CODES }) code: FailureCode;
  @ApiProperty({ example: 'Image generation failed for scene 2' }) message: string;
  @ApiProperty({ enum: [...STAGES, 'approval'] }) stage: Stage | 'approval';
}

export class RecordWarningDto {
  @ApiProperty({ example: 'planner_cannot_write' }) code: string;
  @ApiProperty({
    example:
      'No language model wrote this script: the offline planner only reads the prompt’s own words back, so a question is repeated, not answered. Connect a language model …',
  })
  message: string;
}

/** docs/api.md#video-record: rendered by toVideoRecord, for the api and for webhook deliveries alike. */
export class VideoRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: VIDEO_STATUSES }) status: VideoStatus;
  @ApiProperty({ example: 'How honey bees make honey' }) prompt: string;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The video this one translates (POST /videos/{id}/translations); null for any other video',
  })
  source_video_id: string | null;
  @ApiProperty(SIGNED_URL) video_url: string | null;
  @ApiProperty(SIGNED_URL) audio_url: string | null;
  @ApiProperty(SIGNED_URL) thumbnail_url: string | null;
  @ApiProperty({ ...SIGNED_URL, description: `WebVTT captions. ${SIGNED_URL.description}` })
  subtitles_url: string | null;
  @ApiProperty({ description: 'At the review gate: scenes can be edited, approve starts production' })
  awaiting_approval: boolean;
  @ApiProperty({ enum: STAGES, nullable: true, description: 'The stage running or last run' })
  stage: Stage | null;
  @ApiProperty({ minimum: 1, maximum: 12 }) scene_count: number;
  @ApiProperty({ type: VideoOptionsDto }) options: VideoOptionsDto;
  @ApiProperty({ type: FailureReasonDto, nullable: true }) failure_reason: FailureReasonDto | null;
  @ApiProperty({ minimum: 0 }) credits_charged: number;
  @ApiProperty({ minimum: 0 }) credits_refunded: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'What approving would charge; null unless awaiting approval',
  })
  estimated_credits: number | null;
  @ApiProperty({
    type: String,
    enum: SCRIPT_SOURCES,
    nullable: true,
    description:
      'Who wrote the script: `model` (a language model), `planner` (the offline planner, which only rearranges the prompt’s words) or `client` (the `scenes` sent); null until a script is written',
  })
  script_source: ScriptSource | null;
  @ApiProperty({
    type: [RecordWarningDto],
    description:
      'What the video’s making warns of, e.g. `planner_cannot_write` with how to connect a model; [] when nothing',
  })
  warnings: RecordWarningDto[];
  @ApiProperty({
    type: ProgressDto,
    nullable: true,
    description:
      'How far the running pipeline is; null when nothing runs (at the review gate, completed, failed). GET /videos/{id}/events streams it',
  })
  progress: ProgressDto | null;
  @ApiProperty({
    type: PreviewDto,
    nullable: true,
    description:
      'The draft made at the review gate (POST /videos/{id}/preview); null when none was asked for',
  })
  preview: PreviewDto | null;
  @ApiProperty(NAIVE_MICROS) created_at: string;
  @ApiProperty(NAIVE_MICROS) updated_at: string;
}
assertSameShape<Equals<VideoRecordDto, VideoRecord>>(true);

export class VideoPageDto {
  @ApiProperty({ type: [VideoRecordDto], description: 'Newest first' }) data: VideoRecordDto[];
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: CURSOR_PATTERN,
    description: 'Pass as `cursor` for the next page; null on the last page',
  })
  next_cursor: string | null;
}

export class SceneRecordDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) video_id: string;
  @ApiProperty({ minimum: 1, description: '1-based order in the video' }) position: number;
  @ApiProperty() visual_description: string;
  @ApiProperty() narration: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The scene picture asset' })
  image_asset_id: string | null;
  @ApiProperty(SIGNED_URL) image_url: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: "The client's own recording used as the narration; null when it is synthesised",
  })
  audio_asset_id: string | null;
  @ApiProperty({
    ...DEPICTS,
    description: "What the scene's picture shows (its asset's depicts); null without one",
  })
  image_depicts: string[] | null;
  @ApiProperty({
    ...ATTRIBUTION,
    description:
      "The third-party works in the scene's picture or clip (a stock photo's or clip's author, page and licence); [] without one",
  })
  image_attribution: AttributionDto[];
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The clip that plays in the scene instead of a picture',
  })
  video_asset_id: string | null;
  @ApiProperty(SIGNED_URL) video_url: string | null;
  @ApiProperty(SIGNED_URL) narration_url: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Length of the spoken narration' })
  narration_seconds: number | null;
  @ApiProperty(NAIVE_MICROS) created_at: string;
  @ApiProperty(NAIVE_MICROS) updated_at: string;
}
assertSameShape<Equals<SceneRecordDto, ReturnType<typeof toSceneRecord>>>(true);

export class TranscriptWordDto {
  @ApiProperty({ example: 'Bees' }) text: string;
  @ApiProperty({ minimum: 0, description: 'Seconds from the start of the video' }) start: number;
  @ApiProperty({ minimum: 0, description: 'Seconds from the start of the video' }) end: number;
}

export class TranscriptSceneDto {
  @ApiProperty({ format: 'uuid' }) scene_id: string;
  @ApiProperty({ minimum: 0, description: 'Seconds from the start of the video' }) start: number;
  @ApiProperty({ minimum: 0, description: 'Seconds from the start of the video' }) end: number;
  @ApiProperty({ type: [TranscriptWordDto], description: 'In order, inside the scene' })
  words: TranscriptWordDto[];
}

export class TranscriptDto {
  @ApiProperty({ type: [TranscriptSceneDto], description: 'In order of position' })
  scenes: TranscriptSceneDto[];
}
assertSameShape<Equals<TranscriptDto, Transcript>>(true);

export class VideoEventDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ minimum: 1, description: 'Order within the video, from 1' }) seq: number;
  @ApiProperty({ example: 'status_changed' }) type: string;
  @ApiProperty({ type: String, nullable: true, example: 'scripting' }) status: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'scripting' }) stage: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
  @ApiProperty(NAIVE_MICROS) created_at: string;
}
assertSameShape<Equals<VideoEventDto, ReturnType<typeof toEventRecord>>>(true);

/** The `faults` field of POST /videos, documented only when the server runs with fault injection. */
export function faultsSchema() {
  const stageFault = {
    type: 'object',
    additionalProperties: false,
    properties: {
      timeout: { type: 'boolean', description: 'Every attempt of the stage fails as a timeout' },
      fail: { type: 'boolean', description: 'Every attempt of the stage fails as an error' },
      fail_scenes: {
        type: 'array',
        items: { type: 'integer', minimum: 1, maximum: 12 },
        description: 'visualising only: 1-based positions of the scenes whose image fails',
      },
      fail_attempts: { type: 'integer', minimum: 0, maximum: 100 },
    },
  };
  return {
    type: 'object',
    additionalProperties: false,
    description: 'Fault injection (docs/fault-injection.md); this server runs with VIDGEN_FAULT_INJECTION=1',
    properties: Object.fromEntries(STAGES.map((s) => [s, stageFault])),
    example: { visualising: { fail_scenes: [2] } },
  };
}
