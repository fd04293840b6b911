import {
  isOpenAiApi,
  type LlamaConfig,
  type MediaConfig,
  type MediaProviderKind,
  type ScriptProviderKind,
} from '@vidgen/config';
import type { MediaProviders, SpeechProvider } from './common/media.types';
import { LocalSpeechProvider } from './narrating/local-speech.provider';
import { OpenAiClient } from './openai/openai.client';
import { OpenAiImageProvider } from './openai/openai-image.provider';
import { OpenAiScriptProvider } from './openai/openai-script.provider';
import { OpenAiSpeechProvider } from './openai/openai-speech.provider';
import { LlamaScriptProvider } from './scripting/llama-script.provider';
import { LocalScriptProvider } from './scripting/local-script.provider';
import { LocalImageProvider } from './visualising/local-image.provider';

/** The providers the configuration selects; each stage chooses local or OpenAI on its own. */
export function createProviders(cfg: MediaConfig): MediaProviders {
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
  return {
    script:
      cfg.scriptProvider === 'llama' && cfg.llama
        ? llamaProvider(cfg.llama)
        : is(cfg.scriptProvider)
          ? new OpenAiScriptProvider(openai('script'), cfg.endpoints.script.model)
          : new LocalScriptProvider(),
    image: is(cfg.imageProvider)
      ? new OpenAiImageProvider(openai('image'), cfg.endpoints.image.model)
      : new LocalImageProvider(),
    speech: is(cfg.speechProvider)
      ? new OpenAiSpeechProvider(openai('speech'), cfg.endpoints.speech.model, cfg.speechVoice)
      : new LocalSpeechProvider({ piper: true, voicesDir: cfg.voicesDir }),
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

/** The configured speech provider alone: the api lists its voices without the other providers. */
export function createSpeechProvider(cfg: MediaConfig): SpeechProvider {
  return createProviders({ ...cfg, scriptProvider: 'local', imageProvider: 'local' }).speech;
}
