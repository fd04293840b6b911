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
