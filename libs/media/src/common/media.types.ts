import type { CatalogueVoice } from './voices';

export type AspectRatio = '16:9' | '9:16' | '1:1';

export const ASPECT_RATIOS: readonly AspectRatio[] = ['16:9', '9:16', '1:1'];

/** The frame sizes a video renders at (`output.resolution`); 720p is the default. */
export const RESOLUTIONS = ['720p', '1080p'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];
/** The frame rates a video renders at (`output.fps`); 24 is the default. */
export const FRAME_RATES = [24, 25, 30, 60] as const;
export type FrameRate = (typeof FRAME_RATES)[number];

export interface OutputOptions {
  resolution: Resolution;
  fps: FrameRate;
}

export const DEFAULT_OUTPUT: OutputOptions = { resolution: '720p', fps: 24 };

/** The frame sizes a render may have: the clients' resolutions, and the draft's 360p. */
export type FrameResolution = Resolution | '360p';

/**
 * What a render is made at: a client's output, or the draft's (DRAFT_OUTPUT). `mark`: text drawn
 * in a box in the frame's top-left corner, over everything. `draft`: the join writes the MP4 alone
 * (no narration file or thumbnail), its mix not loudness-normalised.
 */
export interface RenderOutputOptions {
  resolution: FrameResolution;
  fps: number;
  mark?: string;
  draft?: boolean;
}

/** A draft at the review gate (docs/decisions/0068-storyboard-and-draft.md): 360p, 15 fps, marked PREVIEW. */
export const DRAFT_OUTPUT: RenderOutputOptions = {
  resolution: '360p',
  fps: 15,
  mark: 'PREVIEW',
  draft: true,
};

// Even dimensions because yuv420p halves both axes for chroma; H.264 rejects odd sizes.
const FRAME_SIZES: Record<FrameResolution, Record<AspectRatio, { width: number; height: number }>> = {
  '360p': {
    '16:9': { width: 640, height: 360 },
    '9:16': { width: 360, height: 640 },
    '1:1': { width: 360, height: 360 },
  },
  '720p': {
    '16:9': { width: 1280, height: 720 },
    '9:16': { width: 720, height: 1280 },
    '1:1': { width: 1024, height: 1024 },
  },
  '1080p': {
    '16:9': { width: 1920, height: 1080 },
    '9:16': { width: 1080, height: 1920 },
    '1:1': { width: 1080, height: 1080 },
  },
};

export function isAspectRatio(value: unknown): value is AspectRatio {
  return typeof value === 'string' && (ASPECT_RATIOS as readonly string[]).includes(value);
}

/** The frame of a video: its aspect ratio at its resolution (720p, today's sizes, by default). */
export function frameSize(
  ar: AspectRatio,
  resolution: FrameResolution = '720p',
): { width: number; height: number } {
  const size = FRAME_SIZES[resolution]?.[ar];
  if (!size) throw new RangeError(`Unknown frame: ${String(ar)} at ${String(resolution)}`);
  return { ...size };
}

/** How a still moves on screen: a slow zoom or pan varied per scene, or none. */
export const MOTIONS = ['kenburns', 'none'] as const;
export type Motion = (typeof MOTIONS)[number];

/** How one scene gives way to the next: a short crossfade, or a cut. */
export const TRANSITIONS = ['fade', 'none'] as const;
export type Transition = (typeof TRANSITIONS)[number];

export const CAPTION_POSITIONS = ['bottom', 'center', 'top'] as const;
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number];
export const CAPTION_SIZES = ['small', 'medium', 'large'] as const;
export type CaptionSize = (typeof CAPTION_SIZES)[number];

/** `word`: the phrase on screen with the word being spoken highlighted; `phrase`: the phrase alone. */
export const CAPTION_STYLES = ['word', 'phrase'] as const;
export type CaptionStyle = (typeof CAPTION_STYLES)[number];

export interface CaptionOptions {
  /** Burned into the picture; the WebVTT file is made either way. */
  burn_in: boolean;
  position: CaptionPosition;
  size: CaptionSize;
  style: CaptionStyle;
}

export const DEFAULT_CAPTIONS: CaptionOptions = {
  burn_in: true,
  position: 'bottom',
  size: 'medium',
  style: 'word',
};
export const DEFAULT_MUSIC_VOLUME = 0.15;
export const DEFAULT_LANGUAGE = 'en';

export interface SceneDraft {
  visual_description: string;
  narration: string;
  /** An image the client supplied for the scene: it is used as is and costs no image credit. */
  image_asset_id?: string | null;
  /** A recording the client supplied: it is the scene's narration, nothing is synthesised. */
  audio_asset_id?: string | null;
  /** The client's words for a stock search (`"visuals": "stock"`), instead of the description's. */
  search_terms?: string | null;
}

export interface ScriptInput {
  prompt: string;
  /** BCP 47 code of the video's language: the script is written in it. */
  language: string;
  sceneCount: number;
  feedback?: string;
  previous?: SceneDraft[];
}

/** Who wrote a video's script: a language model, the offline planner, or the client (`scenes`). */
export const SCRIPT_SOURCES = ['model', 'planner', 'client'] as const;
export type ScriptSource = (typeof SCRIPT_SOURCES)[number];

/** Something the record tells its reader about how the video was made, e.g. `planner_cannot_write`. */
export interface RecordWarning {
  code: string;
  message: string;
}

/** A script with who wrote it and what the video's record should warn of. */
export interface WrittenScript {
  scenes: SceneDraft[];
  source: Exclude<ScriptSource, 'client'>;
  warnings: RecordWarning[];
}

/** A video's scenes to translate (docs/decisions/0069-recommended-models-and-translations.md). */
export interface TranslationInput {
  scenes: Pick<SceneDraft, 'visual_description' | 'narration'>[];
  /** BCP 47 codes of the scenes' language and the one to translate into. */
  from: string;
  to: string;
  /** The longest texts a translated scene may hold: those of a client's scene. */
  maxNarrationChars: number;
  maxDescriptionChars: number;
}

export interface ScriptProvider {
  writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]>;
  /** The script with who wrote it; a provider without it is a model (docs/decisions/0065-models-users-run.md). */
  writeReported?(input: ScriptInput, signal?: AbortSignal): Promise<WrittenScript>;
  /** One scene for each scene given, translated; only a language model can (the planner has none). */
  translate?(input: TranslationInput, signal?: AbortSignal): Promise<SceneDraft[]>;
}

export interface ImageInput {
  /** What the picture shows; a local picture is titled with its opening subject. */
  description: string;
  /**
   * Not drawn: captions are burned in by the renderer, timed to the speech. Still accepted so
   * callers written against the earlier shape compile; nothing reads it.
   */
  caption?: string;
  /** Zero-based position of the scene in the video. */
  sceneIndex: number;
  sceneCount: number;
  aspectRatio: AspectRatio;
  /** The frame the picture fills (the video's `frameSize`); left out, the aspect ratio's 720p frame. */
  width?: number;
  height?: number;
  /** Stable per video, so a retried scene looks the same and scenes of one video share a palette. */
  seed: string;
  /** The video's language (ISO 639-1): the words of the description are read in it. Default en. */
  language?: string;
  /** The scene's narration: read for the things to draw when the description names none. */
  narration?: string;
  /** The video's motion: with Ken Burns, what matters stays where no zoom or pan cuts it. Default kenburns. */
  motion?: Motion;
}

/** A third-party work a picture uses: shown with the asset (docs/api.md#assets). */
export interface ArtworkCredit {
  title: string;
  author: string;
  license: string;
  source_url: string;
}

/** The size of the picture an image provider makes for `input`: the frame it was given. */
export function imageFrame(input: Pick<ImageInput, 'aspectRatio' | 'width' | 'height'>): {
  width: number;
  height: number;
} {
  return input.width && input.height
    ? { width: input.width, height: input.height }
    : frameSize(input.aspectRatio);
}

export interface GeneratedImage {
  path: string;
  width: number;
  height: number;
  mimeType: string;
  /** English names of the things the picture shows; [] when it shows nothing in particular. */
  depicts: string[];
  /** Every third-party work drawn into it; [] when there is none. */
  attribution: ArtworkCredit[];
}

export interface ImageProvider {
  generateImage(input: ImageInput, outPath: string, signal?: AbortSignal): Promise<GeneratedImage>;
}

/** A word of a narration and when it is spoken, in seconds from the start of that narration clip. */
export interface WordTiming {
  text: string;
  start: number;
  end: number;
}

/** The range of `SpeechInput.speed`: 1 is the voice's own pace, 2 twice as fast. */
export const SPEECH_SPEED = { min: 0.5, max: 2, default: 1 } as const;

export interface SpeechInput {
  text: string;
  voice?: string;
  /** 0.5–2.0, default 1: the narration lasts about 1/speed as long. */
  speed?: number;
  /**
   * Its place beside other narrations the process makes at once, lower first (the media queue's
   * priority key): a voice runtime the process shares speaks its sentences in this order.
   */
  priority?: number;
  /**
   * Among narrations of one priority, a heavier one's sentences go first (the media piece's
   * fairness weight: how far its video is; docs/decisions/0085-fair-within-a-rank.md); none counts as 1.
   */
  weight?: number;
  /**
   * How much more than a narration's own niceness the voice runtime yields the CPU while it speaks
   * it (0–9, the media piece's `mediaCpuYield`): see mediaNiceness. Ignored by remote voices.
   */
  yieldCpu?: number;
}

/** Niceness of a segment's ffmpeg that does not yield more (docs/decisions/0074-overlapped-production.md). */
export const SEGMENT_NICENESS = 10;

/**
 * The scheduling niceness of a media piece's CPU work by how much more it yields (`yieldCpu`, 0–9,
 * from its priority key; docs/decisions/0075-media-rank-by-account-load.md): a segment's ffmpeg at
 * 10 + yieldCpu; a narration at the process's own unless it yields, and then as a segment that
 * yields as much, behind every piece of a draft or an only video
 * (docs/decisions/0084-the-media-first-lane.md).
 */
export function mediaNiceness(kind: 'segment' | 'narration', yieldCpu = 0): number {
  const more = Math.min(9, Math.max(0, Math.floor(yieldCpu)));
  return kind === 'narration' && more === 0 ? 0 : SEGMENT_NICENESS + more;
}

export interface GeneratedSpeech {
  path: string;
  durationSeconds: number;
  mimeType: string;
  /** Every word of the text, in order, when it is spoken. */
  words: WordTiming[];
  /** What actually spoke: the provider and its voice id. */
  provider: string;
  voice: string;
}

export interface SpeechProvider {
  /** The voices `synthesize` accepts; cheap after the first call (cached). */
  listVoices(): Promise<CatalogueVoice[]>;
  synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech>;
}

export interface MediaProviders {
  script: ScriptProvider;
  image: ImageProvider;
  speech: SpeechProvider;
}
