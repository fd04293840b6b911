import type { ChatHistoryItem, Llama, LlamaGrammar, LlamaModel } from 'node-llama-cpp';
import { abortReason, ProviderError, ProviderTimeoutError, throwIfAborted } from '../common/media.errors';
import type { SceneDraft, ScriptInput, ScriptProvider, TranslationInput } from '../common/media.types';
import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '../common/scene-limits';
import { type ModelAnswer, SCRIPT_JSON_SCHEMA, type ScriptMessage, writeWithModel } from './script.request';
import { translateWithModel } from './script.translation';

export interface LlamaScriptOptions {
  /** The GGUF file (`LLAMA_MODEL_PATH`). */
  modelPath: string;
  /** Most tokens one answer may take (`LLAMA_MAX_TOKENS`). */
  maxTokens: number;
  /** Longest one answer may take (`LLAMA_TIMEOUT_SECONDS`). */
  timeoutSeconds: number;
  /** CPU threads for generation (`LLAMA_THREADS`); default: llama.cpp's own choice. */
  threads?: number;
}

interface Loaded {
  llama: Llama;
  model: LlamaModel;
  /** One grammar per schema asked for (by scene count and limits), built on first use (a few milliseconds). */
  grammars: Map<string, Promise<LlamaGrammar>>;
}

/**
 * The grammar's schema: the script's, with the scene list bounded by the count asked for and each
 * text by its refining limit. Without the bound a small model adds scenes until its token budget
 * runs out (SmolLM2-135M wrote 300 tokens of repeated scenes and no closing bracket); with it the
 * same request ended after 2 scenes and 84 tokens. The lower bound stays 1, so the grammar never
 * forces text the model has no more to say for; counts are checked after parsing as for any model.
 */
export function grammarSchema(
  maxScenes: number,
  bounds: { minScenes?: number; narration?: number; description?: number } = {},
) {
  const { items } = SCRIPT_JSON_SCHEMA.properties.scenes;
  return {
    type: 'object',
    properties: {
      scenes: {
        type: 'array',
        minItems: bounds.minScenes ?? 1,
        maxItems: maxScenes,
        items: {
          type: 'object',
          properties: {
            visual_description: {
              type: 'string',
              minLength: 1,
              maxLength: bounds.description ?? MAX_DESCRIPTION_CHARS,
            },
            narration: { type: 'string', minLength: 1, maxLength: bounds.narration ?? MAX_NARRATION_CHARS },
          },
          required: items.required,
        },
      },
    },
    required: ['scenes'],
  } as const;
}

/**
 * A translation's grammar: exactly one scene per scene given (the count is known, so nothing is
 * forced that the source does not say), each text within a client's scene's limits.
 */
export function translationGrammarSchema(input: TranslationInput) {
  const n = input.scenes.length;
  return grammarSchema(n, {
    minScenes: n,
    narration: input.maxNarrationChars,
    description: input.maxDescriptionChars,
  });
}

// node-llama-cpp is an ES module with top-level await: `require` cannot load it, and TypeScript
// compiling to CommonJS would turn a plain `import()` into one. A test runner that evaluates
// modules in a VM context has no dynamic-import hook for that, and loads the module itself.
const nativeImport = new Function('specifier', 'return import(specifier)') as (
  specifier: string,
) => Promise<typeof import('node-llama-cpp')>;

async function importLlama(): Promise<typeof import('node-llama-cpp')> {
  try {
    return await nativeImport('node-llama-cpp');
  } catch (err) {
    if (!/dynamic import callback/i.test((err as Error).message)) throw err;
    return await import('node-llama-cpp');
  }
}

/**
 * Scripts from a GGUF model run inside the worker with llama.cpp (node-llama-cpp). The model is
 * loaded once per worker, on first use, and reused; each answer gets a fresh context, a token
 * budget and a timeout, is constrained by a grammar made from the script's JSON schema, and
 * stops when the activity is cancelled. Counts and lengths are checked after parsing, as for
 * every model (script.request.ts).
 */
export class LlamaScriptProvider implements ScriptProvider {
  private loading: Promise<Loaded> | undefined;

  constructor(readonly opts: LlamaScriptOptions) {}

  writeScript(input: ScriptInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    return writeWithModel(input, (messages) =>
      this.answer(messages, grammarSchema(input.sceneCount), signal),
    );
  }

  translate(input: TranslationInput, signal?: AbortSignal): Promise<SceneDraft[]> {
    return translateWithModel(input, (messages) =>
      this.answer(messages, translationGrammarSchema(input), signal),
    );
  }

  /** Loads the model (once); a failed load is tried again on the next call. */
  load(): Promise<Loaded> {
    this.loading ??= (async () => {
      const { getLlama } = await importLlama();
      // Prebuilt binaries only: a worker never compiles llama.cpp at run time.
      const llama = await getLlama({ build: 'never', gpu: false, logLevel: 'error' as never });
      let model: LlamaModel;
      try {
        model = await llama.loadModel({ modelPath: this.opts.modelPath });
      } catch (err) {
        throw new ProviderError(
          `The script model ${this.opts.modelPath} could not be loaded: ${(err as Error).message}`,
          false,
          { cause: err },
        );
      }
      return { llama, model, grammars: new Map() };
    })().catch((err) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  async dispose(): Promise<void> {
    const loaded = await this.loading?.catch(() => undefined);
    this.loading = undefined;
    await loaded?.model.dispose();
    await loaded?.llama.dispose();
  }

  private async answer(
    messages: ScriptMessage[],
    schema: ReturnType<typeof grammarSchema>,
    signal: AbortSignal | undefined,
  ): Promise<ModelAnswer> {
    throwIfAborted(signal);
    const { llama, model, grammars } = await this.load();
    const key = JSON.stringify(schema);
    let building = grammars.get(key);
    if (!building) {
      building = llama.createGrammarForJsonSchema(schema as never);
      grammars.set(key, building);
    }
    const grammar = await building;
    const { LlamaChatSession } = await importLlama();
    const timeout = AbortSignal.timeout(this.opts.timeoutSeconds * 1000);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    const context = await model.createContext({
      contextSize: { max: 4096 },
      ...(this.opts.threads ? { threads: this.opts.threads } : {}),
    });
    try {
      const session = new LlamaChatSession({ contextSequence: context.getSequence() });
      const last = messages.at(-1)!;
      session.setChatHistory(messages.slice(0, -1).map(historyItem));
      const { responseText, stopReason } = await session.promptWithMeta(last.content, {
        grammar,
        maxTokens: this.opts.maxTokens,
        signal: combined,
        temperature: 0.7,
      });
      return { text: responseText, cutOff: stopReason === 'maxTokens' };
    } catch (err) {
      if (signal?.aborted) throw abortReason(signal);
      if (timeout.aborted)
        throw new ProviderTimeoutError(
          `The script model did not answer within ${this.opts.timeoutSeconds} s`,
        );
      if (err instanceof ProviderError) throw err;
      throw new ProviderError(`The script model failed: ${(err as Error).message}`, true, { cause: err });
    } finally {
      await context.dispose();
    }
  }
}

function historyItem(message: ScriptMessage): ChatHistoryItem {
  if (message.role === 'assistant') return { type: 'model', response: [message.content] };
  return { type: message.role, text: message.content };
}
