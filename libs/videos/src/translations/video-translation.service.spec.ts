import { InvalidStateError, NotFoundError, ValidationError } from '@vidgen/core';
import { describe, expect, it } from 'vitest';
import type { CreateVideoInput } from '../video.service';
import { type Scene, type Video, videoOptions } from '../video.types';
import { VideoTranslationService } from './video-translation.service';

const brand = { name: 'Acme' } as never;
const source = {
  id: 'src',
  accountId: 'a1',
  prompt: 'How bees make honey',
  status: 'completed',
  options: { ...videoOptions({ aspect_ratio: '9:16', language: 'en', voice: 'en_US-joe-medium' }), brand },
} as unknown as Video;

const scene = (over: Partial<Scene>): Scene =>
  ({
    narration: 'Bees carry pollen.',
    visualDescription: 'A bee',
    imageAssetId: 'img-1',
    visualType: 'image',
    searchTerms: null,
    audioAssetId: null,
    ...over,
  }) as Scene;

function service(opts: { video?: Video | null; canTranslate?: boolean; scenes?: Scene[] } = {}) {
  const created: CreateVideoInput[] = [];
  const svc = new VideoTranslationService(
    {
      get: async () => {
        if (opts.video === null) throw new NotFoundError('Video');
        return opts.video ?? source;
      },
      scenes: async () => opts.scenes ?? [scene({})],
      create: async (_account, input) => {
        created.push(input);
        return { video: { ...source, id: 'new', status: 'pending' } as Video, created: true };
      },
    },
    { available: async () => opts.canTranslate ?? true },
  );
  return { svc, created };
}

describe('VideoTranslationService', () => {
  it('creates a video of the source’s scenes and pictures, in the language asked, to be translated from the source’s', async () => {
    const { svc, created } = service({
      scenes: [
        scene({ audioAssetId: 'rec-1' }),
        scene({ narration: 'A clip.', imageAssetId: 'clip-1', visualType: 'video', searchTerms: 'bees' }),
      ],
    });
    await svc.translate('a1', 'src', { language: 'de' });
    expect(created).toHaveLength(1);
    const input = created[0]!;
    expect(input).toMatchObject({
      prompt: source.prompt,
      sceneCount: 2,
      translation: { sourceVideoId: 'src', from: 'en' },
    });
    // The source's recording is not carried: the narration is made anew in German.
    expect(input.scenes).toEqual([
      { narration: 'Bees carry pollen.', visual_description: 'A bee', image_asset_id: 'img-1' },
      { narration: 'A clip.', visual_description: 'A bee', video_asset_id: 'clip-1', search_terms: 'bees' },
    ]);
    // The source's options with the new language; the voice is chosen for it (null: its default).
    expect(input.options).toMatchObject({ language: 'de', voice: null, aspect_ratio: '9:16', brand });
  });

  it('passes the voice asked for, which create checks against the language', async () => {
    const { svc, created } = service();
    await svc.translate('a1', 'src', { language: 'de', voice: 'de_DE-thorsten-medium' });
    expect(created[0]!.options.voice).toBe('de_DE-thorsten-medium');
  });

  it('refuses a video that is not completed (409), before asking whether a model can translate', async () => {
    const { svc, created } = service({ video: { ...source, status: 'rendering' }, canTranslate: false });
    await expect(svc.translate('a1', 'src', { language: 'de' })).rejects.toBeInstanceOf(InvalidStateError);
    expect(created).toEqual([]);
  });

  it('is 422 at body.language when no model can translate, and for the language the video is in', async () => {
    const noModel = service({ canTranslate: false });
    const err = await noModel.svc.translate('a1', 'src', { language: 'de' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).details[0]).toMatchObject({ loc: ['body', 'language'] });
    expect((err as ValidationError).details[0]!.msg).toMatch(/models:install/);
    const same = await service()
      .svc.translate('a1', 'src', { language: 'EN' })
      .catch((e: unknown) => e);
    expect(same).toBeInstanceOf(ValidationError);
    expect(noModel.created).toEqual([]);
  });

  it('is 404 for a video the account does not have', async () => {
    await expect(
      service({ video: null }).svc.translate('a1', 'x', { language: 'de' }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
