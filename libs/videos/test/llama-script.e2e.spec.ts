import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '@vidgen/media';
import type { Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { atGate, events, waitForVideo } from '../../../test/support/videos';
import { startSmolLm2Stack } from './support/llama-stack';

/**
 * A script written by a real language model through the whole stack: the worker of this stack
 * runs SmolLM2-135M with llama.cpp (SCRIPT_PROVIDER=llama), and the script it writes reaches the
 * review gate within the schema and the refining limits.
 */
describe('scripts from the embedded model', () => {
  let stack: Stack;

  beforeAll(async () => {
    // The default budget (1536 tokens) holds the grammar's longest two-scene answer even at a
    // token per character, the rate of SmolLM2's loops ("E.E.E."): with 400 tokens about 1 answer
    // in 35 was cut off before it closed.
    stack = await startSmolLm2Stack('llama-script');
  }, 300_000);
  afterAll(() => stack?.stop());

  it('writes a script with SmolLM2 in the worker that keeps the schema and the limits', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const created = await owner.api.post('/videos', {
      prompt: 'Why the sky is blue, for curious kids.',
      scene_count: 2,
    });
    expect(created.status, created.text).toBe(201);
    const video = await waitForVideo(
      owner.api,
      created.body.id,
      (v) => atGate(v) || v.status === 'failed',
      600_000,
    );
    expect(video.status, JSON.stringify(video.failure_reason)).not.toBe('failed');
    const scenes = (await owner.api.get(`/videos/${created.body.id}/scenes`)).body as {
      narration: string;
      visual_description: string;
    }[];
    // One idea in the prompt, two scenes asked: one or two scenes, each within the limits.
    expect(scenes.length).toBeGreaterThanOrEqual(1);
    expect(scenes.length).toBeLessThanOrEqual(2);
    for (const scene of scenes) {
      expect(scene.narration.trim()).not.toBe('');
      expect(scene.visual_description.trim()).not.toBe('');
      expect(scene.narration.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
      expect(scene.visual_description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    }
    const log = await events(owner.api, created.body.id);
    expect(log.map((e: { type: string }) => e.type)).toContain('stage_completed');
  }, 900_000);
});
