import { describe, expect, it } from 'vitest';
import {
  allText,
  BEES,
  BICYCLE,
  narrationOf,
  ROME,
  ROME_SENTENCES,
} from '../../test/support/planner-prompts';
import { splitSentences } from '../common/text';
import { refineScenes } from '../refining/scene.refiner';
import { LocalScriptProvider } from './local-script.provider';
import { planScript } from './script.planner';

describe('local script planner', () => {
  it('writes the requested number of scenes while the prompt has clauses for them, from 1 to 12', () => {
    // BEES has four clauses (its subject, the hive, the flowers, the beekeeper), ROME four sentences.
    for (let n = 1; n <= 12; n++) {
      const scenes = planScript({ prompt: BEES, sceneCount: n });
      expect(scenes).toHaveLength(Math.min(n, 4));
      expect(planScript({ prompt: ROME, sceneCount: n })).toHaveLength(Math.min(n, 4));
      for (const s of scenes) {
        expect(s.visual_description.trim()).not.toBe('');
        expect(s.narration.trim()).not.toBe('');
      }
    }
  });

  it('rejects scene counts that are not positive integers', () => {
    expect(() => planScript({ prompt: BEES, sceneCount: 0 })).toThrow(RangeError);
    expect(() => planScript({ prompt: BEES, sceneCount: 2.5 })).toThrow(RangeError);
  });

  it('is deterministic: the same input gives the same script', async () => {
    const provider = new LocalScriptProvider();
    const a = await provider.writeScript({
      prompt: ROME,
      language: 'en',
      sceneCount: 5,
      feedback: 'more about the roads',
    });
    const b = await provider.writeScript({
      prompt: ROME,
      language: 'en',
      sceneCount: 5,
      feedback: 'more about the roads',
    });
    expect(b).toEqual(a);
  });

  it('writes 1-3 sentences of prose per scene that end in punctuation', () => {
    for (const feedback of [undefined, 'shorter', 'more detail']) {
      for (const s of planScript({ prompt: ROME, sceneCount: 6, feedback })) {
        const sentences = splitSentences(s.narration);
        expect(sentences.length).toBeGreaterThanOrEqual(1);
        expect(sentences.length).toBeLessThanOrEqual(3);
        expect(s.narration).toMatch(/[.!?]$/);
        expect(s.narration.length).toBeLessThanOrEqual(400);
      }
    }
  });

  it("narrates the prompt's own sentences in order and talks about its subjects", () => {
    const scenes = planScript({ prompt: ROME, sceneCount: 4 });
    const narration = narrationOf(scenes);
    const positions = ROME_SENTENCES.map((sentence) => narration.indexOf(sentence));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // No templated lead-in: the first scene opens with the prompt's first sentence, and each
    // picture names its sentence's subject, or says what "it" did with what "it" stands for.
    expect(scenes[0]!.narration).toBe('The Roman Empire rose from a small city on the Tiber.');
    expect(scenes.map((s) => s.visual_description.split(',')[0])).toEqual([
      'The Roman Empire',
      'The Roman Empire conquered the whole Mediterranean',
      'Its roads and laws',
      'The western half',
    ]);
  });

  it('turns what the prompt asks to be shown into the subjects of scenes', () => {
    const descriptions = planScript({ prompt: BEES, sceneCount: 5 })
      .map((s) => s.visual_description)
      .join(' | ');
    for (const subject of ['hive', 'flowers', 'beekeeper']) expect(descriptions).toContain(subject);
    // The request itself ("a short explainer about") is not read out as narration.
    expect(narrationOf(planScript({ prompt: BEES, sceneCount: 5 }))).not.toMatch(/short explainer/i);
  });

  it('varies wording between neighbouring scenes', () => {
    const scenes = planScript({ prompt: ROME, sceneCount: 8 });
    // "Subject, shot, light": the shot is the second part.
    const shots = scenes.map((s) => s.visual_description.split(', ')[1]);
    for (let i = 1; i < scenes.length; i++) {
      expect(shots[i]).not.toBe(shots[i - 1]);
      expect(scenes[i]!.narration).not.toBe(scenes[i - 1]!.narration);
    }
  });

  it('copes with one-word, very long and non-English prompts, and survives refining unchanged in count', () => {
    const long = `${'The river carries silt from the mountains to the sea, '.repeat(40)}and the delta grows every year.`;
    for (const [prompt, count] of [
      ['cats', 1],
      [long, 2],
      ['Le château de Versailles fut construit sous Louis XIV.', 1],
      ['   ', 1],
    ] as const) {
      const scenes = planScript({ prompt, sceneCount: 3 });
      expect(scenes).toHaveLength(count);
      const refined = refineScenes(scenes);
      expect(refined).toHaveLength(count);
      for (const s of refined) {
        expect(s.narration.length).toBeLessThanOrEqual(400);
        expect(s.visual_description.length).toBeLessThanOrEqual(160);
      }
    }
    // The one word opens the sentences it is in, so it is capitalised there.
    expect(allText(planScript({ prompt: 'cats', sceneCount: 2 }))).toMatch(/\bcats\b/i);
  });

  it('says less rather than pad: a prompt with fewer clauses than scenes gets one scene per clause', () => {
    // Twelve scenes asked for, five clauses said: the same five scenes as at five, nothing added.
    expect(planScript({ prompt: BICYCLE, sceneCount: 12 })).toEqual(
      planScript({ prompt: BICYCLE, sceneCount: 5 }),
    );
    expect(planScript({ prompt: 'Honey bees turn nectar into honey.', sceneCount: 3 })).toEqual([
      expect.objectContaining({ narration: 'Honey bees turn nectar into honey.' }),
    ]);
    // A prompt with nothing to say gets one scene that says so, not invented words.
    const blank = planScript({ prompt: '  \n ', sceneCount: 6 });
    expect(blank.map((s) => s.narration)).toEqual(['Scene 1.']);
    expect(blank[0]!.visual_description.trim()).not.toBe('');
    // Fewer clauses than scenes: nothing but the prompt's clauses and the planner's leads.
    for (const n of [5, 8, 12])
      expect(narrationOf(planScript({ prompt: BICYCLE, sceneCount: n }))).not.toMatch(
        /More on|A closer look|continued|Another view|up close|Back to|another angle|A further look/,
      );
  });

  it('stops when the caller has already given up', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new LocalScriptProvider().writeScript(
        { prompt: BEES, language: 'en', sceneCount: 2 },
        controller.signal,
      ),
    ).rejects.toThrow();
  });
});
