import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakeOpenAi,
  json,
  pngBase64,
  resetFakeOpenAi,
  scenesAnswer,
  startFakeOpenAi,
  stopFakeOpenAi,
  streamedWav,
} from '../../test/support/fake-openai';
import { ProviderError } from '../common/media.errors';
import { VoiceCatalogue } from '../common/voices';
import { wavDurationSeconds } from '../narrating/wav';
import { SCRIPT_JSON_SCHEMA } from '../scripting/script.request';
import { OpenAiClient } from './openai.client';
import { OpenAiImageProvider } from './openai-image.provider';
import { OpenAiScriptProvider } from './openai-script.provider';
import { OpenAiSpeechProvider } from './openai-speech.provider';
import { OPENAI_VOICES } from './openai-voices';

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

  it("asks for the speed it is given and spreads the text's words over the speech it gets back", async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(streamedWav(2));
    });
    const speech = await new OpenAiSpeechProvider(client, 'gpt-4o-mini-tts', 'alloy').synthesize(
      { text: 'Bees make honey, all summer long.', voice: 'verse', speed: 1.6 },
      path.join(dir, 'speech-fast.wav'),
    );
    expect(fake.requests[0]!.body).toMatchObject({ voice: 'verse', speed: 1.6 });
    expect(speech).toMatchObject({ provider: 'openai', voice: 'verse' });
    expect(speech.words.map((w) => w.text)).toEqual(['Bees', 'make', 'honey,', 'all', 'summer', 'long.']);
    let previous = 0;
    for (const w of speech.words) {
      expect(w.start).toBeGreaterThanOrEqual(previous);
      expect(w.end).toBeGreaterThan(w.start);
      previous = w.end;
    }
    expect(previous).toBeLessThanOrEqual(2);
  });

  /**
   * The voices of an OpenAI-compatible speech server, from its own list. The stand-in answers as
   * Kokoro-FastAPI's `GET /v1/audio/voices` does: `{"voices": [{"id", "name"}, …]}`, or plain
   * names with `?legacy=true` and before 0.3.
   */
  describe('voices of an OpenAI-compatible speech server', () => {
    const kokoro = ['af_bella', 'af_sky', 'bm_george', 'ef_dora', 'ff_siwis', 'jf_alpha', 'zf_xiaobei'];

    it("lists the server's own voices, the configured one first, each in the language its name gives", async () => {
      fake.handlers.set('GET /v1/audio/voices', (_req, res) =>
        json(res, 200, { voices: kokoro.map((id) => ({ id, name: id })) }),
      );
      const speech = new OpenAiSpeechProvider(client, 'kokoro', 'af_sky');
      const voices = await speech.listVoices();
      expect(voices.map((v) => [v.id, v.language])).toEqual([
        ['af_sky', 'en-US'],
        ['af_bella', 'en-US'],
        ['bm_george', 'en-GB'],
        ['ef_dora', 'es'],
        ['ff_siwis', 'fr'],
        ['jf_alpha', 'ja'],
        ['zf_xiaobei', 'zh'],
      ]);
      expect(voices.every((v) => v.provider === 'openai' && v.quality === 'neural')).toBe(true);
      // A Spanish video gets the Spanish voice, an English one the configured voice.
      const catalogue = new VoiceCatalogue(speech);
      expect(await catalogue.choose('es', undefined)).toMatchObject({ ok: true, voice: { id: 'ef_dora' } });
      expect(await catalogue.choose('en', undefined)).toMatchObject({ ok: true, voice: { id: 'af_sky' } });
      // A language none of its voices speaks is refused, not read out by an English voice.
      expect(await catalogue.choose('de', undefined)).toMatchObject({ ok: false, field: 'language' });
      expect((await catalogue.list('fr')).map((v) => v.id)).toEqual(['ff_siwis']);
      // Asked once: the list is kept, not fetched for every create and every GET /voices.
      await speech.listVoices();
      expect(fake.requests.filter((r) => r.url === '/v1/audio/voices')).toHaveLength(1);
      expect(fake.requests[0]!.authorization).toBe('Bearer sk-test');
    });

    it('reads the plain list of names older servers answer with', async () => {
      fake.handlers.set('GET /v1/audio/voices', (_req, res) =>
        json(res, 200, { voices: ['af_bella', 'am_adam'] }),
      );
      const voices = await new OpenAiSpeechProvider(client, 'kokoro', 'af_bella').listVoices();
      expect(voices.map((v) => v.id)).toEqual(['af_bella', 'am_adam']);
    });

    it('keeps the OpenAI list for a server without the endpoint, and asks it again later', async () => {
      const speech = new OpenAiSpeechProvider(client, 'en-us-amy-low.onnx', 'alloy');
      const voices = await speech.listVoices();
      expect(voices.map((v) => v.id)).toEqual([...OPENAI_VOICES]);
      expect(voices[0]!.language).toBe('mul');
      expect(fake.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /v1/audio/voices']);
    });

    it('does not ask OpenAI itself, which has no such endpoint', async () => {
      const openai = new OpenAiClient({
        baseUrl: 'https://api.openai.com/v1',
        apiKey: 'sk-x',
        timeoutSeconds: 1,
      });
      const asked = vi.spyOn(openai, 'getJson');
      const voices = await new OpenAiSpeechProvider(openai, 'gpt-4o-mini-tts', 'coral').listVoices();
      expect(asked).not.toHaveBeenCalled();
      expect(voices[0]!.id).toBe('coral');
      expect(voices.map((v) => v.id).sort()).toEqual([...OPENAI_VOICES].sort());
    });
  });
});
