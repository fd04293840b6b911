import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadMediaConfig } from '@vidgen/config';
import { describe, expect, it } from 'vitest';
import { defaultVoiceFor } from './common/voices';
import { LocalSpeechProvider } from './narrating/local-speech.provider';
import { OpenAiSpeechProvider } from './narrating/openai-speech.provider';
import { DEFAULT_PIPER_VOICE } from './narrating/piper/piper-voices';
import { createProviders, describeProviders, type ProvidersDescription } from './providers.factory';
import { LlamaScriptProvider } from './scripting/llama-script.provider';
import { LocalScriptProvider } from './scripting/local-script.provider';
import { OllamaScriptProvider, ollamaScriptDescription } from './scripting/ollama/ollama-script.provider';
import { OpenAiScriptProvider } from './scripting/openai-script.provider';
import { LocalImageProvider } from './visualising/local-image.provider';
import { OpenAiImageProvider } from './visualising/openai-image.provider';

/** A VOICES_DIR with no voice in it: the default voice is the one installed under .tools/. */
const emptyVoicesDir = () => mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));

/** Where no Ollama answers (the discard port): the planner writes, whatever runs on this machine. */
const NO_OLLAMA = 'http://127.0.0.1:9';

/** The engine the description says speaks `language`: its own entry, else the stage's. */
function describedSpeech(d: ProvidersDescription['speech'], language: string) {
  const entry = d.languages.find((l) => l.language === language.split('-')[0]);
  if (entry) return { engine: entry.provider, voice: entry.model };
  return { engine: d.provider === 'local' ? d.model : d.provider, voice: null };
}

describe('describeProviders (GET /providers)', () => {
  it('names each stage’s provider and model from its own settings, never a key or an address', async () => {
    const cfg = loadMediaConfig({
      SCRIPT_PROVIDER: 'llama',
      LLAMA_MODEL_PATH: '/srv/models/secret-dir/SmolLM2-135M-Instruct.Q4_1.gguf',
      IMAGE_PROVIDER: 'openai',
      IMAGE_API_KEY: 'sk-very-secret',
      IMAGE_MODEL: 'dall-e-3',
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: 'http://kokoro.internal:8880/v1',
      SPEECH_MODEL: 'kokoro',
      STOCK_PROVIDER: 'pixabay',
      PIXABAY_API_KEY: 'pixabay-very-secret',
      PIXABAY_API_URL: 'http://stock.internal:9000',
    });
    const description = await describeProviders(cfg);
    expect(description).toEqual({
      script: { provider: 'llama', model: 'SmolLM2-135M-Instruct.Q4_1.gguf' },
      image: { provider: 'openai', model: 'dall-e-3' },
      speech: { provider: 'openai', model: 'kokoro', languages: [] },
      stock: { provider: 'pixabay', model: null },
    });
    const text = JSON.stringify(description);
    for (const secret of ['sk-very-secret', 'pixabay-very-secret', 'internal', 'secret-dir', 'http'])
      expect(text).not.toContain(secret);
  });

  it('says Piper for a language with an installed Piper voice, espeak-ng for the others, and names the illustrator', async () => {
    const description = await describeProviders(
      loadMediaConfig({ VOICES_DIR: emptyVoicesDir(), OLLAMA_HOST: NO_OLLAMA }),
    );
    expect(description).toEqual({
      script: { provider: 'local', model: 'planner' },
      image: { provider: 'local', model: 'illustrator' },
      speech: {
        provider: 'local',
        model: 'espeak-ng',
        languages: [{ language: 'en', provider: 'piper', model: DEFAULT_PIPER_VOICE }],
      },
      stock: { provider: 'none', model: null },
    });
    expect(describedSpeech(description.speech, 'en-GB')).toEqual({
      engine: 'piper',
      voice: DEFAULT_PIPER_VOICE,
    });
    expect(describedSpeech(description.speech, 'de')).toEqual({ engine: 'espeak-ng', voice: null });
  });

  it('names the configured stock library', async () => {
    const cfg = loadMediaConfig({ STOCK_PROVIDER: 'pexels', PEXELS_API_KEY: 'k', OLLAMA_HOST: NO_OLLAMA });
    expect((await describeProviders(cfg)).stock).toEqual({ provider: 'pexels', model: null });
  });
});

describe('the factory describes what it builds', () => {
  /** What the built providers are, read from the objects themselves (class, model, voices). */
  async function whatWasBuilt(built: ReturnType<typeof createProviders>, languages: readonly string[]) {
    const { script, image, speech, stock } = built;
    const scriptName =
      script instanceof LlamaScriptProvider
        ? { provider: 'llama', model: path.basename(script.opts.modelPath) }
        : script instanceof OpenAiScriptProvider
          ? { provider: 'openai', model: script.model }
          : script instanceof LocalScriptProvider
            ? { provider: 'local', model: 'planner' }
            : script instanceof OllamaScriptProvider
              ? ollamaScriptDescription((await script.models.find()).model)
              : undefined;
    const imageName =
      image instanceof OpenAiImageProvider
        ? { provider: 'openai', model: image.model }
        : image instanceof LocalImageProvider
          ? { provider: 'local', model: 'illustrator' }
          : undefined;
    const speechName =
      speech instanceof OpenAiSpeechProvider
        ? { provider: 'openai', model: speech.model }
        : speech instanceof LocalSpeechProvider
          ? { provider: 'local', model: 'espeak-ng' }
          : undefined;
    // Per language: the engine and voice of the voice a video in that language gets by default.
    const voices = await speech.listVoices();
    const spoken = Object.fromEntries(
      languages.map((l) => {
        const v = defaultVoiceFor(voices, l)!;
        return [
          l,
          v.provider === 'piper'
            ? { engine: 'piper', voice: v.id }
            : { engine: v.provider === 'espeak' ? 'espeak-ng' : v.provider, voice: null },
        ];
      }),
    );
    return {
      script: scriptName,
      image: imageName,
      speech: speechName,
      stock: stock ? { provider: stock.name, model: null } : { provider: 'none', model: null },
      spoken,
    };
  }

  const configurations: Record<string, NodeJS.ProcessEnv> = {
    'the offline defaults (no Ollama found)': { OLLAMA_HOST: NO_OLLAMA },
    'llama scripts, OpenAI pictures and speech, Pixabay': {
      SCRIPT_PROVIDER: 'llama',
      LLAMA_MODEL_PATH: '/srv/models/SmolLM2-135M-Instruct.Q4_1.gguf',
      IMAGE_PROVIDER: 'openai',
      SPEECH_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-x',
      IMAGE_MODEL: 'dall-e-3',
      STOCK_PROVIDER: 'pixabay',
      PIXABAY_API_KEY: 'k',
    },
    'an OpenAI-compatible script server, local pictures and speech, Pexels': {
      SCRIPT_PROVIDER: 'openai',
      SCRIPT_BASE_URL: 'http://127.0.0.1:1/v1',
      SCRIPT_MODEL: 'qwen2.5:3b',
      STOCK_PROVIDER: 'pexels',
      PEXELS_API_KEY: 'k',
    },
  };
  const languages = ['en', 'en-GB', 'de', 'fr', 'ja'];

  for (const [name, env] of Object.entries(configurations)) {
    it(`describe(config) names what build(config) returns: ${name}`, async () => {
      const cfg = loadMediaConfig({ ...env, VOICES_DIR: emptyVoicesDir() });
      const description = await describeProviders(cfg);
      const built = createProviders(cfg);
      expect(await built.describe()).toEqual(description);
      const { speech, ...stages } = description;
      expect(await whatWasBuilt(built, languages)).toEqual({
        ...stages,
        speech: { provider: speech.provider, model: speech.model },
        spoken: Object.fromEntries(languages.map((l) => [l, describedSpeech(speech, l)])),
      });
    });
  }
});
