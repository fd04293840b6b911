import path from 'node:path';
import {
  isOpenAiApi,
  type LlamaConfig,
  type MediaConfig,
  type MediaProviderKind,
  type ScriptProviderKind,
  type StockConfig,
} from '@vidgen/config';
import type { ImageProvider, MediaProviders, ScriptProvider, SpeechProvider } from './common/media.types';
import { OpenAiClient } from './common/openai/openai.client';
import { defaultVoiceFor, primarySubtag } from './common/voices';
import { LocalSpeechProvider } from './narrating/local-speech.provider';
import { OpenAiSpeechProvider } from './narrating/openai-speech.provider';
import { findPiperVoices, piperCatalogue, piperVoiceDirs } from './narrating/piper/piper-voices';
import { LlamaScriptProvider } from './scripting/llama-script.provider';
import { LocalScriptProvider } from './scripting/local-script.provider';
import { type OllamaFinding, ollamaModels } from './scripting/ollama/ollama-models';
import { OllamaScriptProvider, ollamaScriptDescription } from './scripting/ollama/ollama-script.provider';
import { OpenAiScriptProvider } from './scripting/openai-script.provider';
import { PexelsStockProvider } from './stock/pexels.provider';
import { PixabayStockProvider } from './stock/pixabay.provider';
import type { StockProvider } from './stock/stock.types';
import { LocalImageProvider } from './visualising/local-image.provider';
import { OpenAiImageProvider } from './visualising/openai-image.provider';

/**
 * One factory picks the providers from the configuration, builds them (in the worker) and
 * describes them (GET /providers, in the api): both walk the same picks, so the description names
 * what runs (docs/decisions/0054-providers-described-by-their-factory.md). Describing builds
 * nothing: no model, voice or runtime is loaded.
 */

/** What serves a stage, never a key or an address. */
export interface StageProvider {
  provider: string;
  model: string | null;
}

/** A language the speech stage speaks with another engine than `model` says. */
export interface SpeechLanguage {
  /** Its primary subtag ("en"): every tag of the language. */
  language: string;
  /** The engine, as GET /voices names it: `piper`. */
  provider: string;
  /** The language's default voice: for Piper, the voice's model. */
  model: string;
}

export interface SpeechStageProvider extends StageProvider {
  /** Where speech differs by language: each language spoken otherwise than `model` says; else []. */
  languages: SpeechLanguage[];
}

export interface ProvidersDescription {
  script: StageProvider;
  image: StageProvider;
  speech: SpeechStageProvider;
  stock: StageProvider;
}

/** The providers a worker runs, with what GET /providers says of them. */
export interface BuiltProviders extends MediaProviders {
  /** The stock library STOCK_PROVIDER names, or null. */
  stock: StockProvider | null;
  /** What GET /providers says of them now (the Ollama model found may change while they run). */
  describe: () => Promise<ProvidersDescription>;
}

/** One stage's pick: its description, and how the worker builds it. */
interface StagePick<P, D extends StageProvider = StageProvider> {
  description: D;
  build: () => P;
}

interface Picks {
  script: StagePick<ScriptProvider>;
  image: StagePick<ImageProvider>;
  speech: StagePick<SpeechProvider, SpeechStageProvider>;
  stock: StagePick<StockProvider | null>;
}

/**
 * Each stage's pick; each stage chooses local or OpenAI on its own. Builds nothing. `ollama` is
 * what Ollama answered when no script provider is set: its model, or none (the planner). The
 * provider built then asks again before each script, by the same rule (scripting/ollama/).
 */
function pick(cfg: MediaConfig, ollama: OllamaFinding | null): Picks {
  // Each stage talks to its own endpoint (SCRIPT_*, IMAGE_*, SPEECH_*, else OPENAI_*).
  const openai = (stage: keyof MediaConfig['endpoints']): OpenAiClient => {
    const endpoint = cfg.endpoints[stage];
    if (!endpoint.apiKey && isOpenAiApi(endpoint.baseUrl))
      throw new Error(`OPENAI_API_KEY is required for the ${stage} provider on api.openai.com`);
    return new OpenAiClient({
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      timeoutSeconds: cfg.providerTimeoutSeconds,
    });
  };
  const is = (kind: MediaProviderKind | ScriptProviderKind) => kind === 'openai';
  const { script, image, speech } = cfg.endpoints;
  return {
    script:
      cfg.scriptProvider === 'llama' && cfg.llama
        ? {
            // The model file's name, never its folder.
            description: { provider: 'llama', model: path.basename(cfg.llama.modelPath) || null },
            build: () => llamaProvider(cfg.llama!),
          }
        : is(cfg.scriptProvider)
          ? {
              description: { provider: 'openai', model: script.model },
              build: () => new OpenAiScriptProvider(openai('script'), script.model),
            }
          : cfg.ollama
            ? {
                description: ollamaScriptDescription(ollama?.model ?? null),
                build: () =>
                  new OllamaScriptProvider(
                    ollamaModels(cfg.ollama!.host, cfg.ollama!.model),
                    cfg.providerTimeoutSeconds,
                  ),
              }
            : {
                description: { provider: 'local', model: 'planner' },
                build: () => new LocalScriptProvider(),
              },
    image: is(cfg.imageProvider)
      ? {
          description: { provider: 'openai', model: image.model },
          build: () => new OpenAiImageProvider(openai('image'), image.model),
        }
      : { description: { provider: 'local', model: 'illustrator' }, build: () => new LocalImageProvider() },
    speech: is(cfg.speechProvider)
      ? {
          description: { provider: 'openai', model: speech.model, languages: [] },
          build: () => new OpenAiSpeechProvider(openai('speech'), speech.model, cfg.speechVoice),
        }
      : {
          description: { provider: 'local', model: 'espeak-ng', languages: piperLanguages(cfg.voicesDir) },
          build: () => new LocalSpeechProvider({ piper: true, voicesDir: cfg.voicesDir }),
        },
    stock: cfg.stock
      ? {
          description: { provider: cfg.stock.provider, model: null },
          build: () => createStockProvider(cfg.stock, { timeoutSeconds: cfg.providerTimeoutSeconds }),
        }
      : { description: { provider: 'none', model: null }, build: () => null },
  };
}

/**
 * The languages the local speech provider gives a Piper voice by default: the language of each
 * installed Piper voice (neural voices come first, docs/api.md#voices), with the voice the
 * catalogue's rule picks for it. Reads the voices' small configs only, as GET /voices does.
 */
function piperLanguages(voicesDir: string): SpeechLanguage[] {
  const voices = piperCatalogue(findPiperVoices(piperVoiceDirs(voicesDir)));
  const languages = [...new Set(voices.map((v) => primarySubtag(v.language)))];
  return languages.map((language) => ({
    language,
    provider: 'piper',
    model: defaultVoiceFor(voices, language)!.id,
  }));
}

/** What Ollama answers when no script provider is set (cached a short while); null otherwise. */
export function findOllama(cfg: MediaConfig): Promise<OllamaFinding | null> {
  return cfg.ollama ? ollamaModels(cfg.ollama.host, cfg.ollama.model).find() : Promise.resolve(null);
}

/** Which provider and model serve each stage (GET /providers): the factory's picks, none built. */
export async function describeProviders(cfg: MediaConfig): Promise<ProvidersDescription> {
  const picks = pick(cfg, await findOllama(cfg));
  return {
    script: picks.script.description,
    image: picks.image.description,
    speech: picks.speech.description,
    stock: picks.stock.description,
  };
}

/**
 * Whether the script stage has a language model to translate with now: the picks' own answer (a
 * model set, or one Ollama has), as GET /providers says it; the planner cannot translate.
 */
export async function scriptCanTranslate(cfg: MediaConfig): Promise<boolean> {
  return (await describeProviders(cfg)).script.provider !== 'local';
}

/** The providers the configuration selects, built, with their description. */
export function createProviders(cfg: MediaConfig): BuiltProviders {
  // What Ollama has is asked before each script, not here: building waits for nothing.
  const picks = pick(cfg, null);
  return {
    script: picks.script.build(),
    image: picks.image.build(),
    speech: picks.speech.build(),
    stock: picks.stock.build(),
    describe: () => describeProviders(cfg),
  };
}

// One model load per worker process: every provider set built for the same file shares it.
const llamaProviders = new Map<string, LlamaScriptProvider>();

function llamaProvider(llama: LlamaConfig): LlamaScriptProvider {
  const key = JSON.stringify(llama);
  let provider = llamaProviders.get(key);
  if (!provider) {
    provider = new LlamaScriptProvider(llama);
    llamaProviders.set(key, provider);
  }
  return provider;
}

/** The stock library STOCK_PROVIDER names, or null when none is configured. */
export function createStockProvider(
  cfg: StockConfig | null,
  opts: { timeoutSeconds: number; maxSide?: number },
): StockProvider | null {
  if (!cfg) return null;
  const common = {
    apiKey: cfg.apiKey,
    baseUrl: cfg.baseUrl,
    timeoutMs: opts.timeoutSeconds * 1000,
    // The long side of vidgen's frames: 1280 (720p renders).
    maxSide: opts.maxSide ?? 1280,
  };
  return cfg.provider === 'pexels' ? new PexelsStockProvider(common) : new PixabayStockProvider(common);
}

/** The configured speech provider alone: the api lists its voices without the other providers. */
export function createSpeechProvider(cfg: MediaConfig): SpeechProvider {
  return pick(cfg, null).speech.build();
}
