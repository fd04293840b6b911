import { ValidationError } from '@vidgen/core';
import type { Scene, Video } from '@vidgen/videos';
import { videoOptions } from '@vidgen/videos';
import { describe, expect, it } from 'vitest';
import { ApiValidationPipe } from '../common/validation.pipe';
import { CreateVideoDto, toCreateVideoInput } from './create-video.dto';
import { toSceneUpdate, UpdateSceneDto } from './scene-edits.dto';
import { ListVideosQuery, toSceneResponse, toVideoPageResponse, toVideoResponse } from './videos.dto';

const pipe = new ApiValidationPipe();
const body = (value: unknown) =>
  pipe.transform(value, { type: 'body', metatype: CreateVideoDto }) as Promise<CreateVideoDto>;

const url = (assetId: string | null) => (assetId ? `https://cdn.test/${assetId}` : null);

function video(overrides: Partial<Video> = {}): Video {
  return {
    id: 'v1',
    accountId: 'a1',
    prompt: 'How honey bees make honey',
    sourceVideoId: null,
    status: 'scripting',
    stage: 'scripting',
    awaitingApproval: false,
    sceneCount: 5,
    options: videoOptions({ aspect_ratio: '16:9' }),
    failureReason: null,
    creditsCharged: 0,
    creditsRefunded: 0,
    videoAssetId: 'mp4',
    audioAssetId: null,
    thumbnailAssetId: 'jpg',
    subtitlesAssetId: null,
    scriptSource: null,
    warnings: [],
    preview: null,
    createdAt: '2026-11-21 10:00:00.123456+00',
    updatedAt: '2026-11-21 10:00:01+00',
    ...overrides,
  };
}

describe('CreateVideoDto defaults', () => {
  it('gives a list with no scene_count a scene per item and one for its title, up to 12', async () => {
    const habits =
      'Five habits of highly productive people: wake early, plan the day, take breaks, exercise, and read every night.';
    expect((await body({ prompt: habits })).scene_count).toBe(6);
    expect((await body({ prompt: habits, scene_count: 5 })).scene_count).toBe(5);
    const many = `Twelve birds: ${'robin, wren, finch, crow, owl, hawk, gull, swan, duck, heron, stork and kite'}.`;
    expect((await body({ prompt: many })).scene_count).toBe(12);
  });

  it('fills every option a client leaves out', async () => {
    const dto = await body({ prompt: 'Bees' });
    expect(toCreateVideoInput(dto)).toEqual({
      prompt: 'Bees',
      sceneCount: 5,
      options: videoOptions({ aspect_ratio: '16:9' }),
      scenes: undefined,
      faults: undefined,
    });
  });

  it('treats an explicit null like a missing option', async () => {
    const dto = await body({
      prompt: 'Bees',
      scene_count: null,
      aspect_ratio: null,
      voice: null,
      auto_approve: null,
    });
    expect(toCreateVideoInput(dto).sceneCount).toBe(5);
    expect(toCreateVideoInput(dto).options).toEqual(videoOptions({ aspect_ratio: '16:9' }));
  });

  it('keeps the options a client gives, falsy ones included', async () => {
    const dto = await body({
      prompt: 'Bees',
      scene_count: 3,
      aspect_ratio: '9:16',
      voice: 'en-gb',
      auto_approve: true,
      faults: { scripting: { fail: true } },
    });
    expect(toCreateVideoInput(dto)).toEqual({
      prompt: 'Bees',
      sceneCount: 3,
      options: { ...videoOptions({ aspect_ratio: '9:16' }), voice: 'en-gb', auto_approve: true },
      scenes: undefined,
      faults: { scripting: { fail: true } },
    });
    expect(toCreateVideoInput(await body({ prompt: 'Bees', auto_approve: false })).options.auto_approve).toBe(
      false,
    );
  });

  it('still validates a given value against the limits', async () => {
    const err = await body({ prompt: 'Bees', scene_count: 0 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).details.map((d) => d.loc)).toEqual([['body', 'scene_count']]);
  });
});

describe('CreateVideoDto content options', () => {
  const IMAGE = '3f0c9a4e-8b1d-4c2e-9f6a-1b2c3d4e5f60';
  const locs = async (value: unknown) => {
    const err = await body(value).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    return (err as ValidationError).details.map((d) => d.loc);
  };

  it("takes the client's scenes, their number as the scene count", async () => {
    const input = toCreateVideoInput(
      await body({
        prompt: 'Bees',
        scenes: [
          { narration: 'One.' },
          { narration: 'Two.', visual_description: 'A hive', image_asset_id: IMAGE },
        ],
      }),
    );
    expect(input.sceneCount).toBe(2);
    expect(input.scenes).toEqual([
      { narration: 'One.' },
      { narration: 'Two.', visual_description: 'A hive', image_asset_id: IMAGE },
    ]);
  });

  it('refuses a scene count that disagrees with the scenes, and bad scenes at their field', async () => {
    const dto = await body({ prompt: 'Bees', scene_count: 3, scenes: [{ narration: 'One.' }] });
    expect(() => toCreateVideoInput(dto)).toThrow(ValidationError);
    expect(await locs({ prompt: 'Bees', scenes: [] })).toEqual([['body', 'scenes']]);
    expect(
      await locs({
        prompt: 'Bees',
        scenes: [{ narration: 'ok' }, { narration: '', image_asset_id: 'x', extra: 1 }],
      }),
    ).toEqual(
      expect.arrayContaining([
        ['body', 'scenes', 1, 'narration'],
        ['body', 'scenes', 1, 'image_asset_id'],
        ['body', 'scenes', 1, 'extra'],
      ]),
    );
    expect(
      await locs({ prompt: 'Bees', scenes: Array.from({ length: 13 }, () => ({ narration: 'x' })) }),
    ).toEqual([['body', 'scenes']]);
  });

  it('fills music volume and caption defaults and checks their ranges', async () => {
    const options = toCreateVideoInput(
      await body({ prompt: 'Bees', music: { asset_id: IMAGE }, captions: { position: 'top' } }),
    ).options;
    expect(options.music).toEqual({ asset_id: IMAGE, volume: 0.15 });
    expect(options.captions).toEqual({ burn_in: true, position: 'top', size: 'medium', style: 'word' });
    expect(await locs({ prompt: 'Bees', music: { asset_id: IMAGE, volume: 1.5 } })).toEqual([
      ['body', 'music', 'volume'],
    ]);
    expect(await locs({ prompt: 'Bees', captions: { size: 'huge' } })).toEqual([
      ['body', 'captions', 'size'],
    ]);
    expect(await locs({ prompt: 'Bees', captions: { style: 'karaoke' } })).toEqual([
      ['body', 'captions', 'style'],
    ]);
    expect(
      await locs({ prompt: 'Bees', motion: 'spin', transition: 'wipe', language: 'not a code' }),
    ).toEqual(
      expect.arrayContaining([
        ['body', 'motion'],
        ['body', 'transition'],
        ['body', 'language'],
      ]),
    );
  });

  it('speaks at speed 1 unless told, takes 0.5–2 and narrate: false, and refuses other speeds at their field', async () => {
    const defaults = toCreateVideoInput(await body({ prompt: 'Bees' })).options;
    expect(defaults).toMatchObject({ voice_speed: 1, narrate: true });
    const chosen = toCreateVideoInput(
      await body({ prompt: 'Bees', voice_speed: 1.6, narrate: false }),
    ).options;
    expect(chosen).toMatchObject({ voice_speed: 1.6, narrate: false });
    for (const speed of [0.49, 2.01, 'fast']) {
      const at = (await locs({ prompt: 'Bees', voice_speed: speed })).map((l) => l.join('.'));
      expect(new Set(at)).toEqual(new Set(['body.voice_speed']));
    }
    expect(await locs({ prompt: 'Bees', narrate: 'no' })).toEqual([['body', 'narrate']]);
  });

  it("carries a scene's recording and refuses one that is not an asset id", async () => {
    const input = toCreateVideoInput(
      await body({ prompt: 'Bees', scenes: [{ narration: 'Hello.', audio_asset_id: IMAGE }] }),
    );
    expect(input.scenes).toEqual([{ narration: 'Hello.', audio_asset_id: IMAGE }]);
    expect(await locs({ prompt: 'Bees', scenes: [{ narration: 'Hello.', audio_asset_id: 'x' }] })).toEqual([
      ['body', 'scenes', 0, 'audio_asset_id'],
    ]);
  });
});

describe('ListVideosQuery defaults', () => {
  const query = (value: Record<string, string>) =>
    pipe.transform(value, { type: 'query', metatype: ListVideosQuery }) as Promise<ListVideosQuery>;

  it('pages by 20 unless a limit is given, parsed from the query string', async () => {
    expect(await query({})).toMatchObject({ limit: 20 });
    expect(await query({ limit: '7', status: 'failed' })).toMatchObject({ limit: 7, status: 'failed' });
  });

  it('names an unknown query key by its text, also when it reads as a huge number', async () => {
    const key = '999999999999999999999999999999';
    const err = await query({ [key]: 'x' }).catch((e: unknown) => e);
    expect((err as ValidationError).details.map((d) => d.loc)).toEqual([['query', key]]);
  });

  it('refuses an empty or out-of-range limit rather than defaulting it', async () => {
    for (const limit of ['', '0', '101']) {
      const err = await query({ limit }).catch((e: unknown) => e);
      expect(err, `limit=${limit}`).toBeInstanceOf(ValidationError);
    }
  });
});

describe('toSceneUpdate', () => {
  it('refuses a PATCH that changes nothing, as a body error', () => {
    expect(() => toSceneUpdate('s1', new UpdateSceneDto())).toThrow(ValidationError);
    try {
      toSceneUpdate('s1', new UpdateSceneDto());
    } catch (err) {
      expect((err as ValidationError).details).toEqual([
        {
          loc: ['body'],
          msg: 'give at least one of visual_description, narration, image_asset_id and video_asset_id',
        },
      ]);
    }
  });

  it('refuses a picture and a clip for one scene, at video_asset_id', () => {
    const both = Object.assign(new UpdateSceneDto(), {
      image_asset_id: '00000000-0000-4000-8000-000000000001',
      video_asset_id: '00000000-0000-4000-8000-000000000002',
    });
    expect(() => toSceneUpdate('s1', both)).toThrow(
      expect.objectContaining({
        details: [
          { loc: ['body', 'video_asset_id'], msg: 'give image_asset_id or video_asset_id, not both' },
        ],
      }),
    );
  });

  it('carries the fields given', () => {
    expect(toSceneUpdate('s1', Object.assign(new UpdateSceneDto(), { narration: 'Hi.' }))).toEqual({
      op: 'update',
      sceneId: 's1',
      narration: 'Hi.',
    });
  });
});

describe('video responses', () => {
  it('renders the record with signed asset URLs and no estimate for a video not awaiting approval', () => {
    const record = toVideoResponse(video(), url, new Map([['v1', 42]]));
    expect(record).toMatchObject({
      id: 'v1',
      video_url: 'https://cdn.test/mp4',
      audio_url: null,
      thumbnail_url: 'https://cdn.test/jpg',
      estimated_credits: null,
      created_at: '2026-11-21T10:00:00.123456',
      updated_at: '2026-11-21T10:00:01.000000',
    });
  });

  it('shows the approval cost of a video awaiting approval, null when none was estimated', () => {
    const gated = video({ awaitingApproval: true });
    expect(toVideoResponse(gated, url, new Map([['v1', 42]])).estimated_credits).toBe(42);
    expect(toVideoResponse(gated, url, new Map()).estimated_credits).toBeNull();
  });

  it('renders a page with each video its own estimate and the next cursor', () => {
    const page = {
      items: [video({ id: 'a', awaitingApproval: true }), video({ id: 'b' })],
      nextCursor: 'c2',
    };
    const rendered = toVideoPageResponse(page, url, new Map([['a', 7]]));
    expect(rendered.data.map((v) => [v.id, v.estimated_credits])).toEqual([
      ['a', 7],
      ['b', null],
    ]);
    expect(rendered.next_cursor).toBe('c2');
  });

  it('renders an edited scene, and nothing for an edit that left no scene', () => {
    const scene: Scene = {
      id: 's1',
      videoId: 'v1',
      position: 1,
      visualDescription: 'A hive',
      narration: 'Bees.',
      storyboardAssetId: null,
      imageAssetId: 'png',
      visualType: 'image',
      searchTerms: null,
      narrationAssetId: null,
      narrationSeconds: null,
      audioAssetId: null,
      words: null,
      imageDepicts: null,
      imageAttribution: [],
      createdAt: '2026-11-21 10:00:00+00',
      updatedAt: '2026-11-21 10:00:00+00',
    };
    expect(toSceneResponse(scene, url)).toMatchObject({ id: 's1', image_url: 'https://cdn.test/png' });
    expect(toSceneResponse(null, url)).toBeUndefined();
  });
});
