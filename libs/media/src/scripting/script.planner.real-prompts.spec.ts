import { describe, expect, it } from 'vitest';
import { brokenRule, nounPhrasesAlone } from '../../test/support/script-rules';
import { planScript } from './script.planner';

/**
 * Prompts of the shapes people write, with how many clauses each has, printed so their scripts
 * can be read, not just checked.
 */
const REAL_PROMPTS: [string, string, number, number[]][] = [
  [
    'the bicycle prompt',
    'A short documentary about the history of the bicycle. Start with the draisine of 1817, a wooden ' +
      'running machine without pedals. Then the velocipede of the 1860s, when pedals were fixed to the ' +
      'front wheel. Then the penny-farthing and its dangerous high wheel. Then the safety bicycle with ' +
      "its chain drive and Dunlop's pneumatic tyres. End with the future of urban cycling.",
    6,
    [12, 6, 3],
  ],
  [
    'a list of tips',
    'Make a video listing five tips for better sleep: keep a regular schedule; avoid screens an hour ' +
      'before bed; keep the bedroom cool and dark; limit caffeine after noon; get morning sunlight.',
    6,
    [5, 8],
  ],
  [
    'a list',
    'Make a video about making sourdough bread:\n- feed the starter the night before\n- mix flour, water ' +
      'and salt\n- stretch and fold every 30 minutes\n- shape the loaf and let it rise\n- bake at 250 °C with steam',
    6,
    [5],
  ],
  [
    'a paragraph',
    'Lighthouses have guided sailors for centuries. The first ones were simple fires burning on hilltops ' +
      'near the coast. Later, tall stone towers with oil lamps and mirrors were built on rocky headlands. ' +
      'Today most lighthouses are automated, and many have become museums.',
    5,
    [4, 6],
  ],
  [
    'a paragraph with abbreviations',
    'Dr. Ada Lovelace wrote what many call the first computer program in 1843. She worked with Charles ' +
      'Babbage on the Analytical Engine, e.g. on its notes. The machine was never built. Yet her ideas, ' +
      'such as loops, still matter today.',
    4,
    [5],
  ],
  ['one line', 'Honey bees turn nectar into honey.', 1, [3]],
  ['a question', 'Why do cats purr, and what does it tell us about how they feel?', 2, [4]],
  [
    'a question in two parts',
    'How do noise-cancelling headphones work, and why do they sometimes hiss?',
    2,
    [5],
  ],
  [
    'a request with steering',
    'A short explainer about how bees make honey. Show the hive, the flowers, and the beekeeper.',
    4,
    [3, 4, 6],
  ],
];

describe('local script planner, on real prompts', () => {
  it.each(REAL_PROMPTS)('writes a readable script for %s', (_, prompt, clauses, counts) => {
    for (const sceneCount of counts) {
      const scenes = planScript({ prompt, sceneCount });
      console.log(
        [
          `${JSON.stringify(prompt)} at ${sceneCount} scenes`,
          ...scenes.map((s, i) => `${i + 1}. ${s.narration}\n   [${s.visual_description}]`),
        ].join('\n'),
      );
      expect(
        brokenRule({ prompt, markers: [], sceneCount, clauses: [clauses, clauses] }, scenes),
      ).toBeUndefined();
      // Every sentence is a sentence: a noun phrase never stands alone.
      expect(nounPhrasesAlone(scenes)).toEqual([]);
      const narrations = scenes.map((s) => s.narration);
      expect(new Set(narrations).size).toBe(narrations.length);
    }
  });

  it('keeps the German text in German, one scene per sentence', () => {
    const prompt =
      'Die Geschichte des Fahrrads. Sie beginnt 1817 mit der Laufmaschine von Karl Drais. Dann kam das ' +
      'Veloziped, z. B. das von Pierre Michaux. Später folgte das Hochrad. Heute fahren in Städten wie ' +
      'Kopenhagen Millionen Menschen Rad.';
    const scenes = planScript({ prompt, sceneCount: 6 });
    expect(scenes).toHaveLength(5);
    expect(brokenRule({ prompt, markers: [], sceneCount: 6, clauses: [5, 5] }, scenes)).toBeUndefined();
  });
});
