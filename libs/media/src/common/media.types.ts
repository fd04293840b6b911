export type AspectRatio = '16:9' | '9:16' | '1:1';

export const ASPECT_RATIOS: readonly AspectRatio[] = ['16:9', '9:16', '1:1'];

// Even dimensions because yuv420p halves both axes for chroma; H.264 rejects odd sizes.
const FRAME_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  '16:9': { width: 1280, height: 720 },
  '9:16': { width: 720, height: 1280 },
  '1:1': { width: 1024, height: 1024 },
};

export function isAspectRatio(value: unknown): value is AspectRatio {
  return typeof value === 'string' && (ASPECT_RATIOS as readonly string[]).includes(value);
}

export function frameSize(ar: AspectRatio): { width: number; height: number } {
  const size = FRAME_SIZES[ar];
  if (!size) throw new RangeError(`Unknown aspect ratio: ${String(ar)}`);
  return { ...size };
}

export interface SceneDraft {
  visual_description: string;
  narration: string;
}

export interface ScriptInput {
  prompt: string;
  sceneCount: number;
  feedback?: string;
  previous?: SceneDraft[];
}

export interface ScriptProvider {
  writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]>;
}

export interface ImageInput {
  description: string;
  caption: string;
  /** Zero-based position of the scene in the video. */
  sceneIndex: number;
  sceneCount: number;
  aspectRatio: AspectRatio;
  /** Stable per video, so a retried scene looks the same and scenes of one video share a palette. */
  seed: string;
}

export interface GeneratedImage {
  path: string;
  width: number;
  height: number;
  mimeType: string;
}

export interface ImageProvider {
  generateImage(input: ImageInput, outPath: string, signal?: AbortSignal): Promise<GeneratedImage>;
}

export interface SpeechInput {
  text: string;
  voice?: string;
}

export interface GeneratedSpeech {
  path: string;
  durationSeconds: number;
  mimeType: string;
}

export interface SpeechProvider {
  synthesize(input: SpeechInput, outPath: string, signal?: AbortSignal): Promise<GeneratedSpeech>;
}

export interface MediaProviders {
  script: ScriptProvider;
  image: ImageProvider;
  speech: SpeechProvider;
}
