import { loadMediaConfig } from '@vidgen/config';
import { describe, expect, it } from 'vitest';
import { describeProviders } from './providers.describe';

describe('describeProviders (GET /providers)', () => {
  it('names each stage’s provider and model from its own settings, never a key or an address', () => {
    const cfg = loadMediaConfig({
      SCRIPT_PROVIDER: 'llama',
      LLAMA_MODEL_PATH: '/srv/models/secret-dir/SmolLM2-135M-Instruct.Q4_1.gguf',
      IMAGE_PROVIDER: 'openai',
      IMAGE_API_KEY: 'sk-very-secret',
      IMAGE_MODEL: 'dall-e-3',
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: 'http://kokoro.internal:8880/v1',
      SPEECH_MODEL: 'kokoro',
    });
    const description = describeProviders(cfg);
    expect(description).toEqual({
      script: { provider: 'llama', model: 'SmolLM2-135M-Instruct.Q4_1.gguf' },
      image: { provider: 'openai', model: 'dall-e-3' },
      speech: { provider: 'openai', model: 'kokoro' },
      stock: { provider: 'none', model: null },
    });
    const text = JSON.stringify(description);
    for (const secret of ['sk-very-secret', 'kokoro.internal', 'secret-dir', 'http'])
      expect(text).not.toContain(secret);
  });

  it('describes the offline defaults', () => {
    expect(describeProviders(loadMediaConfig({}))).toMatchObject({
      script: { provider: 'local', model: 'planner' },
      image: { provider: 'local', model: 'canvas' },
      speech: { provider: 'local', model: 'espeak-ng' },
    });
  });
});
