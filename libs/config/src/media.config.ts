import path from 'node:path';
import { z } from 'zod';
import { ConfigError, optionalString, optionalUrl, parseEnv, stringWithDefault } from './env-values';

export type MediaProviderKind = 'local' | 'openai';
/** The script stage may also run a GGUF model inside the worker. */
export type ScriptProviderKind = MediaProviderKind | 'llama';

/** `SCRIPT_PROVIDER=llama`: a GGUF model run by llama.cpp inside the worker. */
export interface LlamaConfig {
  modelPath: string;
  maxTokens: number;
  timeoutSeconds: number;
  threads: number;
}

/** Where one AI stage sends its requests: an OpenAI-compatible API of its own or the shared one. */
export interface StageEndpoint {
  baseUrl: string;
  /** Absent for a server that needs none (Ollama, LocalAI, Kokoro-FastAPI, vLLM…). */
  apiKey: string | undefined;
  model: string;
}

/** Ollama, looked for when no script provider is set (docs/decisions/0065-models-users-run.md). */
export interface OllamaConfig {
  /** `OLLAMA_HOST`, default http://127.0.0.1:11434. */
  host: string;
  /** `SCRIPT_MODEL`: the model to use when Ollama has it; else the first installed of a preference list. */
  model: string | undefined;
}

export interface MediaConfig {
  /** `local` is the planner; unset, Ollama writes when `ollama` is set and found. */
  scriptProvider: ScriptProviderKind;
  /** Set when SCRIPT_PROVIDER is unset: the planner writes only while no Ollama model is found. */
  ollama: OllamaConfig | null;
  /** Set when `scriptProvider` is `llama`. */
  llama: LlamaConfig | undefined;
  imageProvider: MediaProviderKind;
  speechProvider: MediaProviderKind;
  /** Per stage: `SCRIPT_*`, `IMAGE_*`, `SPEECH_*`, each falling back to the `OPENAI_*` settings. */
  endpoints: { script: StageEndpoint; image: StageEndpoint; speech: StageEndpoint };
  /** The speech stage's default voice: `SPEECH_VOICE`, else `OPENAI_TTS_VOICE`. */
  speechVoice: string;
  openai: {
    baseUrl: string;
    apiKey: string | undefined;
    chatModel: string;
    imageModel: string;
    ttsModel: string;
    /** Used when a video asks for no voice of its own. */
    ttsVoice: string;
  };
  providerTimeoutSeconds: number;
  /** Where `npm run voices:install` puts Piper voices (VOICES_DIR, default DATA_DIR/voices). */
  voicesDir: string;
  /** Stock footage and photos for `"visuals": "stock"`; null when STOCK_PROVIDER is not set. */
  stock: StockConfig | null;
}

export interface StockConfig {
  provider: 'pexels' | 'pixabay';
  apiKey: string;
  /** The provider's API root: https://api.pexels.com or https://pixabay.com unless pointed elsewhere. */
  baseUrl: string;
}

const providerKind = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
  z.enum(['local', 'openai']).default('local'),
);

/** The OpenAI API itself, the one place a key is always needed. */
export function isOpenAiApi(baseUrl: string): boolean {
  return new URL(baseUrl).hostname.toLowerCase() === 'api.openai.com';
}

// `planner` names the offline planner as `local` does; unset, Ollama is looked for first.
const scriptProviderKind = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
  z.enum(['local', 'planner', 'openai', 'llama']).optional(),
);

const mediaEnvSchema = z.object({
  SCRIPT_PROVIDER: scriptProviderKind,
  LLAMA_MODEL_PATH: optionalString,
  LLAMA_MAX_TOKENS: z.coerce.number().int().min(64).max(32768).default(1536),
  LLAMA_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(55),
  LLAMA_THREADS: z.coerce.number().int().min(1).max(256).default(1),
  IMAGE_PROVIDER: providerKind,
  SPEECH_PROVIDER: providerKind,
  OPENAI_BASE_URL: stringWithDefault('https://api.openai.com/v1').pipe(z.url({ protocol: /^https?$/ })),
  OPENAI_API_KEY: optionalString,
  OPENAI_CHAT_MODEL: stringWithDefault('gpt-4o-mini'),
  OPENAI_IMAGE_MODEL: stringWithDefault('gpt-image-1'),
  OPENAI_TTS_MODEL: stringWithDefault('gpt-4o-mini-tts'),
  OPENAI_TTS_VOICE: stringWithDefault('alloy'),
  SCRIPT_BASE_URL: optionalUrl,
  SCRIPT_API_KEY: optionalString,
  SCRIPT_MODEL: optionalString,
  OLLAMA_HOST: optionalString,
  IMAGE_BASE_URL: optionalUrl,
  IMAGE_API_KEY: optionalString,
  IMAGE_MODEL: optionalString,
  SPEECH_BASE_URL: optionalUrl,
  SPEECH_API_KEY: optionalString,
  SPEECH_MODEL: optionalString,
  SPEECH_VOICE: optionalString,
  PROVIDER_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(60),
  STOCK_PROVIDER: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? v.trim().toLowerCase() : undefined),
    z.enum(['pexels', 'pixabay']).optional(),
  ),
  PEXELS_API_KEY: optionalString,
  PIXABAY_API_KEY: optionalString,
  PEXELS_API_URL: stringWithDefault('https://api.pexels.com').pipe(z.url({ protocol: /^https?$/ })),
  PIXABAY_API_URL: stringWithDefault('https://pixabay.com').pipe(z.url({ protocol: /^https?$/ })),
  DATA_DIR: stringWithDefault('./.data'),
  VOICES_DIR: optionalString,
});

/** The media section on its own, so tools that only generate media need not satisfy the rest. */
export function loadMediaConfig(env: NodeJS.ProcessEnv = process.env): MediaConfig {
  const e = parseEnv(mediaEnvSchema, env);
  const endpoint = (baseUrl: string | undefined, apiKey: string | undefined, model: string) => ({
    baseUrl: (baseUrl ?? e.OPENAI_BASE_URL).replace(/\/+$/, ''),
    apiKey: apiKey ?? e.OPENAI_API_KEY,
    model,
  });
  const endpoints = {
    script: endpoint(e.SCRIPT_BASE_URL, e.SCRIPT_API_KEY, e.SCRIPT_MODEL ?? e.OPENAI_CHAT_MODEL),
    image: endpoint(e.IMAGE_BASE_URL, e.IMAGE_API_KEY, e.IMAGE_MODEL ?? e.OPENAI_IMAGE_MODEL),
    speech: endpoint(e.SPEECH_BASE_URL, e.SPEECH_API_KEY, e.SPEECH_MODEL ?? e.OPENAI_TTS_MODEL),
  };
  // A key is needed only where the stage talks to the OpenAI API itself; Ollama, LocalAI or
  // Kokoro-FastAPI take none. Failing at start-up beats every video failing later with a 401.
  const stages = [
    ['SCRIPT', e.SCRIPT_PROVIDER, endpoints.script],
    ['IMAGE', e.IMAGE_PROVIDER, endpoints.image],
    ['SPEECH', e.SPEECH_PROVIDER, endpoints.speech],
  ] as const;
  const needKey = stages.filter(([, kind, ep]) => kind === 'openai' && !ep.apiKey && isOpenAiApi(ep.baseUrl));
  if (needKey.length > 0) {
    const names = needKey.map(([stage]) => `${stage}_PROVIDER`);
    const keys = needKey.map(([stage]) => `${stage}_API_KEY`);
    throw new ConfigError(
      `OPENAI_API_KEY (or ${keys.join(', ')}) is required when ${names.join(', ')}=openai uses api.openai.com`,
    );
  }
  if (e.SCRIPT_PROVIDER === 'llama' && !e.LLAMA_MODEL_PATH) {
    throw new ConfigError(
      'LLAMA_MODEL_PATH is required when SCRIPT_PROVIDER=llama (npm run models:install -- NAME)',
    );
  }
  const scriptProvider = e.SCRIPT_PROVIDER === 'planner' ? 'local' : (e.SCRIPT_PROVIDER ?? 'local');
  return {
    scriptProvider,
    ollama:
      e.SCRIPT_PROVIDER === undefined ? { host: ollamaHost(e.OLLAMA_HOST), model: e.SCRIPT_MODEL } : null,
    llama:
      e.SCRIPT_PROVIDER === 'llama'
        ? {
            modelPath: e.LLAMA_MODEL_PATH!,
            maxTokens: e.LLAMA_MAX_TOKENS,
            timeoutSeconds: e.LLAMA_TIMEOUT_SECONDS,
            threads: e.LLAMA_THREADS,
          }
        : undefined,
    imageProvider: e.IMAGE_PROVIDER,
    speechProvider: e.SPEECH_PROVIDER,
    endpoints,
    speechVoice: e.SPEECH_VOICE ?? e.OPENAI_TTS_VOICE,
    openai: {
      baseUrl: e.OPENAI_BASE_URL.replace(/\/+$/, ''),
      apiKey: e.OPENAI_API_KEY,
      chatModel: e.OPENAI_CHAT_MODEL,
      imageModel: e.OPENAI_IMAGE_MODEL,
      ttsModel: e.OPENAI_TTS_MODEL,
      ttsVoice: e.OPENAI_TTS_VOICE,
    },
    providerTimeoutSeconds: e.PROVIDER_TIMEOUT_SECONDS,
    stock: stockConfig(e),
    voicesDir: path.resolve(e.VOICES_DIR ?? path.join(e.DATA_DIR, 'voices')),
  };
}

/** OLLAMA_HOST as Ollama itself reads it: `host:port` or a URL; default http://127.0.0.1:11434. */
export function ollamaHost(value: string | undefined): string {
  const raw = (value ?? '').trim() || 'http://127.0.0.1:11434';
  const url = /^https?:\/\//i.test(raw) ? raw : `http://${raw}`;
  try {
    const parsed = new URL(url);
    if (!parsed.port && !/^https?:\/\/[^/]+:\d+/i.test(url) && parsed.protocol === 'http:')
      parsed.port = '11434';
    return parsed.toString().replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`OLLAMA_HOST is not a host or URL: ${raw}`);
  }
}

function stockConfig(e: z.infer<typeof mediaEnvSchema>): StockConfig | null {
  if (!e.STOCK_PROVIDER) return null;
  const [apiKey, baseUrl] =
    e.STOCK_PROVIDER === 'pexels'
      ? [e.PEXELS_API_KEY, e.PEXELS_API_URL]
      : [e.PIXABAY_API_KEY, e.PIXABAY_API_URL];
  if (!apiKey) {
    throw new ConfigError(
      `${e.STOCK_PROVIDER.toUpperCase()}_API_KEY is required when STOCK_PROVIDER=${e.STOCK_PROVIDER}`,
    );
  }
  return { provider: e.STOCK_PROVIDER, apiKey, baseUrl: baseUrl.replace(/\/+$/, '') };
}
