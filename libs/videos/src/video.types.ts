import type { AspectRatio } from '@vidgen/media';
import type { FailureReason, Stage, VideoStatus } from '@vidgen/workflows';

export interface VideoOptions {
  aspect_ratio: AspectRatio;
  voice: string | null;
  auto_approve: boolean;
}

export interface Video {
  id: string;
  accountId: string;
  prompt: string;
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
  createdAt: string;
  updatedAt: string;
}

export interface Scene {
  id: string;
  videoId: string;
  position: number;
  visualDescription: string;
  narration: string;
  imageAssetId: string | null;
  narrationAssetId: string | null;
  narrationSeconds: number | null;
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
  visualDescriptionMax: 500,
  concurrentVideos: 3,
} as const;
