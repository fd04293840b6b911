import type { Asset } from '@vidgen/assets';
import { describe, expect, it } from 'vitest';
import { ApiValidationPipe } from '../common/validation.pipe';
import { ListAssetsQuery, toAssetListOptions, toAssetPageResponse } from './assets.dto';

const asset: Asset = {
  id: 'as1',
  accountId: 'a1',
  videoId: 'v1',
  sceneId: null,
  type: 'video',
  path: 'a1/v1/video.mp4',
  mimeType: 'video/mp4',
  sizeBytes: 1024,
  width: 1280,
  height: 720,
  durationSeconds: 12.5,
  createdAt: '2026-11-21 10:00:00.5+00',
};

describe('asset list query', () => {
  it('pages by 20 by default and passes the filters on in the service names', async () => {
    const q = (await new ApiValidationPipe().transform(
      { video_id: '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60', type: 'thumbnail' },
      { type: 'query', metatype: ListAssetsQuery },
    )) as ListAssetsQuery;
    expect(toAssetListOptions(q)).toEqual({
      limit: 20,
      cursor: undefined,
      videoId: '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60',
      type: 'thumbnail',
    });
  });
});

describe('asset responses', () => {
  it('renders each asset with its signed URL, and the next cursor', () => {
    const page = toAssetPageResponse({ items: [asset], nextCursor: null }, (id) => `https://cdn.test/${id}`);
    expect(page).toEqual({
      data: [
        {
          id: 'as1',
          video_id: 'v1',
          scene_id: null,
          type: 'video',
          mime_type: 'video/mp4',
          size_bytes: 1024,
          width: 1280,
          height: 720,
          duration_seconds: 12.5,
          url: 'https://cdn.test/as1',
          created_at: '2026-11-21T10:00:00.500000',
        },
      ],
      next_cursor: null,
    });
  });
});
