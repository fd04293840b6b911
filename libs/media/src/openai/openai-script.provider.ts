import { ProviderError } from '../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider } from '../common/media.types';
import type { OpenAiClient } from './openai.client';

const SYSTEM_PROMPT = [
  'You write scripts for short narrated videos made of still images.',
  'Answer with a JSON object only: {"scenes":[{"visual_description":"...","narration":"..."}]}.',
  'visual_description: one simple sentence describing a single still image, under 160 characters, no text in the image.',
  'narration: one to three spoken sentences for that scene, under 400 characters, plain prose without markup.',
  'Scenes follow each other as one story, from an opening to a closing scene.',
].join(' ');

export class OpenAiScriptProvider implements ScriptProvider {
  constructor(
    private readonly client: OpenAiClient,
    private readonly model: string,
  ) {}

  async writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    const request = [
      `Write exactly ${input.sceneCount} scenes.`,
      // A voice of this language speaks the narration and the captions show it; the client
      // reviews the descriptions at the gate, so they are in the same language.
      `Write narration and visual_description in the language with BCP 47 code "${input.language}" (${languageName(input.language)}).`,
      `Prompt: ${input.prompt}`,
    ];
    if (input.previous && input.previous.length > 0) {
      request.push(`The previous version was: ${JSON.stringify({ scenes: input.previous })}`);
    }
    if (input.feedback !== undefined) {
      request.push(
        input.feedback.trim() === ''
          ? 'Write a fresh version that differs from the previous one.'
          : `Rewrite it following this feedback: ${input.feedback}`,
      );
    }
    const response = await this.client.postJson(
      '/chat/completions',
      {
        model: this.model,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: request.join('\n') },
        ],
      },
      signal,
    );
    return parseScenes(response, input.sceneCount);
  }
}

/** The language's English name ("de" → "German"), or the code itself when the runtime has no name for it. */
function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** Models drift from the requested shape; accept the common variants, reject anything unusable. */
export function parseScenes(response: unknown, sceneCount: number): SceneDraft[] {
  const message = (response as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] })
    ?.choices?.[0]?.message;
  if (typeof message?.refusal === 'string' && message.refusal !== '') {
    throw new ProviderError(`The model refused to write the script: ${message.refusal}`, false);
  }
  if (typeof message?.content !== 'string')
    throw new ProviderError('Chat completion has no message content', true);
  let body: unknown;
  try {
    body = JSON.parse(message.content);
  } catch {
    throw new ProviderError('The model did not answer with JSON', true);
  }
  const list = Array.isArray(body) ? body : (body as { scenes?: unknown })?.scenes;
  if (!Array.isArray(list)) throw new ProviderError('The model answered without a "scenes" array', true);
  const scenes = list.map((raw): SceneDraft | undefined => {
    const s = raw as Record<string, unknown>;
    const description = s?.visual_description ?? s?.visualDescription ?? s?.description;
    const narration = s?.narration ?? s?.voiceover ?? s?.text;
    if (typeof description !== 'string' || typeof narration !== 'string') return undefined;
    if (description.trim() === '' || narration.trim() === '') return undefined;
    return { visual_description: description.trim(), narration: narration.trim() };
  });
  const valid = scenes.filter((s): s is SceneDraft => s !== undefined);
  // Too few scenes is a failed answer a second attempt usually fixes; extra ones are dropped.
  if (valid.length < sceneCount) {
    throw new ProviderError(
      `The model wrote ${valid.length} usable scenes, ${sceneCount} were asked for`,
      true,
    );
  }
  return valid.slice(0, sceneCount);
}
