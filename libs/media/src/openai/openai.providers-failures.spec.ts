import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FakeOpenAi,
  json,
  resetFakeOpenAi,
  scenesAnswer,
  startFakeOpenAi,
  stopFakeOpenAi,
  streamedWav,
} from '../../test/support/fake-openai';
import { ProviderError, ProviderTimeoutError } from '../common/media.errors';
import { OpenAiClient } from './openai.client';
import { OpenAiScriptProvider } from './openai-script.provider';
import { OpenAiSpeechProvider } from './openai-speech.provider';

describe('OpenAI-compatible providers', () => {
  const fake = new FakeOpenAi();
  let baseUrl: string;
  let dir: string;
  let client: OpenAiClient;

  beforeAll(async () => {
    ({ baseUrl, dir } = await startFakeOpenAi(fake));
  });
  afterAll(() => stopFakeOpenAi(fake, dir));
  beforeEach(() => {
    client = resetFakeOpenAi(fake, baseUrl);
  });

  it('turns a slow answer into ProviderTimeoutError once the timeout passes', async () => {
    fake.handlers.set('POST /v1/audio/speech', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 3000));
      if (!res.destroyed) res.writeHead(200).end(streamedWav(1));
    });
    const slowClient = new OpenAiClient({ baseUrl, apiKey: 'k', timeoutSeconds: 0.3 });
    const started = Date.now();
    await expect(
      new OpenAiSpeechProvider(slowClient, 'tts', 'alloy').synthesize(
        { text: 'Hi.' },
        path.join(dir, 'slow.wav'),
      ),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(2000);
  });

  it('times out a response whose body stalls after the headers', async () => {
    fake.handlers.set('POST /v1/audio/speech', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.write(streamedWav(0.1).subarray(0, 20));
      await new Promise((r) => setTimeout(r, 3000));
      if (!res.destroyed) res.end();
    });
    const slowClient = new OpenAiClient({ baseUrl, apiKey: 'k', timeoutSeconds: 0.3 });
    await expect(
      new OpenAiSpeechProvider(slowClient, 'tts', 'alloy').synthesize(
        { text: 'Hi.' },
        path.join(dir, 'stall.wav'),
      ),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
  });

  it("reports the caller's abort as an abort, not as a timeout", async () => {
    fake.handlers.set('POST /v1/chat/completions', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 3000));
      if (!res.destroyed) json(res, 200, scenesAnswer([]));
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = new OpenAiScriptProvider(client, 'm').writeScript(
      { prompt: 'x', language: 'en', sceneCount: 1 },
      controller.signal,
    );
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await expect(result).rejects.not.toBeInstanceOf(ProviderTimeoutError);
  });

  it('marks server errors and dropped connections retryable, client errors not', async () => {
    const provider = new OpenAiScriptProvider(client, 'm');
    const input = { prompt: 'x', language: 'en', sceneCount: 1 };
    const cases: [number, unknown, boolean][] = [
      [500, { error: { message: 'The server had an error' } }, true],
      [503, 'upstream unavailable', true],
      [429, { error: { message: 'Rate limit reached', code: 'rate_limit_exceeded' } }, true],
      [429, { error: { message: 'You exceeded your quota', code: 'insufficient_quota' } }, false],
      [400, { error: { message: 'Your request was rejected by the safety system' } }, false],
      [401, { error: { message: 'Incorrect API key provided' } }, false],
    ];
    for (const [status, body, retryable] of cases) {
      fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
        typeof body === 'string' ? res.writeHead(status).end(body) : json(res, status, body),
      );
      const err = await provider.writeScript(input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).retryable).toBe(retryable);
      expect((err as ProviderError).message).toContain(String(status));
    }
    // The API's own explanation is kept, the key never is.
    fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
      json(res, 400, { error: { message: 'Your request was rejected by the safety system' } }),
    );
    const err = (await provider.writeScript(input).catch((e: unknown) => e)) as Error;
    expect(err.message).toContain('safety system');
    expect(err.message).not.toContain('sk-test');

    fake.handlers.set('POST /v1/chat/completions', (req) => {
      req.socket.destroy();
    });
    await expect(provider.writeScript(input)).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: true,
    });

    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closedPort = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const nowhere = new OpenAiClient({
      baseUrl: `http://127.0.0.1:${closedPort}/v1`,
      apiKey: 'k',
      timeoutSeconds: 2,
    });
    await expect(new OpenAiScriptProvider(nowhere, 'm').writeScript(input)).rejects.toMatchObject({
      retryable: true,
      message: expect.stringContaining('ECONNREFUSED'),
    });
  });
});
