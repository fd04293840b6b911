import type { Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { ledgerOf } from '../../../test/support/lifecycle';
import { finished, waitForVideo } from '../../../test/support/videos';
import { startSmolLm2Stack } from './support/llama-stack';

/**
 * A translation by a real language model through the whole stack: the worker runs SmolLM2-135M
 * with llama.cpp (SCRIPT_PROVIDER=llama) and its grammar holds the answer to one scene per scene.
 * What so small a model writes is not a good translation; the machinery is what is checked: the
 * translated video completes with the source's pictures, its texts are the model's, and only its
 * narration is charged.
 */
describe('translations by the embedded model', () => {
  let stack: Stack;

  beforeAll(async () => {
    // The grammar lets a scene's answer run to 400 + 500 characters of text (a client scene's
    // limits) in its JSON: with 300 tokens the model, which samples, now and then ran its strings
    // long and was cut off mid-answer (not JSON) twice in a row. A token is at least a character,
    // so 1,000 tokens hold any answer the grammar allows (about 17 s at this model's pace here).
    stack = await startSmolLm2Stack('llama-translation', 1000);
  }, 300_000);
  afterAll(() => stack?.stop());

  it('translates a completed video with SmolLM2 in the worker and makes it with the same pictures', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const created = await owner.api.post('/videos', {
      prompt: 'The sun',
      scenes: [{ narration: 'The sun is a star.', visual_description: 'The sun in the sky' }],
      auto_approve: true,
    });
    expect(created.status, created.text).toBe(201);
    const source = await waitForVideo(owner.api, created.body.id, finished, 300_000);
    expect(source.status, JSON.stringify(source.failure_reason)).toBe('completed');
    const [sourceScene] = (await owner.api.get(`/videos/${source.id}/scenes`)).body as any[];

    const res = await owner.api.post(`/videos/${source.id}/translations`, { language: 'es' });
    expect(res.status, res.text).toBe(201);
    const translated = await waitForVideo(owner.api, res.body.id, finished, 600_000);
    expect(translated.status, JSON.stringify(translated.failure_reason)).toBe('completed');
    expect(translated).toMatchObject({ source_video_id: source.id, script_source: 'model' });
    expect(translated.options.language).toBe('es');
    expect(translated.video_url).toEqual(expect.any(String));

    const scenes = (await owner.api.get(`/videos/${translated.id}/scenes`)).body as any[];
    expect(scenes).toHaveLength(1);
    expect(scenes[0].narration.trim()).not.toBe('');
    expect(scenes[0].image_asset_id).toBe(sourceScene.image_asset_id);
    const charges = (await ledgerOf(translated.id)).filter((e) => e.kind === 'charged');
    expect(charges.map((c) => c.item)).toEqual(['narration']);
  }, 900_000);
});
