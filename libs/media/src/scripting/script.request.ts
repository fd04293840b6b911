import { ProviderError } from '../common/media.errors';
import type { SceneDraft, ScriptInput } from '../common/media.types';
import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '../common/scene-limits';
import { planScript } from './script.planner';

/**
 * What any language model is asked for a script, and how its answer is checked
 * (docs/decisions/0038-scripts-worth-narrating.md). The OpenAI-compatible provider and the embedded
 * llama.cpp one send the same request and accept the same answers.
 */

/** The answer's shape; counts and lengths are checked after parsing (a grammar with them can stall). */
export const SCRIPT_JSON_SCHEMA = {
  type: 'object',
  properties: {
    scenes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          visual_description: { type: 'string' },
          narration: { type: 'string' },
        },
        required: ['visual_description', 'narration'],
        additionalProperties: false,
      },
    },
  },
  required: ['scenes'],
  additionalProperties: false,
} as const;

export interface ScriptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** How many scenes an answer may have: the ideas the prompt lists, up to the count asked for. */
export interface SceneBounds {
  min: number;
  max: number;
}

export function sceneBounds(input: ScriptInput): SceneBounds {
  // The planner counts the prompt's own ideas (a listed item, a clause, an opening); a model may
  // explain more, never fewer, and never more than the client asked for.
  const ideas = planScript({
    prompt: input.prompt,
    language: input.language,
    sceneCount: input.sceneCount,
  }).length;
  return { min: Math.max(1, Math.min(ideas, input.sceneCount)), max: input.sceneCount };
}

const SYSTEM_PROMPT = [
  'You write scripts for short narrated videos made of still images.',
  'Answer with a JSON object only: {"scenes":[{"visual_description":"...","narration":"..."}]}.',
  `visual_description: one simple sentence describing a single still image, at most ${MAX_DESCRIPTION_CHARS} characters, no text in the image.`,
  `narration: one to three full spoken sentences for that scene, at most ${MAX_NARRATION_CHARS} characters, plain prose without markup.`,
  'Scenes follow each other as one story, from an opening to a closing scene.',
  'When the prompt lists ideas (items after a colon, numbered or bulleted points, steps), give each idea its own scene in the prompt’s order; with a scene to spare, open with a scene that introduces the list.',
  'Say only what is true; do not address the viewer about the video itself.',
].join(' ');

/** The chat messages for a script: the same for every model. */
export function scriptMessages(
  input: ScriptInput,
  bounds: SceneBounds = sceneBounds(input),
): ScriptMessage[] {
  const count =
    bounds.min === bounds.max
      ? `Write exactly ${bounds.max} scenes.`
      : `Write ${bounds.max} scenes (at least ${bounds.min}; fewer than ${bounds.max} only when the prompt holds fewer ideas and nothing true is left to say).`;
  const request = [
    count,
    // A voice of this language speaks the narration and the captions show it; the client
    // reviews the descriptions at the gate, so they are in the same language.
    `Write narration and visual_description in the language with BCP 47 code "${input.language}" (${languageName(input.language)}).`,
  ];
  const { audience, tone } = steeringOf(input.prompt);
  if (audience) request.push(`Audience: ${audience}. Choose words and explanations they follow easily.`);
  if (tone) request.push(`Tone: ${tone}.`);
  request.push(`Prompt: ${input.prompt}`);
  if (input.previous && input.previous.length > 0) {
    request.push(`The script this one replaces: ${JSON.stringify({ scenes: input.previous })}`);
  }
  if (input.feedback !== undefined) {
    request.push(
      input.feedback.trim() === ''
        ? 'Write a fresh version that differs from the one it replaces.'
        : `Rewrite it following this feedback: ${input.feedback}`,
    );
  }
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: request.join('\n') },
  ];
}

const AUDIENCE =
  /\bfor\s+((?:(?:curious|young|little|small|older|busy|complete|total|absolute|new|first-time)\s+)?(?:kids|children|toddlers|beginners|students|teens|teenagers|adults|grown-ups|seniors|newcomers|novices|experts|engineers|developers|parents|teachers|tourists|(?:a\s+)?(?:young|general|non-technical|technical)\s+audience))\b/i;
const TONE =
  /\b(funny|humorous|playful|serious|calm|soothing|dramatic|upbeat|cheerful|energetic|formal|casual|friendly|inspiring|mysterious|solemn|light-hearted|lighthearted|poetic|witty|gentle)\b/i;

/** The audience and tone the prompt names ("…, for curious kids", "a playful video…"). */
export function steeringOf(prompt: string): { audience?: string; tone?: string } {
  return {
    audience: AUDIENCE.exec(prompt)?.[1]?.toLowerCase(),
    tone: TONE.exec(prompt)?.[1]?.toLowerCase(),
  };
}

/** The language's English name ("de" → "German"), or the code itself when the runtime has no name for it. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export type ScriptAnswer = { scenes: SceneDraft[] } | { problems: string[] };

/** The longest texts an answer's scene may hold. */
export interface TextLimits {
  narration: number;
  description: number;
}

export const SCRIPT_TEXT_LIMITS: TextLimits = {
  narration: MAX_NARRATION_CHARS,
  description: MAX_DESCRIPTION_CHARS,
};

/**
 * Checks a model's answer against the schema and the refining limits. Extra scenes beyond the
 * count asked for are dropped (models overshoot); everything else wrong is a problem to report.
 */
export function readScriptAnswer(
  content: string,
  bounds: SceneBounds,
  limits: TextLimits = SCRIPT_TEXT_LIMITS,
): ScriptAnswer {
  let body: unknown;
  try {
    body = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return { problems: ['the answer is not JSON'] };
  }
  const list = Array.isArray(body) ? body : (body as { scenes?: unknown })?.scenes;
  if (!Array.isArray(list)) return { problems: ['the answer has no "scenes" array'] };
  const problems: string[] = [];
  const scenes: SceneDraft[] = [];
  list.slice(0, bounds.max).forEach((raw, i) => {
    const s = raw as Record<string, unknown>;
    const description = s?.visual_description ?? s?.visualDescription ?? s?.description;
    const narration = s?.narration ?? s?.voiceover ?? s?.text;
    if (typeof description !== 'string' || description.trim() === '')
      problems.push(`scene ${i + 1} has no visual_description`);
    else if (description.trim().length > limits.description)
      problems.push(`scene ${i + 1}'s visual_description is over ${limits.description} characters`);
    if (typeof narration !== 'string' || narration.trim() === '')
      problems.push(`scene ${i + 1} has no narration`);
    else if (narration.trim().length > limits.narration)
      problems.push(`scene ${i + 1}'s narration is over ${limits.narration} characters`);
    if (typeof description === 'string' && typeof narration === 'string')
      scenes.push({ visual_description: description.trim(), narration: narration.trim() });
  });
  if (list.length < bounds.min)
    problems.push(`it has ${list.length} scenes, at least ${bounds.min} were asked for`);
  return problems.length > 0 ? { problems } : { scenes };
}

/**
 * A model's answer. `cutOff` when its token budget ended it before it was done: the text is then
 * unfinished, whatever it holds.
 */
export interface ModelAnswer {
  text: string;
  cutOff?: boolean;
}

/** One question to a model; a bare string is an answer that ended by itself. */
export type AskModel = (messages: ScriptMessage[]) => Promise<string | ModelAnswer>;

const CUT_OFF = 'the answer ran out of its token budget before it was complete';

/**
 * Asks a model, and once more when the answer cannot be used. A second bad answer fails the stage
 * (AI_SERVICE_ERROR): asking a third time rarely helps and costs the client's wait. Transport
 * failures pass through as they are.
 *
 * An answer that broke the schema or the limits is shown to the model with what was wrong. An
 * answer its token budget cut off is asked for again afresh: shown its own unfinished text, a
 * small model goes on with the loop that used the budget up (SmolLM2-135M repeating "E." until
 * the budget ended, in about 1 of 35 answers).
 */
export async function askTwice(
  messages: ScriptMessage[],
  ask: AskModel,
  read: (text: string) => ScriptAnswer,
  again: { instruction: string; failure: string },
): Promise<SceneDraft[]> {
  const first = answerOf(await ask(messages), read);
  if ('scenes' in first.answer) return first.answer.scenes;
  const retry = first.cutOff
    ? messages
    : [
        ...messages,
        { role: 'assistant' as const, content: first.text },
        {
          role: 'user' as const,
          content: `That answer cannot be used: ${first.answer.problems.join('; ')}. ${again.instruction}`,
        },
      ];
  const second = answerOf(await ask(retry), read).answer;
  if ('scenes' in second) return second.scenes;
  throw new ProviderError(`${again.failure}: ${second.problems.join('; ')}`, false);
}

function answerOf(raw: string | ModelAnswer, read: (text: string) => ScriptAnswer) {
  const { text, cutOff = false } = typeof raw === 'string' ? { text: raw } : raw;
  const answer: ScriptAnswer = cutOff ? { problems: [CUT_OFF] } : read(text);
  return { text, cutOff, answer };
}

/** Asks a model for a script, checked against the schema, the scene bounds and the limits. */
export function writeWithModel(input: ScriptInput, ask: AskModel): Promise<SceneDraft[]> {
  const bounds = sceneBounds(input);
  return askTwice(scriptMessages(input, bounds), ask, (text) => readScriptAnswer(text, bounds), {
    instruction: 'Answer again with the JSON object only, keeping every limit.',
    failure: "The model's script broke the schema or limits twice",
  });
}
