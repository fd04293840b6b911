import { guessLanguage } from './prompt.language';
import { readSentences } from './prompt.reader';
import { MAX_PLANNED_SCENES, planScript } from './script.planner';

/**
 * The scenes a list asks for when the client names no count: one per item, plus its title, up to
 * `max` (docs/decisions/0065-models-users-run.md). Undefined for a prompt that holds no list.
 */
export function listSceneCount(prompt: unknown, language: unknown, max: number): number | undefined {
  if (typeof prompt !== 'string' || prompt.trim() === '') return undefined;
  const lang = typeof language === 'string' && language.trim() !== '' ? language : undefined;
  if (!readSentences(prompt, guessLanguage(prompt, lang)).some((s) => s.series)) return undefined;
  return planScript({ prompt, language: lang, sceneCount: Math.min(max, MAX_PLANNED_SCENES) }).length;
}
