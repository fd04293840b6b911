import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../common/media.errors';
import { wavDurationSeconds } from '../narrating/wav';
import { SCRIPT_JSON_SCHEMA } from '../scripting/script.request';
import {
  FakeOpenAi,
  json,
  pngBase64,
  resetFakeOpenAi,
  scenesAnswer,
  startFakeOpenAi,
  stopFakeOpenAi,
  streamedWav,
} from './fake-openai';
import type { OpenAiClient } from './openai.client';
import { OpenAiImageProvider } from './openai-image.provider';
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
    const provider = new OpenAiScriptProvider(client, 'gpt-4o-mini');
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
    await new OpenAiScriptProvider(client, 'm').writeScript({
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
    const provider = new OpenAiScriptProvider(client, 'gpt-4o-mini');
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

  it('generates an image at the size for the aspect ratio and stores it at frame size', async () => {
    const b64 = await pngBase64(1536, 1024);
    fake.handlers.set('POST /v1/images/generations', (_req, res) =>
      json(res, 200, { data: [{ b64_json: b64 }] }),
    );
    const out = path.join(dir, 'image.png');
    const image = await new OpenAiImageProvider(client, 'gpt-image-1').generateImage(
      {
        description: 'A bee on a sunflower in the meadow',
        sceneIndex: 0,
        sceneCount: 1,
        aspectRatio: '16:9',
        seed: 's',
      },
      out,
    );
    // It says what it was asked to show; a model's picture uses no third-party work.
    expect(image).toEqual({
      path: out,
      width: 1280,
      height: 720,
      mimeType: 'image/png',
      depicts: ['honeybee', 'sunflower', 'meadow'],
      attribution: [],
    });
    const png = await readFile(out);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(720);
    const body = fake.requests[0]!.body;
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', n: 1 });
    expect(body.prompt).toContain('A bee on a sunflower');
    // gpt-image models reject response_format; older ones need it for base64.
    expect(body).not.toHaveProperty('response_format');

    await new OpenAiImageProvider(client, 'dall-e-3').generateImage(
      { description: 'A hive', sceneIndex: 0, sceneCount: 1, aspectRatio: '9:16', seed: 's' },
      path.join(dir, 'image-2.png'),
    );
    expect(fake.requests[1]!.body).toMatchObject({ response_format: 'b64_json', size: '1024x1792' });
  });

  it('rejects unreadable image data without writing a file', async () => {
    fake.handlers.set('POST /v1/images/generations', (_req, res) =>
      json(res, 200, { data: [{ b64_json: Buffer.from('not an image').toString('base64') }] }),
    );
    const out = path.join(dir, 'bad-image.png');
    await expect(
      new OpenAiImageProvider(client, 'gpt-image-1').generateImage(
        { description: 'x', sceneIndex: 0, sceneCount: 1, aspectRatio: '1:1', seed: 's' },
        out,
      ),
    ).rejects.toBeInstanceOf(ProviderError);
    expect(await readdir(dir)).not.toContain('bad-image.png');
  });

  it('synthesises WAV speech and measures it even when the header sizes are placeholders', async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(streamedWav(1.25));
    });
    const out = path.join(dir, 'speech.wav');
    const speech = await new OpenAiSpeechProvider(client, 'gpt-4o-mini-tts', 'alloy').synthesize(
      { text: 'Hello there.' },
      out,
    );
    expect(speech.durationSeconds).toBeCloseTo(1.25, 6);
    expect(await wavDurationSeconds(out)).toBeCloseTo(1.25, 6);
    expect((await readFile(out)).readUInt32LE(40)).toBe(24000 * 2 * 1.25);
    expect(fake.requests[0]!.body).toEqual({
      model: 'gpt-4o-mini-tts',
      input: 'Hello there.',
      voice: 'alloy',
      response_format: 'wav',
    });
    await new OpenAiSpeechProvider(client, 'gpt-4o-mini-tts', 'alloy').synthesize(
      { text: 'Hi.', voice: 'verse' },
      path.join(dir, 'speech-2.wav'),
    );
    expect(fake.requests[1]!.body.voice).toBe('verse');
  });
});
