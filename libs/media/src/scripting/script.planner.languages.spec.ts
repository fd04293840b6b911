import { describe, expect, it } from 'vitest';
import { BANKS, problems } from '../../test/support/language-rules';
import type { SceneDraft } from '../common/media.types';
import { seededRandom } from '../common/text';
import { refineScenes } from '../refining/scene.refiner';
import { planScript } from './script.planner';

/**
 * How many clauses a prompt made of whole sentences has: at least one per sentence, at most one
 * more per comma, semicolon or colon inside a sentence (where it may be split). A sentence said
 * twice is one idea, narrated once.
 */
function clauseRange(sentences: string[]): [number, number] {
  const parts = [...new Set(sentences)];
  const inner = parts.map((p) => (p.replace(/[.!?;:]$/u, '').match(/[,;:]/gu) ?? []).length);
  return [parts.length, parts.length + inner.reduce((a, b) => a + b, 0)];
}

function generate(seed: number): {
  language: string;
  prompt: string;
  sceneCount: number;
  clauses: [number, number];
} {
  const r = seededRandom(`languages-${seed}`);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)]!;
  const language = pick(Object.keys(BANKS));
  const bank = BANKS[language]!;
  const parts: string[] = [];
  if (r() < 0.5) parts.push(pick(bank.topics));
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) parts.push(r() < 0.35 ? pick(bank.steered) : pick(bank.sentences));
  return {
    language,
    prompt: parts.join(r() < 0.2 ? '\n' : ' '),
    sceneCount: 1 + Math.floor(r() * 12),
    clauses: clauseRange(parts),
  };
}

describe('local script planner, in German, Spanish, Russian and Greek, over generated prompts', () => {
  it('keeps every rule for 400 generated prompts and 1 to 12 scenes, also once refined', () => {
    const failures: string[] = [];
    for (let seed = 0; seed < 400; seed++) {
      const { language, prompt, sceneCount, clauses } = generate(seed);
      const scenes = planScript({ prompt, language, sceneCount });
      const found = problems(prompt, language, scenes, sceneCount, clauses);
      if (found.length > 0)
        failures.push(`[${language}] ${JSON.stringify(prompt)} × ${sceneCount}\n  ${found.join('\n  ')}`);
      const refined = refineScenes(scenes);
      const afterRefining = problems(prompt, language, refined, sceneCount, clauses);
      // The planner's sentences are already what the refiner wants: it changes none of them (a
      // Greek question keeps its ";").
      for (const [i, s] of refined.entries())
        if (s.narration !== scenes[i]!.narration)
          afterRefining.push(`refiner changed: ${scenes[i]!.narration}`);
      if (afterRefining.length > 0)
        failures.push(
          `[${language}] refined ${JSON.stringify(prompt)} × ${sceneCount}\n  ${afterRefining.join('\n  ')}`,
        );
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  it('generates every language, topics, steering and prompts too short for their scenes', () => {
    const cases = Array.from({ length: 400 }, (_, i) => generate(i));
    expect(new Set(cases.map((c) => c.language))).toEqual(new Set(Object.keys(BANKS)));
    expect(cases.some((c) => c.sceneCount > c.clauses[1])).toBe(true);
    expect(cases.some((c) => c.sceneCount < c.clauses[0])).toBe(true);
    for (const bank of Object.values(BANKS)) {
      expect(cases.some((c) => bank.topics.some((t) => c.prompt.includes(t)))).toBe(true);
      expect(cases.some((c) => bank.steered.some((t) => c.prompt.includes(t)))).toBe(true);
    }
  });

  it('catches broken scripts, so the rules can fail', () => {
    const prompt = 'Der Hund schläft.';
    const good = [{ visual_description: 'Der Hund, Nahaufnahme', narration: 'Der Hund schläft.' }];
    expect(problems(prompt, 'de', good, 1, [1, 1])).toEqual([]);
    const broken: [SceneDraft, RegExp][] = [
      [{ visual_description: 'Der Hund', narration: 'It begins with der Hund.' }, /English/],
      [{ visual_description: 'Der Hund, close-up', narration: 'Der Hund schläft.' }, /English/],
      [{ visual_description: 'Der Hund', narration: 'der Hund schläft.' }, /capital/],
      [{ visual_description: 'Der Hund', narration: 'Der Hund schläft' }, /end mark/],
      [{ visual_description: 'Der Hund', narration: 'Der Hund bellt.' }, /invents "bellt"/],
      // The old filler, and a shot's words in the narration, are no lead.
      [{ visual_description: 'Der Hund', narration: 'Noch einmal: der Hund schläft.' }, /invents "Noch"/],
      [
        { visual_description: 'Der Hund', narration: 'Der Hund schläft in Nahaufnahme.' },
        /invents "Nahaufnahme"/,
      ],
    ];
    for (const [scene, message] of broken)
      expect(problems(prompt, 'de', [scene], 1, [1, 1]).join('\n')).toMatch(message);
    // A prompt of one clause is one scene, however many are asked for: a second is padding.
    expect(problems(prompt, 'de', [...good, ...good], 4, [1, 1])).toEqual(['2 scenes, not 1']);
    expect(problems(prompt, 'de', good, 4, [1, 1])).toEqual([]);
  });
});
