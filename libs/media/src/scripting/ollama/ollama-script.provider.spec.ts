import { loadMediaConfig } from '@vidgen/config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOllama } from '../../../test/support/fake-ollama';
import { createProviders, describeProviders } from '../../providers.factory';
import { writeReportedScript } from '../local-script.provider';
import { chooseOllamaModel, OllamaModels } from './ollama-models';
import { OllamaScriptProvider } from './ollama-script.provider';

const ollama = new FakeOllama();
let host: string;
beforeAll(async () => {
  host = await ollama.start();
});
afterAll(() => ollama.stop());
beforeEach(() => {
  ollama.models = [];
  ollama.chats.length = 0;
  ollama.tagRequests = 0;
});

const input = { prompt: 'Explain how a rainbow forms', language: 'en', sceneCount: 4 };

describe('the model a found Ollama writes with', () => {
  it('is SCRIPT_MODEL when Ollama has it, else the first installed model of the preference list', () => {
    const installed = ['nomic-embed-text:latest', 'llama3.2:latest', 'qwen2.5:3b'];
    expect(chooseOllamaModel(installed, undefined).model).toBe('qwen2.5:3b');
    expect(chooseOllamaModel(installed, 'llama3.2').model).toBe('llama3.2:latest');
    expect(chooseOllamaModel(['nomic-embed-text:latest'], undefined).model).toBeNull();
    expect(chooseOllamaModel(installed, 'mistral').reason).toMatch(/ollama pull mistral/);
    expect(chooseOllamaModel([], undefined).reason).toMatch(/no model/);
  });
});

describe('where the worker looks for Ollama', () => {
  it('is OLLAMA_HOST as Ollama reads it, default http://127.0.0.1:11434, only while SCRIPT_PROVIDER is unset', () => {
    expect(loadMediaConfig({}).ollama).toEqual({ host: 'http://127.0.0.1:11434', model: undefined });
    expect(loadMediaConfig({ OLLAMA_HOST: 'gpu-box', SCRIPT_MODEL: 'qwen2.5:3b' }).ollama).toEqual({
      host: 'http://gpu-box:11434',
      model: 'qwen2.5:3b',
    });
    expect(loadMediaConfig({ OLLAMA_HOST: 'https://ollama.example.org/' }).ollama?.host).toBe(
      'https://ollama.example.org',
    );
    expect(loadMediaConfig({ SCRIPT_PROVIDER: 'planner' })).toMatchObject({
      scriptProvider: 'local',
      ollama: null,
    });
    expect(loadMediaConfig({ SCRIPT_PROVIDER: 'local' }).ollama).toBeNull();
  });
});

describe('scripts with no script provider set', () => {
  const cfg = () => loadMediaConfig({ OLLAMA_HOST: host });

  it('go to the Ollama model found, through its OpenAI-compatible chat route with the JSON schema', async () => {
    ollama.models = ['llama3.2:latest', 'qwen2.5:3b'];
    const provider = new OllamaScriptProvider(new OllamaModels({ host, preferred: undefined }), 10);
    const written = await writeReportedScript(provider, input);
    expect(written.source).toBe('model');
    expect(written.warnings).toEqual([]);
    expect(written.scenes).toHaveLength(4);
    expect(ollama.chats).toHaveLength(1);
    expect(ollama.chats[0]).toMatchObject({
      model: 'qwen2.5:3b',
      response_format: { type: 'json_schema', json_schema: { name: 'video_script' } },
    });
    expect(ollama.chats[0]!.messages?.at(-1)?.content).toContain('Explain how a rainbow forms');
  });

  it('go to the planner, with its warning, while Ollama has no model or is not there', async () => {
    const provider = new OllamaScriptProvider(new OllamaModels({ host, preferred: undefined }), 10);
    const written = await writeReportedScript(provider, input);
    expect(written.source).toBe('planner');
    expect(written.warnings.map((w) => w.code)).toEqual(['planner_cannot_write']);
    const absent = new OllamaScriptProvider(
      new OllamaModels({ host: 'http://127.0.0.1:9', preferred: undefined }),
      10,
    );
    expect((await writeReportedScript(absent, input)).source).toBe('planner');
  });

  it('follow a model pulled after the answer was cached, once the cache is 30 s old, with no restart', async () => {
    let now = 0;
    const models = new OllamaModels({ host, preferred: undefined, now: () => now });
    const provider = new OllamaScriptProvider(models, 10);
    expect((await writeReportedScript(provider, input)).source).toBe('planner');
    ollama.models = ['qwen2.5:1.5b'];
    now = 10_000;
    expect((await writeReportedScript(provider, input)).source).toBe('planner');
    now = 31_000;
    expect((await writeReportedScript(provider, input)).source).toBe('model');
    expect(ollama.chats.map((c) => c.model)).toEqual(['qwen2.5:1.5b']);
  });

  it('ask Ollama again at once when the model they went to is gone, and use what is there now', async () => {
    const models = new OllamaModels({ host, preferred: undefined, now: () => 0 });
    const provider = new OllamaScriptProvider(models, 10);
    ollama.models = ['qwen2.5:3b', 'llama3.2:latest'];
    expect((await writeReportedScript(provider, input)).source).toBe('model');
    ollama.models = ['llama3.2:latest'];
    const written = await writeReportedScript(provider, input);
    expect(written.source).toBe('model');
    expect(ollama.chats.map((c) => c.model)).toEqual(['qwen2.5:3b', 'qwen2.5:3b', 'llama3.2:latest']);
    ollama.models = [];
    expect((await writeReportedScript(provider, input)).source).toBe('planner');
  });

  it('are described by GET /providers as the factory builds them: Ollama and its model, else the planner', async () => {
    ollama.models = ['qwen2.5:3b'];
    const described = await describeProviders(cfg());
    expect(described.script).toEqual({ provider: 'ollama', model: 'qwen2.5:3b' });
    const built = createProviders(cfg());
    expect(built.script).toBeInstanceOf(OllamaScriptProvider);
    expect((await built.describe()).script).toEqual({ provider: 'ollama', model: 'qwen2.5:3b' });
    expect((await writeReportedScript(built.script, input)).source).toBe('model');
  });

  it('stay with the planner when SCRIPT_PROVIDER=planner, whatever Ollama has', async () => {
    ollama.models = ['qwen2.5:3b'];
    const planner = loadMediaConfig({ OLLAMA_HOST: host, SCRIPT_PROVIDER: 'planner' });
    expect((await describeProviders(planner)).script).toEqual({ provider: 'local', model: 'planner' });
    expect((await writeReportedScript(createProviders(planner).script, input)).source).toBe('planner');
    expect(ollama.tagRequests).toBe(0);
    expect(ollama.chats).toHaveLength(0);
  });
});
