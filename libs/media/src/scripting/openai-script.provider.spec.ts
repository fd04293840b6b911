import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { json, scenesAnswer, useFakeOpenAi } from '../../test/support/fake-openai';
import { ProviderError, ProviderTimeoutError } from '../common/media.errors';
import { OpenAiClient } from '../common/openai/openai.client';
import { OpenAiScriptProvider } from './openai-script.provider';
import { SCRIPT_JSON_SCHEMA } from './script.request';

describe('OpenAI-compatible script provider', () => {
  const stand = useFakeOpenAi();
  const { fake } = stand;

  it('writes a script through /chat/completions with the script JSON schema', async () => {
    fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
      json(
        res,
        200,
        scenesAnswer([
          { visual_description: 'A hive', narration: 'Bees live here.' },
          { visual_description: 'A flower', narration: 'They visit flowers.' },
          { visual_description: 'Extra', narration: 'Dropped.' },
        ]),
      ),
    );
    const provider = new OpenAiScriptProvider(stand.client, 'gpt-4o-mini');
    const scenes = await provider.writeScript({
      prompt: 'Bienen',
      language: 'de',
      sceneCount: 2,
      feedback: 'mention pollen',
      previous: [{ visual_description: 'Old hive', narration: 'Old words.' }],
    });
    expect(scenes).toEqual([
      { visual_description: 'A hive', narration: 'Bees live here.' },
      { visual_description: 'A flower', narration: 'They visit flowers.' },
    ]);
    const [request] = fake.requests;
    expect(request!.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('gpt-4o-mini');
    expect(request!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'video_script', strict: true, schema: SCRIPT_JSON_SCHEMA },
    });
    const user = request!.body.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toContain('2 scenes');
    expect(user).toContain('mention pollen');
    expect(user).toContain('"de" (German)');
    expect(user).toContain('Old words.');
  });

  it('tells the model the audience, tone and limits, and the ideas it must give a scene each', async () => {
    fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
      json(res, 200, scenesAnswer([{ visual_description: 'A rainbow', narration: 'Light bends.' }])),
    );
    await new OpenAiScriptProvider(stand.client, 'm').writeScript({
      prompt: 'A playful video explaining how a rainbow forms, for curious kids.',
      language: 'en',
      sceneCount: 5,
    });
    const [system, user] = fake.requests[0]!.body.messages!.map((m) => m.content);
    expect(system).toContain('at most 400 characters');
    expect(system).toContain('at most 160 characters');
    expect(user).toContain('Audience: curious kids.');
    expect(user).toContain('Tone: playful.');
    expect(user).toContain('Write 5 scenes (at least 1;');
  });

  it('asks once more when an answer breaks the schema or limits, then fails without retrying', async () => {
    const provider = new OpenAiScriptProvider(stand.client, 'gpt-4o-mini');
    const answers = [
      { choices: [{ message: { content: 'Sure! Here are your scenes:' } }] },
      scenesAnswer([
        { visual_description: 'A hive', narration: 'Bees.' },
        { visual_description: 'Flowers', narration: 'Flowers.' },
      ]),
    ];
    fake.handlers.set('POST /v1/chat/completions', (_req, res) => json(res, 200, answers.shift()));
    const octopus =
      'Facts about octopuses: they have three hearts, blue blood, and they can taste with their arms.';
    // Four ideas (an opening and three facts) in 4 scenes: two scenes are not enough.
    await expect(
      provider.writeScript({ prompt: octopus, language: 'en', sceneCount: 4 }),
    ).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: false,
      message: expect.stringContaining('at least 4 were asked for'),
    });
    expect(fake.requests).toHaveLength(2);
    const retry = fake.requests[1]!.body.messages!;
    expect(retry.at(-2)).toEqual({ role: 'assistant', content: 'Sure! Here are your scenes:' });
    expect(retry.at(-1)!.content).toContain('the answer is not JSON');

    fake.requests.length = 0;
    const long = 'word '.repeat(100).trim();
    const replies = [
      scenesAnswer([{ visual_description: 'A hive', narration: long }]),
      scenesAnswer([{ visual_description: 'A hive', narration: 'Bees make honey.' }]),
    ];
    fake.handlers.set('POST /v1/chat/completions', (_req, res) => json(res, 200, replies.shift()));
    await expect(provider.writeScript({ prompt: 'Bees', language: 'en', sceneCount: 1 })).resolves.toEqual([
      { visual_description: 'A hive', narration: 'Bees make honey.' },
    ]);
    expect(fake.requests[1]!.body.messages!.at(-1)!.content).toContain('narration is over 400 characters');
  });

  it('asks afresh when the token limit cut the answer off, and names the cut-off when it happens twice', async () => {
    const provider = new OpenAiScriptProvider(stand.client, 'gpt-4o-mini');
    const cut = {
      choices: [{ finish_reason: 'length', message: { content: '{"scenes":[{"narration":"E.E.E.E.E.' } }],
    };
    const good = scenesAnswer([{ visual_description: 'A hive', narration: 'Bees make honey.' }]);
    const answers: unknown[] = [cut, good];
    fake.handlers.set('POST /v1/chat/completions', (_req, res) => json(res, 200, answers.shift()));
    await expect(provider.writeScript({ prompt: 'Bees', language: 'en', sceneCount: 1 })).resolves.toEqual([
      { visual_description: 'A hive', narration: 'Bees make honey.' },
    ]);
    // The second question is the first one again: the unfinished answer is not shown back.
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]!.body.messages).toEqual(fake.requests[0]!.body.messages);

    // Cut off twice: the stage fails and says why.
    fake.requests.length = 0;
    answers.push(cut, cut);
    await expect(
      provider.writeScript({ prompt: 'Bees', language: 'en', sceneCount: 1 }),
    ).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: false,
      message: expect.stringContaining('the answer ran out of its token budget before it was complete'),
    });
    expect(fake.requests).toHaveLength(2);
  });

  it("reports the caller's abort as an abort, not as a timeout", async () => {
    fake.handlers.set('POST /v1/chat/completions', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 3000));
      if (!res.destroyed) json(res, 200, scenesAnswer([]));
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = new OpenAiScriptProvider(stand.client, 'm').writeScript(
      { prompt: 'x', language: 'en', sceneCount: 1 },
      controller.signal,
    );
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await expect(result).rejects.not.toBeInstanceOf(ProviderTimeoutError);
  });

  it('marks server errors and dropped connections retryable, client errors not', async () => {
    const provider = new OpenAiScriptProvider(stand.client, 'm');
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
