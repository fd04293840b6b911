import { describe, expect, it } from 'vitest';
import { ProviderError } from '../common/media.errors';
import type { TranslationInput } from '../common/media.types';
import { translationGrammarSchema } from './llama-script.provider';
import { LocalScriptProvider } from './local-script.provider';
import type { ScriptMessage } from './script.request';
import { translateScenes, translateWithModel, translationMessages } from './script.translation';

const input: TranslationInput = {
  scenes: [
    { visual_description: 'A bee on a flower', narration: 'Bees carry pollen from flower to flower.' },
    { visual_description: 'A honeycomb', narration: 'They store honey in wax cells.' },
  ],
  from: 'en',
  to: 'de',
  maxNarrationChars: 60,
  maxDescriptionChars: 40,
};

const answer = (scenes: { visual_description: string; narration: string }[]) => JSON.stringify({ scenes });
const german = [
  { visual_description: 'Eine Biene auf einer Blüte', narration: 'Bienen tragen Pollen von Blüte zu Blüte.' },
  { visual_description: 'Eine Honigwabe', narration: 'Sie lagern Honig in Wachszellen.' },
];

describe('translateWithModel', () => {
  it('asks for the scenes in the target language, by name and code, with the limits', () => {
    const [system, user] = translationMessages(input);
    expect(system!.content).toContain('exactly one scene for each scene');
    expect(user!.content).toContain('from English (BCP 47 "en") into German (BCP 47 "de")');
    expect(user!.content).toContain('at most 60 characters');
    expect(user!.content).toContain('Bees carry pollen from flower to flower.');
  });

  it('takes an answer with one scene per scene, in order', async () => {
    const scenes = await translateWithModel(input, async () => answer(german));
    expect(scenes.map((s) => s.narration)).toEqual(german.map((s) => s.narration));
  });

  it('asks once more, saying what was wrong, when a scene is missing or too long', async () => {
    const asked: ScriptMessage[][] = [];
    const answers = [
      answer([german[0]!]),
      answer([german[0]!, { ...german[1]!, narration: 'x'.repeat(61) }]),
    ];
    await expect(
      translateWithModel(input, async (messages) => {
        asked.push(messages);
        return answers[asked.length - 1]!;
      }),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(asked).toHaveLength(2);
    expect(asked[1]!.at(-1)!.content).toContain('it has 1 scenes, at least 2 were asked for');
  });

  it('accepts the second answer when the first broke the count', async () => {
    const answers = [answer([german[0]!]), answer(german)];
    let n = 0;
    const scenes = await translateWithModel(input, async () => answers[n++]!);
    expect(scenes).toHaveLength(2);
  });
});

describe('translateScenes', () => {
  it('fails without retry when the script writer is the planner, which cannot translate', async () => {
    const err = await translateScenes(new LocalScriptProvider(), input).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).retryable).toBe(false);
  });
});

describe('translationGrammarSchema', () => {
  it('holds the embedded model to exactly the scenes given and the limits of a client scene', () => {
    const schema = translationGrammarSchema(input);
    expect(schema.properties.scenes.minItems).toBe(2);
    expect(schema.properties.scenes.maxItems).toBe(2);
    expect(schema.properties.scenes.items.properties.narration.maxLength).toBe(60);
    expect(schema.properties.scenes.items.properties.visual_description.maxLength).toBe(40);
  });
});
