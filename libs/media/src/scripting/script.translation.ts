import { ProviderError } from '../common/media.errors';
import type { SceneDraft, ScriptProvider, TranslationInput } from '../common/media.types';
import {
  type AskModel,
  askTwice,
  languageName,
  readScriptAnswer,
  type SceneBounds,
  type ScriptMessage,
  type TextLimits,
} from './script.request';

/**
 * What any language model is asked to translate a video's scenes, and how its answer is checked
 * (docs/decisions/0069-recommended-models-and-translations.md): the same JSON shape as a script,
 * exactly one scene per scene given, in order, each within the limits of a client's scene. The
 * OpenAI-compatible provider, Ollama and the embedded llama.cpp one send the same request.
 */

const SYSTEM_PROMPT = [
  'You translate the scenes of short narrated videos.',
  'Answer with a JSON object only: {"scenes":[{"visual_description":"...","narration":"..."}]}.',
  'Give exactly one scene for each scene you are given, in the same order.',
  'Translate the narration as it would be spoken by a native speaker, keeping its meaning, names and numbers; translate the visual_description too.',
  'Do not add, drop or explain anything, and do not leave a text untranslated.',
].join(' ');

export function translationBounds(input: TranslationInput): SceneBounds {
  return { min: input.scenes.length, max: input.scenes.length };
}

export function translationLimits(input: TranslationInput): TextLimits {
  return { narration: input.maxNarrationChars, description: input.maxDescriptionChars };
}

/** The chat messages for a translation: the same for every model. */
export function translationMessages(input: TranslationInput): ScriptMessage[] {
  const scenes = input.scenes.map((s) => ({
    visual_description: s.visual_description,
    narration: s.narration,
  }));
  const request = [
    `Translate these ${scenes.length} scenes from ${languageName(input.from)} (BCP 47 "${input.from}") into ${languageName(input.to)} (BCP 47 "${input.to}").`,
    `Each narration at most ${input.maxNarrationChars} characters, each visual_description at most ${input.maxDescriptionChars}.`,
    `Scenes: ${JSON.stringify({ scenes })}`,
  ];
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: request.join('\n') },
  ];
}

/**
 * Asks a model for the translation, and once more when the answer breaks the shape, the count or
 * the limits, as for a script (askTwice).
 */
export function translateWithModel(input: TranslationInput, ask: AskModel): Promise<SceneDraft[]> {
  const bounds = translationBounds(input);
  const limits = translationLimits(input);
  return askTwice(translationMessages(input), ask, (text) => readScriptAnswer(text, bounds, limits), {
    instruction:
      'Answer again with the JSON object only, one scene for each scene given, keeping every limit.',
    failure: "The model's translation broke the schema or limits twice",
  });
}

/** The provider's translation; a provider that cannot translate (the planner) fails the stage. */
export function translateScenes(
  provider: ScriptProvider,
  input: TranslationInput,
  signal?: AbortSignal,
): Promise<SceneDraft[]> {
  if (!provider.translate) {
    return Promise.reject(
      new ProviderError(
        'The script writer (the offline planner) cannot translate: no model is configured',
        false,
      ),
    );
  }
  return provider.translate(input, signal);
}
