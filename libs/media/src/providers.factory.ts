import type { MediaConfig, MediaProviderKind } from '@vidgen/config';
import type { MediaProviders, SpeechProvider } from './common/media.types';
import { LocalSpeechProvider } from './narrating/local-speech.provider';
import { OpenAiClient } from './openai/openai.client';
import { OpenAiImageProvider } from './openai/openai-image.provider';
import { OpenAiScriptProvider } from './openai/openai-script.provider';
import { OpenAiSpeechProvider } from './openai/openai-speech.provider';
import { LocalScriptProvider } from './scripting/local-script.provider';
import { LocalImageProvider } from './visualising/local-image.provider';

/** The providers the configuration selects; each stage chooses local or OpenAI on its own. */
export function createProviders(cfg: MediaConfig): MediaProviders {
  let client: OpenAiClient | undefined;
  const openai = (stage: string): OpenAiClient => {
    if (!cfg.openai.apiKey) throw new Error(`OPENAI_API_KEY is required for the ${stage} provider`);
    client ??= new OpenAiClient({
      baseUrl: cfg.openai.baseUrl,
      apiKey: cfg.openai.apiKey,
      timeoutSeconds: cfg.providerTimeoutSeconds,
    });
    return client;
  };
  const is = (kind: MediaProviderKind) => kind === 'openai';
  return {
    script: is(cfg.scriptProvider)
      ? new OpenAiScriptProvider(openai('script'), cfg.openai.chatModel)
      : new LocalScriptProvider(),
    image: is(cfg.imageProvider)
      ? new OpenAiImageProvider(openai('image'), cfg.openai.imageModel)
      : new LocalImageProvider(),
    speech: is(cfg.speechProvider)
      ? new OpenAiSpeechProvider(openai('speech'), cfg.openai.ttsModel, cfg.openai.ttsVoice)
      : new LocalSpeechProvider({ piper: true, voicesDir: cfg.voicesDir }),
  };
}

/** The configured speech provider alone: the api lists its voices without the other providers. */
export function createSpeechProvider(cfg: MediaConfig): SpeechProvider {
  return createProviders({ ...cfg, scriptProvider: 'local', imageProvider: 'local' }).speech;
}
