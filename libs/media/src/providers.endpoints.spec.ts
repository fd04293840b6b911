import { ConfigError, loadMediaConfig } from '@vidgen/config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeOpenAi,
  json,
  type RequestBody,
  startFakeOpenAi,
  stopFakeOpenAi,
  streamedWav,
} from '../test/support/fake-openai';
import { wavDurationSeconds } from './narrating/wav';
import { createProviders } from './providers.factory';
import { LocalImageProvider } from './visualising/local-image.provider';

/**
 * The README's recipes, each against a local stand-in that answers as that server documents:
 * Ollama's OpenAI-compatible chat (structured output through `response_format` json_schema),
 * Kokoro-FastAPI's and LocalAI's `/v1/audio/speech`, and the OpenAI API itself, which alone
 * insists on a key.
 */

const SCENES = [
  { visual_description: 'A red postbox on a street corner', narration: 'You drop the letter in a postbox.' },
  { visual_description: 'A mail van at noon', narration: 'A van collects it at noon.' },
];

/** Ollama ≥ 0.5 on /v1/chat/completions: an OpenAI chat.completion with its own fingerprint. */
function ollamaChat(body: RequestBody) {
  return {
    id: 'chatcmpl-397',
    object: 'chat.completion',
    created: 1_733_000_000,
    model: body.model,
    system_fingerprint: 'fp_ollama',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: JSON.stringify({ scenes: SCENES }) },
        finish_reason: 'stop',
      },
    ],
    usage: { prompt_tokens: 210, completion_tokens: 64, total_tokens: 274 },
  };
}

describe('per-stage endpoints, as the README configures them', () => {
  const fake = new FakeOpenAi();
  let baseUrl: string;
  let dir: string;

  beforeAll(async () => {
    ({ baseUrl, dir } = await startFakeOpenAi(fake));
  });
  afterAll(() => stopFakeOpenAi(fake, dir));
  beforeEach(() => {
    fake.requests.length = 0;
    fake.handlers.clear();
  });

  it('writes a script with Ollama: its own base URL and model, structured output, no key', async () => {
    fake.handlers.set('POST /v1/chat/completions', async (_req, res) => {
      const body = fake.requests.at(-1)!.body;
      // Ollama answers an unknown model with 404 and this message.
      if (body.model !== 'llama3.2')
        return json(res, 404, {
          error: { message: `model "${body.model}" not found, try pulling it first` },
        });
      return json(res, 200, ollamaChat(body));
    });
    const cfg = loadMediaConfig({
      SCRIPT_PROVIDER: 'openai',
      SCRIPT_BASE_URL: baseUrl,
      SCRIPT_MODEL: 'llama3.2',
      // Another stage on the OpenAI API does not lend its key to Ollama.
      IMAGE_PROVIDER: 'openai',
      IMAGE_API_KEY: 'sk-image-only',
    });
    const scenes = await createProviders(cfg).script.writeScript({
      prompt: 'How a letter travels: you drop it in a postbox, and a van collects it at noon.',
      language: 'en',
      sceneCount: 2,
    });
    expect(scenes).toEqual(SCENES);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', url: '/v1/chat/completions', authorization: undefined });
    expect(request!.body.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { schema: { required: ['scenes'] } },
    });
  });

  it('speaks with Kokoro-FastAPI: model "kokoro", its voice names, WAV streamed without sizes', async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      const body = fake.requests.at(-1)!.body;
      if (body.model !== 'kokoro' || !/^[a-z]{2}_[a-z]+$/.test(String(body.voice)))
        return json(res, 400, { detail: { error: 'validation_error', message: 'Invalid voice or model' } });
      // Kokoro-FastAPI streams by default: the WAV header carries placeholder sizes.
      res.writeHead(200, { 'content-type': 'audio/wav', 'transfer-encoding': 'chunked' });
      res.end(streamedWav(1.5));
    });
    const cfg = loadMediaConfig({
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: `${baseUrl}/`,
      SPEECH_MODEL: 'kokoro',
      SPEECH_VOICE: 'af_bella',
    });
    const out = `${dir}/kokoro.wav`;
    const speech = await createProviders(cfg).speech.synthesize({ text: 'A van collects it at noon.' }, out);
    expect(speech.durationSeconds).toBeCloseTo(1.5, 2);
    expect(await wavDurationSeconds(out)).toBeCloseTo(1.5, 2);
    const [request] = fake.requests;
    expect(request!.authorization).toBeUndefined();
    expect(request!.body).toMatchObject({
      model: 'kokoro',
      voice: 'af_bella',
      input: 'A van collects it at noon.',
      response_format: 'wav',
    });
  });

  it('speaks with LocalAI: the installed model by name, a plain WAV back', async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      const body = fake.requests.at(-1)!.body;
      if (body.model !== 'en-us-amy-low.onnx')
        return json(res, 500, { error: { code: 500, message: 'could not load model', type: '' } });
      res.writeHead(200, { 'content-type': 'audio/x-wav' });
      const wav = streamedWav(0.75, 22050);
      wav.writeUInt32LE(wav.length - 8, 4);
      wav.writeUInt32LE(wav.length - 44, 40);
      res.end(wav);
    });
    const cfg = loadMediaConfig({
      SPEECH_PROVIDER: 'openai',
      SPEECH_BASE_URL: baseUrl,
      SPEECH_MODEL: 'en-us-amy-low.onnx',
    });
    const speech = await createProviders(cfg).speech.synthesize({ text: 'Hello.' }, `${dir}/localai.wav`);
    expect(speech.durationSeconds).toBeCloseTo(0.75, 2);
    expect(fake.requests[0]).toMatchObject({ url: '/v1/audio/speech', authorization: undefined });
    // Unset per-stage settings fall back to the OPENAI_* ones.
    expect(fake.requests[0]!.body.voice).toBe('alloy');
  });

  it('uses OpenAI itself with OPENAI_API_KEY, and refuses to start without a key there', async () => {
    fake.handlers.set('POST /v1/chat/completions', (req, res) => {
      if (req.headers.authorization !== 'Bearer sk-live')
        return json(res, 401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
      return json(res, 200, ollamaChat(fake.requests.at(-1)!.body));
    });
    const cfg = loadMediaConfig({
      SCRIPT_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-live',
      OPENAI_BASE_URL: baseUrl,
    });
    expect(cfg.endpoints.script).toEqual({ baseUrl, apiKey: 'sk-live', model: 'gpt-4o-mini' });
    await createProviders(cfg).script.writeScript({ prompt: 'Letters', language: 'en', sceneCount: 2 });
    expect(fake.requests[0]!.authorization).toBe('Bearer sk-live');

    expect(() => loadMediaConfig({ SCRIPT_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ SPEECH_PROVIDER: 'openai' })).toThrow(/SPEECH_API_KEY/);
    // Pointed elsewhere, no key is needed; the other stages stay local.
    const local = loadMediaConfig({
      SCRIPT_PROVIDER: 'openai',
      SCRIPT_BASE_URL: 'http://localhost:11434/v1',
    });
    expect(local.endpoints.script.apiKey).toBeUndefined();
    expect(createProviders(local).image).toBeInstanceOf(LocalImageProvider);
    expect(() => loadMediaConfig({ SCRIPT_BASE_URL: 'ftp://x' })).toThrow(ConfigError);
  });
});
