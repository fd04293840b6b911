import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { planScript } from './script.planner';

/**
 * List-shaped prompts in several languages, each with the ideas it holds as the planner says
 * them: an opening for a title-like head, then one sentence per listed idea, in order.
 */
interface ListPrompt {
  language: string;
  prompt: string;
  ideas: string[];
}

const PROMPTS: ListPrompt[] = JSON.parse(
  readFileSync(path.join(__dirname, 'fixtures', 'list-prompts.json'), 'utf8'),
);

const narrations = (prompt: ListPrompt, sceneCount: number) =>
  planScript({ prompt: prompt.prompt, language: prompt.language, sceneCount }).map((s) => s.narration);

// Words the planner may add to make a sentence of a bare noun phrase or a topic.
const LEAD_WORDS = new Set(
  'here we see also next this video is about it begins continues with then turns to comes after that'.split(
    ' ',
  ),
);
const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
const sameWords = (a: string[], b: string[]) =>
  a.length === b.length && a.every((x, i) => wordsOf(x).join(' ') === wordsOf(b[i]!).join(' '));

describe('local script planner, on list-shaped prompts', () => {
  it('holds at least 20 list prompts beyond the reported ones, in several languages', () => {
    expect(PROMPTS.length).toBeGreaterThanOrEqual(23);
    expect(new Set(PROMPTS.map((p) => p.language)).size).toBeGreaterThanOrEqual(5);
  });

  it('gives every idea its own scene, in order, and no more scenes than ideas', () => {
    for (const prompt of PROMPTS) {
      expect(narrations(prompt, prompt.ideas.length), prompt.prompt).toEqual(prompt.ideas);
      expect(narrations(prompt, Math.min(prompt.ideas.length + 3, 50)), prompt.prompt).toEqual(prompt.ideas);
    }
  });

  it('writes min(ideas, scene_count) scenes, keeping the ideas in order when they share scenes', () => {
    for (const prompt of PROMPTS) {
      for (let n = 1; n < prompt.ideas.length; n++) {
        const scenes = narrations(prompt, n);
        expect(scenes, `${prompt.prompt} at ${n}`).toHaveLength(n);
        // One scene short of the title and every item: the title yields, the items keep a scene each.
        if (n === prompt.ideas.length - 1 && sameWords(scenes, prompt.ideas.slice(1))) continue;
        // Each scene holds whole ideas: the ideas' words, in the prompt's order.
        const said = wordsOf(scenes.join(' ')).filter((w) => !LEAD_WORDS.has(w));
        let at = 0;
        for (const idea of prompt.ideas.slice(0, 2)) {
          for (const word of wordsOf(idea).filter((w) => !LEAD_WORDS.has(w))) {
            const found = said.indexOf(word, at);
            expect(found, `"${word}" of "${idea}" at ${n} scenes`).toBeGreaterThanOrEqual(0);
            at = found;
          }
        }
      }
    }
  });

  it('invents no words: every word said is the prompt’s own or a sentence lead', () => {
    for (const prompt of PROMPTS) {
      const own = new Set(wordsOf(prompt.prompt));
      for (const n of [1, 3, 12]) {
        for (const word of wordsOf(narrations(prompt, n).join(' ')))
          expect(own.has(word) || LEAD_WORDS.has(word), `"${word}" in ${prompt.prompt}`).toBe(true);
      }
    }
  });

  it('gives the five octopus facts of a six-scene request an opening and a scene each', () => {
    const octopus = PROMPTS.find((p) => p.prompt.startsWith('Five surprising facts about octopuses'))!;
    expect(narrations(octopus, 6)).toEqual([
      'Five surprising facts about octopuses.',
      'Octopuses have three hearts.',
      'They have blue blood.',
      'They can taste with their arms.',
      'They change colour in a fraction of a second.',
      'Some species use tools like coconut shells.',
    ]);
  });

  it('pictures what a pronoun-led fact says about the subject it refers to, not the fact before', () => {
    const octopus = PROMPTS.find((p) => p.prompt.startsWith('Five surprising facts about octopuses'))!;
    const pictures = planScript({ prompt: octopus.prompt, language: 'en', sceneCount: 6 }).map(
      (s) => s.visual_description.split(',')[0],
    );
    expect(pictures.slice(1)).toEqual([
      'Octopuses have three hearts',
      'Octopuses have blue blood',
      'Octopuses can taste with their arms',
      'Octopuses change colour in a fraction of a second',
      // "Some species" are some octopuses: the animal with its tools and the coconut shells.
      'Octopuses use tools like coconut shells',
    ]);
    // Some of a singular thing are not it: "Some species" of a lake are its fish, not the lake.
    const lake = planScript({
      prompt: 'The lake is home to fish. Some species migrate in spring.',
      sceneCount: 2,
    });
    expect(lake[1]!.visual_description).toMatch(/^Some species migrate/);
    // "Some kinds of tea" name their own kind.
    const tea = planScript({ prompt: 'Teas grow on hills. Some kinds of tea are smoked.', sceneCount: 2 });
    expect(tea[1]!.visual_description).toMatch(/^Some kinds of tea/);
    // "We" and "you" are the narrator and the audience, never the subject before.
    const we = planScript({ prompt: 'The Moon pulls the sea. We see the tide rise.', sceneCount: 2 });
    expect(we[1]!.visual_description).toMatch(/^The tide/);
  });

  it('gives each of the five steps of a letter its own scene when five are asked, the title yielding', () => {
    const letter = PROMPTS.find((p) => p.prompt.startsWith('How a letter travels'))!;
    const scenes = narrations(letter, 5);
    expect(scenes).toHaveLength(5);
    expect(scenes.slice(1)).toEqual(letter.ideas.slice(2));
    expect(scenes[0]).toBe('You drop it in a postbox.');
  });

  it('says a one-idea prompt in one scene, without the audience it is meant for', () => {
    const rainbow = PROMPTS.find((p) => p.prompt.startsWith('Explain how a rainbow forms'))!;
    expect(narrations(rainbow, 5)).toEqual(['Here we see how a rainbow forms.']);
  });
});
