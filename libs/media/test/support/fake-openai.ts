// A stand-in for an OpenAI-compatible API and the canned answers it gives, for the unit specs of
// the OpenAI providers.
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { OpenAiClient } from '../../src/common/openai/openai.client';
import { type LocalServer, startLocalServer } from './local-server';

export interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: RequestBody;
}

/** The fields of OpenAI request bodies these tests look at. */
export interface RequestBody {
  model?: string;
  prompt?: string;
  voice?: string;
  response_format?: unknown;
  messages?: { role: string; content: string }[];
  [key: string]: unknown;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** A stand-in for an OpenAI-compatible API: same paths, same JSON shapes, scripted answers. */
export class FakeOpenAi {
  readonly requests: Recorded[] = [];
  handlers = new Map<string, Handler>();
  private server?: LocalServer;

  async start(): Promise<string> {
    this.server = await startLocalServer(async (req, res, raw) => {
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
    return `http://127.0.0.1:${this.server.port}/v1`;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }
}

export const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function streamedWav(seconds: number, sampleRate = 24000): Buffer {
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

export async function pngBase64(width: number, height: number): Promise<string> {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#3366cc';
  ctx.fillRect(0, 0, width, height);
  return (await canvas.encode('png')).toString('base64');
}

export const scenesAnswer = (scenes: unknown) => ({
  choices: [{ message: { role: 'assistant', content: JSON.stringify({ scenes }) } }],
});

/** Starts the fake and makes a scratch directory for the files the providers write. */
export async function startFakeOpenAi(fake: FakeOpenAi): Promise<{ baseUrl: string; dir: string }> {
  const baseUrl = await fake.start();
  const dir = await mkdtemp(path.join(tmpdir(), 'vidgen-openai-'));
  return { baseUrl, dir };
}

export async function stopFakeOpenAi(fake: FakeOpenAi, dir: string): Promise<void> {
  await fake.stop();
  await rm(dir, { recursive: true, force: true });
}

/** Forgets the requests and answers of the last test; a fresh client for the next. */
export function resetFakeOpenAi(fake: FakeOpenAi, baseUrl: string): OpenAiClient {
  fake.requests.length = 0;
  fake.handlers.clear();
  return new OpenAiClient({ baseUrl, apiKey: 'sk-test', timeoutSeconds: 2 });
}

/** The stand-in as a spec file uses it: what each test reads, valid once the file's tests run. */
export interface FakeOpenAiInUse {
  fake: FakeOpenAi;
  readonly baseUrl: string;
  /** A scratch directory for the files the providers write. */
  readonly dir: string;
  /** A client of the stand-in, fresh for each test. */
  readonly client: OpenAiClient;
}

/** Starts the stand-in before a spec file's tests, stops it after them, and resets it before each. */
export function useFakeOpenAi(): FakeOpenAiInUse {
  const fake = new FakeOpenAi();
  let started: { baseUrl: string; dir: string } | undefined;
  let client: OpenAiClient | undefined;
  beforeAll(async () => {
    started = await startFakeOpenAi(fake);
  });
  afterAll(() => (started ? stopFakeOpenAi(fake, started.dir) : undefined));
  beforeEach(() => {
    client = resetFakeOpenAi(fake, started!.baseUrl);
  });
  return {
    fake,
    get baseUrl() {
      return started!.baseUrl;
    },
    get dir() {
      return started!.dir;
    },
    get client() {
      return client!;
    },
  };
}
