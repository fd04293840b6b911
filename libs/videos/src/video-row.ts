import type { Selectable, VideosTable } from '@vidgen/db';
import type { RecordWarning, ScriptSource } from '@vidgen/media';
import type { FailureReason, Stage } from '@vidgen/workflows';
import { type Video, type VideoOptions, type VideoPreview, videoOptions } from './video.types';

/** The columns of a video record, and the record from them (the repository and the event log's snapshots alike). */
export const VIDEO_COLUMNS = [
  'id',
  'account_id',
  'prompt',
  'source_video_id',
  'status',
  'stage',
  'awaiting_approval',
  'scene_count',
  'options',
  'failure_reason',
  'credits_charged',
  'credits_refunded',
  'video_asset_id',
  'audio_asset_id',
  'thumbnail_asset_id',
  'subtitles_asset_id',
  'script_source',
  'warnings',
  'preview',
  'created_at',
  'updated_at',
] as const;
export type VideoRow = Pick<Selectable<VideosTable>, (typeof VIDEO_COLUMNS)[number]>;

export function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    accountId: row.account_id,
    prompt: row.prompt,
    // Snapshots logged before translations existed carry none.
    sourceVideoId: row.source_video_id ?? null,
    status: row.status,
    stage: row.stage as Stage | null,
    awaitingApproval: row.awaiting_approval,
    sceneCount: row.scene_count,
    options: videoOptions(row.options as VideoOptions),
    failureReason: (row.failure_reason as FailureReason | null) ?? null,
    creditsCharged: row.credits_charged,
    creditsRefunded: row.credits_refunded,
    videoAssetId: row.video_asset_id,
    audioAssetId: row.audio_asset_id,
    thumbnailAssetId: row.thumbnail_asset_id,
    subtitlesAssetId: row.subtitles_asset_id,
    // Snapshots logged before these columns existed carry neither.
    scriptSource: (row.script_source as ScriptSource | null | undefined) ?? null,
    warnings: (row.warnings as RecordWarning[] | undefined) ?? [],
    preview: toPreview(row.preview),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The stored draft (`{status, draft, asset_id, created_at}`) as the video carries it. */
function toPreview(stored: unknown): VideoPreview | null {
  if (!stored || typeof stored !== 'object') return null;
  const p = stored as {
    status: VideoPreview['status'];
    draft: string;
    asset_id: string | null;
    created_at: string;
  };
  return { status: p.status, draft: p.draft, assetId: p.asset_id ?? null, createdAt: p.created_at };
}
