import { toNaiveMicros } from '@vidgen/core';
import type { Progress } from './progress/video-progress';
import type { Scene, Video, VideoEvent } from './video.types';

export type AssetUrl = (assetId: string | null) => string | null;

/**
 * The video record: the fields of docs/api.md#video-record. One function renders it for
 * the api and for webhook deliveries, so both always agree.
 */
export function toVideoRecord(
  video: Video,
  url: AssetUrl,
  estimatedCredits?: number | null,
  progress: Progress | null = null,
) {
  return {
    id: video.id,
    status: video.status,
    prompt: video.prompt,
    source_video_id: video.sourceVideoId,
    video_url: url(video.videoAssetId),
    audio_url: url(video.audioAssetId),
    thumbnail_url: url(video.thumbnailAssetId),
    subtitles_url: url(video.subtitlesAssetId),
    awaiting_approval: video.awaitingApproval,
    stage: video.stage,
    scene_count: video.sceneCount,
    options: video.options,
    failure_reason: video.failureReason,
    credits_charged: video.creditsCharged,
    credits_refunded: video.creditsRefunded,
    estimated_credits: video.awaitingApproval ? (estimatedCredits ?? null) : null,
    script_source: video.scriptSource,
    warnings: video.warnings,
    // The draft made at the review gate; its link is signed like every asset link.
    preview: video.preview && {
      status: video.preview.status,
      url: url(video.preview.assetId),
      created_at: video.preview.createdAt,
    },
    progress,
    created_at: toNaiveMicros(video.createdAt),
    updated_at: toNaiveMicros(video.updatedAt),
  };
}
export type VideoRecord = ReturnType<typeof toVideoRecord>;

export function toSceneRecord(scene: Scene, url: AssetUrl) {
  const clip = scene.visualType === 'video';
  return {
    id: scene.id,
    video_id: scene.videoId,
    position: scene.position,
    visual_description: scene.visualDescription,
    narration: scene.narration,
    image_asset_id: clip ? null : scene.imageAssetId,
    image_url: clip ? null : url(scene.imageAssetId),
    audio_asset_id: scene.audioAssetId,
    image_depicts: clip ? null : scene.imageDepicts,
    // A stock clip is credited like a stock photo.
    image_attribution: scene.imageAttribution,
    video_asset_id: clip ? scene.imageAssetId : null,
    video_url: clip ? url(scene.imageAssetId) : null,
    narration_url: url(scene.narrationAssetId),
    narration_seconds: scene.narrationSeconds,
    created_at: toNaiveMicros(scene.createdAt),
    updated_at: toNaiveMicros(scene.updatedAt),
  };
}
export type SceneRecord = ReturnType<typeof toSceneRecord>;

export function toEventRecord(event: VideoEvent) {
  return {
    id: event.id,
    seq: event.seq,
    type: event.type,
    status: event.status,
    stage: event.stage,
    data: event.data,
    created_at: toNaiveMicros(event.createdAt),
  };
}
