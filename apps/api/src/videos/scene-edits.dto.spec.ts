import { ValidationError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import { ApiValidationPipe } from '../common/validation.pipe';
import { AddSceneDto, UpdateSceneDto } from './scene-edits.dto';

const pipe = new ApiValidationPipe();
const IMAGE = '00000000-0000-4000-8000-000000000001';
const CLIP = '00000000-0000-4000-8000-000000000002';

describe.each([
  ['AddSceneDto', AddSceneDto, { visual_description: 'A hive', narration: 'Bees.' }],
  ['UpdateSceneDto', UpdateSceneDto, {}],
])('%s picture and clip ids', (_name, metatype, required) => {
  const body = (value: object) => pipe.transform({ ...required, ...value }, { type: 'body', metatype });
  const details = async (value: object) => {
    const err = await body(value).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).details;
  };

  it('takes an asset id or null for each', async () => {
    expect(await body({ image_asset_id: IMAGE, video_asset_id: null })).toMatchObject({
      image_asset_id: IMAGE,
      video_asset_id: null,
    });
    expect(await body({ image_asset_id: null, video_asset_id: CLIP })).toMatchObject({
      image_asset_id: null,
      video_asset_id: CLIP,
    });
  });

  it('refuses what is not an asset id at its field', async () => {
    expect(await details({ image_asset_id: 'x' })).toEqual([
      { loc: ['body', 'image_asset_id'], msg: 'image_asset_id must be an asset id' },
    ]);
    expect(await details({ video_asset_id: 42 })).toEqual([
      { loc: ['body', 'video_asset_id'], msg: 'video_asset_id must be an asset id' },
    ]);
  });
});
