import { LocalScriptProvider } from '@vidgen/media';
import { describe, expect, it } from 'vitest';
import { activityEnv, aVideo, fakeVideos, NO_FAULT, VIDEO_ID } from '../../test/support/activity-fakes';
import { createScriptActivities } from './script.activity';

const write = (video: ReturnType<typeof aVideo>, script = new LocalScriptProvider()) => {
  const v = fakeVideos(video);
  const { writeScript } = createScriptActivities({ videos: v.videos, providers: { script } });
  return activityEnv().run(writeScript, {
    videoId: VIDEO_ID,
    scriptVersion: 1,
    feedback: null,
    fault: NO_FAULT,
  });
};

describe('the script activity records who wrote the script', () => {
  it('records the planner and its warning for a prompt that asks a question', async () => {
    const video = aVideo({
      prompt: 'Why do cats purr?',
      sceneCount: 4,
      status: 'scripting',
      stage: 'scripting',
    });
    await write(video);
    expect(video.scriptSource).toBe('planner');
    expect(video.warnings.map((w) => w.code)).toEqual(['planner_cannot_write']);
  });

  it('records a model for a provider that does not report itself, with no warning', async () => {
    const video = aVideo({
      prompt: 'Why do cats purr?',
      sceneCount: 2,
      warnings: [{ code: 'x', message: 'y' }],
    });
    const model = {
      writeScript: async () => [
        { visual_description: 'A cat on a lap', narration: 'Cats purr when they are content.' },
        { visual_description: 'A vet with a cat', narration: 'They also purr to soothe themselves.' },
      ],
    };
    await write(video, model as unknown as LocalScriptProvider);
    expect(video.scriptSource).toBe('model');
    expect(video.warnings).toEqual([]);
  });

  it('records the client for the scenes the client sent', async () => {
    const video = aVideo({ clientScenes: [{ narration: 'Hello there.' }] });
    await write(video);
    expect(video.scriptSource).toBe('client');
    expect(video.warnings).toEqual([]);
  });
});

describe('the script activity translates a translation’s scenes', () => {
  it('asks the model to translate from the source’s language, keeps the pictures and drops the recordings', async () => {
    const video = aVideo({
      clientScenes: [
        {
          narration: 'Bees carry pollen.',
          visual_description: 'A bee',
          image_asset_id: 'img-1',
          audio_asset_id: 'rec',
        },
      ],
      sourceLanguage: 'en',
      options: { ...aVideo().options, language: 'fr' },
    });
    const asked: unknown[] = [];
    const model = {
      writeScript: async () => [],
      translate: async (input: unknown) => {
        asked.push(input);
        return [{ visual_description: 'Une abeille', narration: 'Les abeilles portent le pollen.' }];
      },
    };
    const drafts = await write(video, model as unknown as LocalScriptProvider);
    expect(asked).toEqual([
      expect.objectContaining({
        from: 'en',
        to: 'fr',
        scenes: [{ visual_description: 'A bee', narration: 'Bees carry pollen.' }],
      }),
    ]);
    expect(drafts).toEqual([
      {
        visual_description: 'Une abeille',
        narration: 'Les abeilles portent le pollen.',
        image_asset_id: 'img-1',
        audio_asset_id: null,
        search_terms: null,
      },
    ]);
    expect(video.scriptSource).toBe('model');
  });

  it('fails the stage without retry when the script writer is the planner', async () => {
    const video = aVideo({ clientScenes: [{ narration: 'Bees carry pollen.' }], sourceLanguage: 'en' });
    await expect(write(video)).rejects.toMatchObject({ nonRetryable: true });
  });
});
