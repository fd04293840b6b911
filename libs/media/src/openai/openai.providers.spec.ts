import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { ConfigError, loadMediaConfig, type MediaConfig } from '@vidgen/config';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, ProviderTimeoutError } from '../common/media.errors';
import { LocalSpeechProvider } from '../narrating/local-speech.provider';
import { wavDurationSeconds } from '../narrating/wav';
import { createProviders } from '../providers.factory';
import { LocalScriptProvider } from '../scripting/local-script.provider';
import { LocalImageProvider } from '../visualising/local-image.provider';
import { OpenAiClient } from './openai.client';
import { OpenAiImageProvider } from './openai-image.provider';
import { OpenAiScriptProvider } from './openai-script.provider';
import { OpenAiSpeechProvider } from './openai-speech.provider';

interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: RequestBody;
}

/** The fields of OpenAI request bodies these tests look at. */
interface RequestBody {
  model?: string;
  prompt?: string;
  voice?: string;
  response_format?: unknown;
  messages?: { role: string; content: string }[];
  [key: string]: unknown;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A stand-in for an OpenAI-compatible API: same paths, same JSON shapes, scripted answers. */
class FakeOpenAi {
  readonly requests: Recorded[] = [];
  handlers = new Map<string, Handler>();
  private server!: Server;
  private readonly sockets = new Set<import('node:net').Socket>();

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = (raw ? JSON.parse(raw) : {}) as RequestBody;
      this.requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization,
        body,
      });
      const handler = this.handlers.get(`${req.method} ${req.url}`);
      if (!handler) {
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'no route' } }));
        return;
      }
      await handler(req, res);
    });
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

function streamedWav(seconds: number, sampleRate = 24000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(0xffffffff, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(0xffffffff, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes, 1)]);
}

async function pngBase64(width: number, height: number): Promise<string> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3366cc';
  ctx.fillRect(0, 0, width, height);
  return (await canvas.encode('png')).toString('base64');
}

const scenesAnswer = (scenes: unknown) => ({
  choices: [{ message: { role: 'assistant', content: JSON.stringify({ scenes }) } }],
});

describe('OpenAI-compatible providers', () => {
  const fake = new FakeOpenAi();
  let baseUrl: string;
  let dir: string;
  let client: OpenAiClient;

  beforeAll(async () => {
    baseUrl = await fake.start();
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-openai-'));
  });
  afterAll(async () => {
    await fake.stop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.handlers.clear();
    client = new OpenAiClient({ baseUrl, apiKey: 'sk-test', timeoutSeconds: 2 });
  });

  it('writes a script through /chat/completions in JSON mode', async () => {
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
    const scenes = await provider.writeScript({ prompt: 'Bees', sceneCount: 2, feedback: 'mention pollen' });
    expect(scenes).toEqual([
      { visual_description: 'A hive', narration: 'Bees live here.' },
      { visual_description: 'A flower', narration: 'They visit flowers.' },
    ]);
    const [request] = fake.requests;
    expect(request!.authorization).toBe('Bearer sk-test');
    expect(request!.body.model).toBe('gpt-4o-mini');
    expect(request!.body.response_format).toEqual({ type: 'json_object' });
    const user = request!.body.messages!.find((m) => m.role === 'user')!.content;
    expect(user).toContain('exactly 2 scenes');
    expect(user).toContain('mention pollen');
  });

  it('treats a script with too few scenes or no JSON as a retryable failure', async () => {
    const provider = new OpenAiScriptProvider(client, 'gpt-4o-mini');
    fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
      json(res, 200, scenesAnswer([{ visual_description: 'A hive', narration: 'Bees.' }])),
    );
    await expect(provider.writeScript({ prompt: 'Bees', sceneCount: 3 })).rejects.toMatchObject({
      name: 'ProviderError',
      retryable: true,
    });
    fake.handlers.set('POST /v1/chat/completions', (_req, res) =>
      json(res, 200, { choices: [{ message: { content: 'Sure! Here are your scenes:' } }] }),
    );
    await expect(provider.writeScript({ prompt: 'Bees', sceneCount: 1 })).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('generates an image at the size for the aspect ratio and stores it at frame size', async () => {
    const b64 = await pngBase64(1536, 1024);
    fake.handlers.set('POST /v1/images/generations', (_req, res) =>
      json(res, 200, { data: [{ b64_json: b64 }] }),
    );
    const out = path.join(dir, 'image.png');
    const image = await new OpenAiImageProvider(client, 'gpt-image-1').generateImage(
      {
        description: 'A hive',
        caption: 'Bees.',
        sceneIndex: 0,
        sceneCount: 1,
        aspectRatio: '16:9',
        seed: 's',
      },
      out,
    );
    expect(image).toEqual({ path: out, width: 1280, height: 720, mimeType: 'image/png' });
    const png = await readFile(out);
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(720);
    const body = fake.requests[0]!.body;
    expect(body).toMatchObject({ model: 'gpt-image-1', size: '1536x1024', n: 1 });
    expect(body.prompt).toContain('A hive');
    // gpt-image models reject response_format; older ones need it for base64.
    expect(body).not.toHaveProperty('response_format');

    await new OpenAiImageProvider(client, 'dall-e-3').generateImage(
      { description: 'A hive', caption: '', sceneIndex: 0, sceneCount: 1, aspectRatio: '9:16', seed: 's' },
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
        { description: 'x', caption: '', sceneIndex: 0, sceneCount: 1, aspectRatio: '1:1', seed: 's' },
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
      { prompt: 'x', sceneCount: 1 },
      controller.signal,
    );
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await expect(result).rejects.not.toBeInstanceOf(ProviderTimeoutError);
  });

  it('marks server errors and dropped connections retryable, client errors not', async () => {
    const provider = new OpenAiScriptProvider(client, 'm');
    const input = { prompt: 'x', sceneCount: 1 };
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

describe('createProviders and the media configuration', () => {
  it('uses the offline providers by default', () => {
    const cfg = loadMediaConfig({});
    expect(cfg).toMatchObject({
      scriptProvider: 'local',
      imageProvider: 'local',
      speechProvider: 'local',
      providerTimeoutSeconds: 60,
      openai: {
        baseUrl: 'https://api.openai.com/v1',
        chatModel: 'gpt-4o-mini',
        imageModel: 'gpt-image-1',
        ttsModel: 'gpt-4o-mini-tts',
      },
    });
    const providers = createProviders(cfg);
    expect(providers.script).toBeInstanceOf(LocalScriptProvider);
    expect(providers.image).toBeInstanceOf(LocalImageProvider);
    expect(providers.speech).toBeInstanceOf(LocalSpeechProvider);
  });

  it('selects OpenAI per stage', () => {
    const cfg: MediaConfig = loadMediaConfig({
      IMAGE_PROVIDER: 'openai',
      SPEECH_PROVIDER: 'OpenAI',
      OPENAI_API_KEY: 'sk-x',
      OPENAI_BASE_URL: 'http://localhost:8000/v1/',
      PROVIDER_TIMEOUT_SECONDS: '5',
    });
    expect(cfg.openai.baseUrl).toBe('http://localhost:8000/v1');
    expect(cfg.providerTimeoutSeconds).toBe(5);
    const providers = createProviders(cfg);
    expect(providers.script).toBeInstanceOf(LocalScriptProvider);
    expect(providers.image).toBeInstanceOf(OpenAiImageProvider);
    expect(providers.speech).toBeInstanceOf(OpenAiSpeechProvider);
  });

  it('refuses an OpenAI provider without a key, and unknown provider names', () => {
    expect(() => loadMediaConfig({ SCRIPT_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ SCRIPT_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
    expect(() => loadMediaConfig({ IMAGE_PROVIDER: 'midjourney' })).toThrow(ConfigError);
    expect(() => loadMediaConfig({ PROVIDER_TIMEOUT_SECONDS: '0' })).toThrow(ConfigError);
  });
});
