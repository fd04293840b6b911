import type { Asset } from '@vidgen/assets';
import { describe, expect, it } from 'vitest';
import { ApiValidationPipe } from '../common/validation.pipe';
import {
  ImportAssetDto,
  ListAssetsQuery,
  toAssetListOptions,
  toAssetPageResponse,
  UpdateAssetDto,
} from './assets.dto';

const asset: Asset = {
  id: 'as1',
  accountId: 'a1',
  videoId: 'v1',
  sceneId: null,
  type: 'video',
  source: 'generated',
  name: null,
  path: 'a1/v1/video.mp4',
  mimeType: 'video/mp4',
  sizeBytes: 1024,
  width: 1280,
  height: 720,
  durationSeconds: 12.5,
  depicts: null,
  attribution: [],
  createdAt: '2026-11-21 10:00:00.5+00',
};

describe('asset list query', () => {
  it('pages by 20 by default and passes the filters on in the service names', async () => {
    const q = (await new ApiValidationPipe().transform(
      { video_id: '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60', type: 'thumbnail', source: 'generated' },
      { type: 'query', metatype: ListAssetsQuery },
    )) as ListAssetsQuery;
    expect(toAssetListOptions(q)).toEqual({
      limit: 20,
      cursor: undefined,
      videoId: '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60',
      type: 'thumbnail',
      source: 'generated',
    });
  });

  it('refuses a source that is not upload, import or generated', async () => {
    const pipe = new ApiValidationPipe();
    await expect(
      pipe.transform({ source: 'uploaded' }, { type: 'query', metatype: ListAssetsQuery }),
    ).rejects.toMatchObject({ details: [{ loc: ['query', 'source'] }] });
  });
});

describe('asset bodies', () => {
  const body = (metatype: new () => object, value: unknown) =>
    new ApiValidationPipe().transform(value, { type: 'body', metatype });

  it('imports only from an https URL and refuses unknown fields', async () => {
    await expect(body(ImportAssetDto, { source_url: 'https://example.com/a.png' })).resolves.toBeDefined();
    await expect(body(ImportAssetDto, { source_url: 'http://example.com/a.png' })).rejects.toMatchObject({
      details: [
        { loc: ['body', 'source_url'], msg: expect.stringMatching(/^source_url must be an https URL/) },
      ],
    });
    await expect(
      body(ImportAssetDto, { source_url: 'https://example.com/a.png', kind: 'image' }),
    ).rejects.toMatchObject({ details: [{ loc: ['body', 'kind'] }] });
  });

  it('renames to 1 to 255 characters or clears with null, and nothing else', async () => {
    await expect(body(UpdateAssetDto, { name: 'Intro music' })).resolves.toEqual({ name: 'Intro music' });
    await expect(body(UpdateAssetDto, { name: null })).resolves.toEqual({ name: null });
    for (const bad of [
      {},
      { name: '' },
      { name: 'x'.repeat(256) },
      { name: 5 },
      { name: 'a', type: 'audio' },
    ]) {
      await expect(body(UpdateAssetDto, bad), JSON.stringify(bad)).rejects.toMatchObject({
        code: 'VALIDATION_ERROR',
      });
    }
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
          source: 'generated',
          name: null,
          content_type: 'video/mp4',
          bytes: 1024,
          mime_type: 'video/mp4',
          size_bytes: 1024,
          width: 1280,
          height: 720,
          duration_seconds: 12.5,
          depicts: null,
          attribution: [],
          url: 'https://cdn.test/as1',
          created_at: '2026-11-21T10:00:00.500000',
        },
      ],
      next_cursor: null,
    });
  });
});
