/** The fields of a delivery's `data` (the video record) that carry a signed asset link. */
export const ASSET_LINK_FIELDS = ['video_url', 'audio_url', 'thumbnail_url', 'subtitles_url'] as const;
export type AssetLinkField = (typeof ASSET_LINK_FIELDS)[number];
export type DeliveryAssetIds = Partial<Record<AssetLinkField, string>>;

/** The asset ids behind a video record's link fields, as a delivery keeps them. */
export function deliveryAssetIds(video: {
  videoAssetId: string | null;
  audioAssetId: string | null;
  thumbnailAssetId: string | null;
  subtitlesAssetId: string | null;
}): DeliveryAssetIds {
  const ids: DeliveryAssetIds = {};
  if (video.videoAssetId) ids.video_url = video.videoAssetId;
  if (video.audioAssetId) ids.audio_url = video.audioAssetId;
  if (video.thumbnailAssetId) ids.thumbnail_url = video.thumbnailAssetId;
  if (video.subtitlesAssetId) ids.subtitles_url = video.subtitlesAssetId;
  return ids;
}

/**
 * The payload to send: its link fields signed afresh from `ids` (the assets the delivery's video
 * still owns), a link field without an id set to null, and everything else as stored. Links are
 * made only from ids, never by reading or rewriting text: the payload also holds what the client
 * wrote (the prompt), and a link shaped string in it stays exactly as written, unsigned.
 */
export function withAssetLinks(
  payload: string,
  ids: DeliveryAssetIds,
  url: (assetId: string) => string,
): string {
  const parsed = JSON.parse(payload) as { data?: Record<string, unknown> };
  const data = parsed.data;
  if (!data || typeof data !== 'object') return payload;
  for (const field of ASSET_LINK_FIELDS) {
    if (!(field in data)) continue;
    const id = ids[field];
    data[field] = id ? url(id) : null;
  }
  // The stored payload is JSON.stringify's own output: parsing and writing it again gives the
  // same bytes for every field that was not set here.
  return JSON.stringify(parsed);
}
