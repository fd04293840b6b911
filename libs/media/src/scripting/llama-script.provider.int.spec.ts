import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '../common/scene-limits';
import { projectModelsDir, recommendedModel } from './llama-models';
import { LlamaScriptProvider } from './llama-script.provider';

// The model .ci/run installs (npm run models:install -- smollm2-135m).
const MODEL = path.join(
  projectModelsDir(path.resolve(__dirname, '../../../..')),
  recommendedModel('smollm2-135m').file,
);

describe.skipIf(!existsSync(MODEL))('the embedded llama.cpp script writer, with SmolLM2-135M', () => {
  const provider = new LlamaScriptProvider({
    modelPath: MODEL,
    // Holds the grammar's longest one-scene answer (560 characters of text) even at a token per
    // character, the rate of the model's loops: 400 cut about 1 answer in 35 off before it closed.
    maxTokens: 1024,
    timeoutSeconds: 120,
    threads: 1,
  });
  afterAll(() => provider.dispose());

  it('writes a script that keeps the schema and the refining limits, loading the model once', async () => {
    const first = provider.load();
    expect(provider.load()).toBe(first);
    const scenes = await provider.writeScript({
      prompt: 'Why the sky is blue.',
      language: 'en',
      sceneCount: 1,
    });
    expect(scenes.length).toBe(1);
    for (const scene of scenes) {
      expect(scene.narration.trim()).not.toBe('');
      expect(scene.visual_description.trim()).not.toBe('');
      expect(scene.narration.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
      expect(scene.visual_description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    }
    expect(provider.load()).toBe(first);
  }, 600_000);

  it('stops generating when the activity is cancelled', async () => {
    const controller = new AbortController();
    const writing = provider.writeScript(
      { prompt: 'The history of the bicycle.', language: 'en', sceneCount: 3 },
      controller.signal,
    );
    // The model is loaded (the spec before): 300 ms is well inside writing three scenes, which
    // takes seconds at this model's speed, so the abort lands mid-generation on any machine.
    setTimeout(() => controller.abort(new Error('activity cancelled')), 300);
    await expect(writing).rejects.toThrow('activity cancelled');
  }, 600_000);
});
