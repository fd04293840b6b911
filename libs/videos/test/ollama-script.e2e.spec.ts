import type { Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { atGate, waitForVideo } from '../../../test/support/videos';
import { FakeOllama, sceneWriter } from '../../media/test/support/fake-ollama';

/**
 * With no script provider set, a stack's worker finds the Ollama at OLLAMA_HOST (here a stand-in
 * answering as Ollama documents it) and its script reaches the review gate, the record saying a
 * model wrote it; GET /providers names the model. With no model in Ollama, the planner writes and
 * the record says so, and how to connect one.
 */
describe('scripts from the Ollama a user already runs', () => {
  const ollama = new FakeOllama();
  let stack: Stack;

  beforeAll(async () => {
    const host = await ollama.start();
    ollama.writer = sceneWriter('a rainbow');
    stack = await startOwnStack('ollama-script', { env: { OLLAMA_HOST: host, SCRIPT_PROVIDER: '' } });
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    await ollama.stop();
  });

  it('writes with the model Ollama has, says so on the record and in GET /providers, and falls back to the planner with a warning when the model goes', async () => {
    const owner = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    // Nobody has asked Ollama yet: an answer given now (no model) would be kept for 30 s.
    expect(ollama.tagRequests).toBe(0);
    ollama.models = ['qwen2.5:3b'];
    const providers = await owner.api.get('/providers');
    expect(providers.body.script).toEqual({ provider: 'ollama', model: 'qwen2.5:3b' });

    const created = await owner.api.post('/videos', {
      prompt: 'Explain how a rainbow forms',
      scene_count: 3,
    });
    expect(created.status, created.text).toBe(201);
    const video = await waitForVideo(
      owner.api,
      created.body.id,
      (v) => atGate(v) || v.status === 'failed',
      120_000,
    );
    expect(video.status, JSON.stringify(video.failure_reason)).not.toBe('failed');
    // On failure, the planner's warning says why no model wrote (no Ollama, no model) and the
    // fake how often it was asked.
    expect(
      video,
      JSON.stringify({ warnings: video.warnings, tagRequests: ollama.tagRequests }),
    ).toMatchObject({
      script_source: 'model',
      warnings: [],
      scene_count: 3,
    });
    const scenes = (await owner.api.get(`/videos/${video.id}/scenes`)).body as { narration: string }[];
    expect(scenes.map((s) => s.narration)).toEqual(
      [1, 2, 3].map((n) => `Step ${n}: this is how a rainbow works, told in a full sentence.`),
    );
    expect(ollama.chats.at(-1)).toMatchObject({
      model: 'qwen2.5:3b',
      response_format: { type: 'json_schema' },
    });

    // The model is removed: the worker's call fails, it asks Ollama again and the planner writes.
    ollama.models = [];
    const planned = await owner.api.post('/videos', {
      prompt: 'Explain how a rainbow forms',
      scene_count: 3,
    });
    const fallback = await waitForVideo(
      owner.api,
      planned.body.id,
      (v) => atGate(v) || v.status === 'failed',
      120_000,
    );
    expect(fallback.script_source).toBe('planner');
    expect(fallback.warnings.map((w: { code: string }) => w.code)).toEqual(['planner_cannot_write']);
    expect(fallback.warnings[0].message).toMatch(/ollama pull/);
  }, 300_000);
});
