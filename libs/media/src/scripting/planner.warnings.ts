import type { RecordWarning, SceneDraft, ScriptInput } from '../common/media.types';
import { guessLanguage } from './prompt.language';
import { readSentences } from './prompt.reader';

/** The code of the warning a planned script carries when its prompt asked for writing. */
export const PLANNER_CANNOT_WRITE = 'planner_cannot_write';

/** How to connect a model, said wherever the planner's limits are (records, `npm start`). */
export const CONNECT_A_MODEL =
  'Connect a language model to have it written: run Ollama (https://ollama.com) with an instruct model, e.g. `ollama pull qwen2.5:3b`, and the worker uses it (OLLAMA_HOST, SCRIPT_MODEL), or point SCRIPT_PROVIDER=openai at any OpenAI-compatible API with SCRIPT_BASE_URL, SCRIPT_MODEL and SCRIPT_API_KEY.';

/**
 * What a planned script warns of (docs/decisions/0065-models-users-run.md). The planner only
 * rearranges the prompt's own words, so a prompt that asks for writing gets its words back: a
 * question ("Why do cats purr?"), a topic alone ("A video about bees") or an instruction with
 * fewer ideas than scenes asked for ("Explain how a rainbow forms", one scene of five).
 */
export function plannerWarnings(input: ScriptInput, scenes: SceneDraft[]): RecordWarning[] {
  const prompt = input.prompt ?? '';
  if (prompt.trim() === '') return [];
  const language = guessLanguage(prompt, input.language);
  const sentences = readSentences(prompt, language);
  const question = sentences.some((s) => /[?？;;]/u.test(s.terminal));
  const topicOnly = sentences.length > 0 && sentences.every((s) => s.topic);
  const fewer = scenes.length < input.sceneCount;
  const n = scenes.length;
  const reason = question
    ? 'a question is repeated, not answered'
    : topicOnly
      ? 'a topic is named, not written about'
      : fewer
        ? `its ${n === 1 ? 'one idea' : `${n} ideas`} made ${n} of the ${input.sceneCount} scenes asked for`
        : undefined;
  if (!reason) return [];
  return [
    {
      code: PLANNER_CANNOT_WRITE,
      message: `No language model wrote this script: the offline planner only reads the prompt's own words back, so ${reason}. ${CONNECT_A_MODEL}`,
    },
  ];
}
