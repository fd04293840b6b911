import { writeFile } from 'node:fs/promises';
import type { CatalogueVoice, SpeechInput } from '@vidgen/media';
import { describe, expect, it } from 'vitest';
import {
  activityEnv,
  aScene,
  aVideo,
  fakeAssets,
  fakeVideos,
  NO_FAULT,
  sceneId,
  VIDEO_ID,
} from '../../test/support/activity-fakes';
import { videoOptions } from '../video.types';
import { createMediaStep } from './media-step';
import { createNarrationActivity } from './narration.activity';

const voice = (id: string, language: string, variant = false): CatalogueVoice => ({
  id,
  name: id,
  language,
  provider: 'espeak',
  quality: 'formant',
  speaks: [{ tag: language, priority: 0 }],
  variant,
});
const CATALOGUE = [voice('en-gb', 'en-GB'), voice('de', 'de'), voice('de+f3', 'de', true), voice('el', 'el')];

/** The narration activity over fakes; the speech provider records what it was asked for. */
function setup(options: { voice: string | null; language: string }) {
  const v = fakeVideos(aVideo({ options: { ...videoOptions({ aspect_ratio: '16:9' }), ...options } }), [
    aScene(1, { narration: 'Der Hund schläft.' }),
  ]);
  const a = fakeAssets();
  const asked: SpeechInput[] = [];
  const providers = {
    speech: {
      listVoices: async () => CATALOGUE,
      synthesize: async (input: SpeechInput, outPath: string) => {
        asked.push(input);
        await writeFile(outPath, 'wav');
        return {
          path: outPath,
          durationSeconds: 1.5,
          mimeType: 'audio/wav',
          words: [],
          provider: 'espeak',
          voice: input.voice ?? 'en',
        };
      },
    },
  };
  const runStep = createMediaStep({ videos: v.videos, assets: a.assets, storage: a.storage });
  const renderer = {
    decodeNarration: async () => {
      throw new Error('no recordings here');
    },
  };
  const { narrateScene } = createNarrationActivity({
    videos: v.videos,
    providers,
    runStep,
    assets: a.assets,
    storage: a.storage,
    renderer,
  });
  const run = () =>
    activityEnv().run(narrateScene, { videoId: VIDEO_ID, sceneId: sceneId(1), run: 1, fault: NO_FAULT });
  return { ...v, asked, run };
}

describe('narration activity', () => {
  it('speaks with the voice stored on the video and records it on the event', async () => {
    const s = setup({ voice: 'de+f3', language: 'de' });
    await s.run();
    expect(s.asked).toEqual([{ text: 'Der Hund schläft.', voice: 'de+f3', speed: 1, yieldCpu: 0 }]);
    expect(s.events.find((e) => e.type === 'scene_narrated')?.data).toMatchObject({ voice: 'de+f3' });
  });

  it("gives a video stored without a voice its language's default voice", async () => {
    const s = setup({ voice: null, language: 'el' });
    await s.run();
    expect(s.asked.map((a) => a.voice)).toEqual(['el']);
    expect(s.events.find((e) => e.type === 'scene_narrated')?.data).toMatchObject({ voice: 'el' });
  });
});
