import type { StageEndpoint } from '@vidgen/config';
import { ProviderError } from '../../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider, WrittenScript } from '../../common/media.types';
import { OpenAiClient } from '../../common/openai/openai.client';
import { LocalScriptProvider } from '../local-script.provider';
import { OpenAiScriptProvider } from '../openai-script.provider';
import type { OllamaModels } from './ollama-models';

/** What serves scripts while Ollama has `model` (null: the planner), as GET /providers says it. */
export function ollamaScriptDescription(model: string | null): { provider: string; model: string } {
  return model ? { provider: 'ollama', model } : { provider: 'local', model: 'planner' };
}

/** Ollama's OpenAI-compatible route: `{host}/v1/chat/completions`, no key. */
export function ollamaEndpoint(host: string, model: string): StageEndpoint {
  return { baseUrl: `${host}/v1`, apiKey: undefined, model };
}

/**
 * Scripts from the Ollama model the worker finds, else from the planner
 * (docs/decisions/0065-models-users-run.md). Each script asks which model is there (a cached
 * answer, see ollama-models.ts); a call that fails to reach Ollama or its model asks again at
 * once and goes to the model found then, or to the planner when none is.
 */
export class OllamaScriptProvider implements ScriptProvider {
  private readonly planner = new LocalScriptProvider();

  constructor(
    readonly models: OllamaModels,
    private readonly timeoutSeconds: number,
  ) {}

  async writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    return (await this.writeReported(input, signal)).scenes;
  }

  async writeReported(input: ScriptInput, signal?: AbortSignal): Promise<WrittenScript> {
    const first = await this.models.find();
    if (!first.model) return this.planner.writeReported(input, signal);
    try {
      return await this.withModel(first.model, input, signal);
    } catch (err) {
      if (!unreachable(err) || signal?.aborted) throw err;
      this.models.forget();
      const again = await this.models.find();
      if (!again.model) return this.planner.writeReported(input, signal);
      if (again.model === first.model) throw err;
      return this.withModel(again.model, input, signal);
    }
  }

  private async withModel(model: string, input: ScriptInput, signal?: AbortSignal): Promise<WrittenScript> {
    const endpoint = ollamaEndpoint(this.models.host, model);
    const client = new OpenAiClient({
      baseUrl: endpoint.baseUrl,
      apiKey: undefined,
      timeoutSeconds: this.timeoutSeconds,
    });
    const scenes = await new OpenAiScriptProvider(client, model).writeScript(input, signal);
    return { scenes, source: 'model', warnings: [] };
  }
}

/** Ollama gone (refused, reset) or its model gone (404): worth asking which model is there now. */
function unreachable(err: unknown): boolean {
  return err instanceof ProviderError && /request failed|HTTP 404/.test(err.message);
}
