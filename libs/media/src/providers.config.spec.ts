import { ConfigError, loadMediaConfig, type MediaConfig } from '@vidgen/config';
import { describe, expect, it } from 'vitest';
import { LocalSpeechProvider } from './narrating/local-speech.provider';
import { OpenAiSpeechProvider } from './narrating/openai-speech.provider';
import { createProviders, createSpeechProvider } from './providers.factory';
import { LocalScriptProvider } from './scripting/local-script.provider';
import { OllamaScriptProvider } from './scripting/ollama/ollama-script.provider';
import { LocalImageProvider } from './visualising/local-image.provider';
import { OpenAiImageProvider } from './visualising/openai-image.provider';

describe('createProviders and the media configuration', () => {
  it('uses the offline providers by default', () => {
    const cfg = loadMediaConfig({});
    expect(cfg).toMatchObject({
      scriptProvider: 'local',
      imageProvider: 'local',
      speechProvider: 'local',
      providerTimeoutSeconds: 60,
      openai: {
        baseUrl: 'https://api.openai.com/v1',
        chatModel: 'gpt-4o-mini',
        imageModel: 'gpt-image-1',
        ttsModel: 'gpt-4o-mini-tts',
      },
    });
    const providers = createProviders(cfg);
    // The planner, unless an Ollama model is found before a script (scripting/ollama/).
    expect(providers.script).toBeInstanceOf(OllamaScriptProvider);
    expect(createProviders(loadMediaConfig({ SCRIPT_PROVIDER: 'planner' })).script).toBeInstanceOf(
      LocalScriptProvider,
    );
    expect(providers.image).toBeInstanceOf(LocalImageProvider);
    expect(providers.speech).toBeInstanceOf(LocalSpeechProvider);
  });

  it('selects OpenAI per stage', () => {
    const cfg: MediaConfig = loadMediaConfig({
      IMAGE_PROVIDER: 'openai',
      SPEECH_PROVIDER: 'OpenAI',
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://localhost:8000/v1/',
      PROVIDER_TIMEOUT_SECONDS: '5',
    });
    expect(cfg.openai.baseUrl).toBe('http://localhost:8000/v1');
    expect(cfg.providerTimeoutSeconds).toBe(5);
    const providers = createProviders(cfg);
    // The planner, unless an Ollama model is found before a script (scripting/ollama/).
    expect(providers.script).toBeInstanceOf(OllamaScriptProvider);
    expect(createProviders(loadMediaConfig({ SCRIPT_PROVIDER: 'planner' })).script).toBeInstanceOf(
      LocalScriptProvider,
    );
    expect(providers.image).toBeInstanceOf(OpenAiImageProvider);
    expect(providers.speech).toBeInstanceOf(OpenAiSpeechProvider);
  });

  it('refuses an OpenAI provider without a key, and unknown provider names', () => {
    expect(() => loadMediaConfig({ SCRIPT_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ SCRIPT_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadMediaConfig({ IMAGE_PROVIDER: 'midjourney' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ PROVIDER_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });

  it('builds the speech provider alone, whose voices the api lists', async () => {
    const openai = createSpeechProvider(
      loadMediaConfig({ SPEECH_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x', OPENAI_TTS_VOICE: 'nova' }),
    );
    expect(openai).toBeInstanceOf(OpenAiSpeechProvider);
    const voices = await openai.listVoices();
    expect(voices[0]).toMatchObject({ id: 'nova', provider: 'openai', language: 'mul' });
    expect(voices.map((v) => v.id)).toContain('alloy');
    // The other stages' settings do not matter here: a script provider set to OpenAI is not built.
    const local = createSpeechProvider(
      loadMediaConfig({ SCRIPT_PROVIDER: 'openai', OPENAI_API_KEY: 'sk-x' }),
    );
    expect(local).toBeInstanceOf(LocalSpeechProvider);
  });
});
