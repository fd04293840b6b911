import type { Attribution } from '@vidgen/assets';
import {
  type AspectRatio,
  type CaptionOptions,
  DEFAULT_CAPTIONS,
  DEFAULT_LANGUAGE,
  DEFAULT_OUTPUT,
  type Motion,
  type OutputOptions,
  type RecordWarning,
  type ScriptSource,
  type Transition,
  type WordTiming,
} from '@vidgen/media';
import type { FailureReason, Stage, VideoStatus } from '@vidgen/workflows';
import type { VideoBrand } from './brands/brand.types';

export interface MusicOptions {
  /** An audio asset of the account, played under the whole video. */
  asset_id: string;
  /** 0–1, the music's level where nobody speaks; it is lowered further under the narration. */
  volume: number;
}

/** The choices a client made at creation, echoed by the video record under `options`. */
export interface VideoOptions {
  aspect_ratio: AspectRatio;
  voice: string | null;
  auto_approve: boolean;
  /** BCP 47 code: the script, the default voice and the captions follow it. */
  language: string;
  music: MusicOptions | null;
  captions: CaptionOptions;
  motion: Motion;
  transition: Transition;
  /** 0.5–2.0: the narration lasts about 1/voice_speed as long as at 1. */
  voice_speed: number;
  /** false: no speech, each scene lasts its reading time and its captions still show. */
  narrate: boolean;
  /** Where scenes without a picture or clip of the client's get theirs: drawn, or from the stock library. */
  visuals: Visuals;
  /** Frame size and rate: 720p at 24 fps unless the client chose otherwise. */
  output: OutputOptions;
  /** The brand the video wears, copied when it was made (docs/decisions/0064-brand-kits.md). */
  brand?: VideoBrand | null;
}

export const VISUALS = ['generated', 'stock'] as const;
export type Visuals = (typeof VISUALS)[number];

/**
 * Options as stored, with the defaults of fields added after the video was made: a video
 * created before captions, motion or music existed renders as it would be created today.
 */
export function videoOptions(
  stored: Partial<VideoOptions> & Pick<VideoOptions, 'aspect_ratio'>,
): VideoOptions {
  return {
    aspect_ratio: stored.aspect_ratio,
    voice: stored.voice ?? null,
    auto_approve: stored.auto_approve ?? false,
    language: stored.language ?? DEFAULT_LANGUAGE,
    music: stored.music ?? null,
    captions: { ...DEFAULT_CAPTIONS, ...stored.captions },
    motion: stored.motion ?? 'kenburns',
    transition: stored.transition ?? 'fade',
    voice_speed: stored.voice_speed ?? 1,
    narrate: stored.narrate ?? true,
    visuals: stored.visuals ?? 'generated',
    output: { ...DEFAULT_OUTPUT, ...stored.output },
    ...(stored.brand && { brand: stored.brand }),
  };
}

/** A scene of the client's own script (`scenes` on POST /videos). */
export interface ClientScene {
  narration: string;
  visual_description?: string;
  image_asset_id?: string;
  /** An uploaded recording of the account: the scene's narration, not synthesised. */
  audio_asset_id?: string;
  /** A clip of the account's that plays in the scene (never together with image_asset_id). */
  video_asset_id?: string;
  /** Words for the stock search of `"visuals": "stock"`, instead of the visual description's. */
  search_terms?: string;
}

export interface Video {
  id: string;
  accountId: string;
  prompt: string;
  /** The video this one translates (POST /videos/{id}/translations), or null. */
  sourceVideoId: string | null;
  status: VideoStatus;
  stage: Stage | null;
  awaitingApproval: boolean;
  sceneCount: number;
  options: VideoOptions;
  failureReason: FailureReason | null;
  creditsCharged: number;
  creditsRefunded: number;
  videoAssetId: string | null;
  audioAssetId: string | null;
  thumbnailAssetId: string | null;
  subtitlesAssetId: string | null;
  /** Who wrote the script: a model, the planner or the client; null until one is written. */
  scriptSource: ScriptSource | null;
  /** What the record warns of (docs/decisions/0065-models-users-run.md); [] when nothing. */
  warnings: RecordWarning[];
  /** The draft made at the review gate, if one was asked for. */
  preview: VideoPreview | null;
  createdAt: string;
  updatedAt: string;
}

export const PREVIEW_STATUSES = ['rendering', 'ready', 'failed', 'stale'] as const;
export type PreviewStatus = (typeof PREVIEW_STATUSES)[number];

/** A video's draft (docs/decisions/0068-storyboard-and-draft.md): `draft` the gate step that made it. */
export interface VideoPreview {
  status: PreviewStatus;
  draft: string;
  assetId: string | null;
  createdAt: string;
}

export interface Scene {
  id: string;
  videoId: string;
  position: number;
  visualDescription: string;
  narration: string;
  /**
   * The scene's visual: a picture generated at visualising, an image the client supplied, or a
   * clip (see visualType); one column holds it, so every rule about a scene's supplied visual
   * (no generated picture, no image charge, no delete while in use) holds for clips alike.
   */
  imageAssetId: string | null;
  /** The type of the visual asset: `video` for a clip. */
  visualType: 'image' | 'video' | null;
  /** The client's stock search words, when given. */
  searchTerms: string | null;
  narrationAssetId: string | null;
  /** A picture made at the review gate (the storyboard), adopted as the scene's image at approval. */
  storyboardAssetId: string | null;
  narrationSeconds: number | null;
  /** The client's own recording of the narration (`scenes[].audio_asset_id`), or null. */
  audioAssetId: string | null;
  /** When each narration word is spoken, in seconds from the start of the scene's narration. */
  words: WordTiming[] | null;
  /** What the scene's picture shows (its asset's `depicts`); null without a picture or for the client's own. */
  imageDepicts: string[] | null;
  /** The third-party works in the scene's picture; [] without a picture. */
  imageAttribution: Attribution[];
  createdAt: string;
  updatedAt: string;
}

export interface VideoEvent {
  id: string;
  seq: number;
  type: string;
  status: string | null;
  stage: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Limits of docs/lifecycle.md#input-limits and #limit-of-3. */
export const VIDEO_LIMITS = {
  promptMax: 2000,
  sceneCountMin: 1,
  sceneCountMax: 12,
  sceneCountDefault: 5,
  narrationMax: 400,
  /** A scene the client writes may be longer than one the planner writes. */
  clientNarrationMax: 1000,
  visualDescriptionMax: 500,
  concurrentVideos: 3,
} as const;
