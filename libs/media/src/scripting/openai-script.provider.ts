import { ProviderError } from '../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider, TranslationInput } from '../common/media.types';
import type { OpenAiClient } from '../common/openai/openai.client';
import { type ModelAnswer, SCRIPT_JSON_SCHEMA, type ScriptMessage, writeWithModel } from './script.request';
import { translateWithModel } from './script.translation';

/**
 * Scripts from POST /chat/completions with structured output: `response_format` of type
 * `json_schema`, which the OpenAI API, Ollama (≥ 0.5), LocalAI and vLLM all take. The answer is
 * checked and asked for again once (scripting/script.request.ts).
 */
export class OpenAiScriptProvider implements ScriptProvider {
  constructor(
    private readonly client: OpenAiClient,
    readonly model: string,
  ) {}

  writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    return writeWithModel(input, (messages) => this.ask(messages, signal));
  }

  translate(input: TranslationInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    return translateWithModel(input, (messages) => this.ask(messages, signal));
  }

  private async ask(messages: ScriptMessage[], signal?: AbortSignal): Promise<ModelAnswer> {
    const response = await this.client.postJson(
      '/chat/completions',
      {
        model: this.model,
        response_format: {
          type: 'json_schema',
          json_schema: { name: 'video_script', strict: true, schema: SCRIPT_JSON_SCHEMA },
        },
        messages,
      },
      signal,
    );
    return modelAnswer(response);
  }
}

/**
 * The assistant's answer from the first choice; a refusal or an answer without text is a failure
 * of its own. `finish_reason: "length"`: the model's token limit ended it (OpenAI, Ollama and
 * vLLM all say so).
 */
export function modelAnswer(response: unknown): ModelAnswer {
  const choice = (
    response as {
      choices?: { finish_reason?: unknown; message?: { content?: unknown; refusal?: unknown } }[];
    }
  )?.choices?.[0];
  const message = choice?.message;
  if (typeof message?.refusal === 'string' && message.refusal !== '') {
    throw new ProviderError(`The model refused to write the script: ${message.refusal}`, false);
  }
  if (typeof message?.content !== 'string')
    throw new ProviderError('Chat completion has no message content', true);
  return { text: message.content, cutOff: choice?.finish_reason === 'length' };
}
