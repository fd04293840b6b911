import type { StageEndpoint } from '@vidgen/config';
import { ProviderError } from '../../common/media.errors';
import type {
  SceneDraft,
  ScriptInput,
  ScriptProvider,
  TranslationInput,
  WrittenScript,
} from '../../common/media.types';
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
    const scenes = await this.withModel(signal, (model) => model.writeScript(input, signal));
    if (!scenes) return this.planner.writeReported(input, signal);
    return { scenes, source: 'model', warnings: [] };
  }

  /** With the model found; with none, the planner cannot translate and the stage fails. */
  async translate(input: TranslationInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    const scenes = await this.withModel(signal, (model) => model.translate(input, signal));
    if (!scenes) {
      throw new ProviderError(
        `Ollama at ${this.models.host} has no model to translate with, and the offline planner cannot translate`,
        false,
      );
    }
    return scenes;
  }

  /** `call` with the model Ollama has (asked again once if it is gone); null when it has none. */
  private async withModel(
    signal: AbortSignal | undefined,
    call: (model: OpenAiScriptProvider) => Promise<SceneDraft[]>,
  ): Promise<SceneDraft[] | null> {
    const first = await this.models.find();
    if (!first.model) return null;
    try {
      return await call(this.provider(first.model));
    } catch (err) {
      if (!unreachable(err) || signal?.aborted) throw err;
      this.models.forget();
      const again = await this.models.find();
      if (!again.model) return null;
      if (again.model === first.model) throw err;
      return call(this.provider(again.model));
    }
  }

  private provider(model: string): OpenAiScriptProvider {
    const endpoint = ollamaEndpoint(this.models.host, model);
    const client = new OpenAiClient({
      baseUrl: endpoint.baseUrl,
      apiKey: undefined,
      timeoutSeconds: this.timeoutSeconds,
    });
    return new OpenAiScriptProvider(client, model);
  }
}

/** Ollama gone (refused, reset) or its model gone (404): worth asking which model is there now. */
function unreachable(err: unknown): boolean {
  return err instanceof ProviderError && /request failed|HTTP 404/.test(err.message);
}
