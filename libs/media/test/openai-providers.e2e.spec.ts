import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { type Stack } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { startOwnStack } from '../../../test/support/own-stack';
import { download, finished, waitForVideo } from '../../../test/support/videos';

/** One second of 16-bit mono silence at 24 kHz: a real WAV whose length the pipeline must honour. */
function wavSecond(): Buffer {
  const rate = 24_000;
  const data = Buffer.alloc(rate * 2);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

interface Seen {
  path: string;
  auth: string | undefined;
  body: any;
}

/** A local server speaking the OpenAI API shapes the providers use (chat completions, images, speech). */
function fakeOpenAi(): Promise<{ url: string; seen: Seen[]; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  const png = (() => {
    const c = createCanvas(64, 64);
    const g = c.getContext('2d');
    g.fillStyle = '#3a7';
    g.fillRect(0, 0, 64, 64);
    return c.toBuffer('image/png').toString('base64');
  })();
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : undefined;
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.url === '/v1/chat/completions') {
        const text = JSON.stringify(body.messages);
        const n = Number(/Write (?:exactly )?(\d+) scenes/.exec(text)?.[1] ?? 1);
        const scenes = Array.from({ length: n }, (_, i) => ({
          visual_description: `A lantern festival, view ${i + 1}`,
          narration: `Lanterns rise over the river, part ${i + 1}.`,
        }));
        const answer = () =>
          json(200, {
            choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ scenes }) } }],
          });
        // A prompt that asks for it gets no answer: the provider's timeout ends the call.
        if (!text.includes('SLOW')) answer();
      } else if (req.url === '/v1/images/generations') {
        json(200, { data: [{ b64_json: png }] });
      } else if (req.url === '/v1/audio/speech') {
        res.writeHead(200, { 'Content-Type': 'audio/wav' });
        res.end(wavSecond());
      } else {
        json(404, { error: { message: 'no such route' } });
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
        seen,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    ),
  );
}

describe('OpenAI-compatible providers, selected by configuration, through the real pipeline', () => {
  let stack: Stack;
  let openai: Awaited<ReturnType<typeof fakeOpenAi>>;

  beforeAll(async () => {
    openai = await fakeOpenAi();
    stack = await startOwnStack('openai', {
      env: {
        SCRIPT_PROVIDER: 'openai',
        IMAGE_PROVIDER: 'openai',
        SPEECH_PROVIDER: 'openai',
        OPENAI_BASE_URL: openai.url,
        OPENAI_API_KEY: 'sk-test-local',
        OPENAI_CHAT_MODEL: 'chat-model-x',
        // Short enough for the slow-provider case, long enough that a loaded machine answering
        // the other calls late does not time them out (and retry them).
        PROVIDER_TIMEOUT_SECONDS: '10',
      },
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await openai?.close();
  });

  it('scripts, draws and narrates through the API and renders a video as long as the returned audio', async () => {
    const { api } = await createAccount({ credits: 20, baseUrl: stack.baseUrl });
    const created = await api.post('/videos', {
      prompt: 'A lantern festival.',
      scene_count: 2,
      auto_approve: true,
    });
    const done = await waitForVideo(api, created.body.id, finished, 120_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');

    const by = (p: string) => openai.seen.filter((s) => s.path === p);
    expect(by('/v1/chat/completions')).toHaveLength(1);
    expect(by('/v1/chat/completions')[0]!.body).toMatchObject({
      model: 'chat-model-x',
      response_format: { type: 'json_schema' },
    });
    expect(by('/v1/images/generations')).toHaveLength(2);
    expect(by('/v1/audio/speech')).toHaveLength(2);
    expect(openai.seen.every((s) => s.auth === 'Bearer sk-test-local')).toBe(true);

    const scenes = (await api.get(`/videos/${created.body.id}/scenes`)).body;
    expect(scenes.map((s: any) => s.narration)).toEqual([
      'Lanterns rise over the river, part 1.',
      'Lanterns rise over the river, part 2.',
    ]);
    expect(scenes.map((s: any) => s.narration_seconds)).toEqual([1, 1]);
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'vidgen-openai-')), 'v.mp4');
    writeFileSync(file, (await download(done.video_url)).body);
    const info = await probe(file);
    expect(Math.abs(Number(info.format.duration) - 2)).toBeLessThanOrEqual(0.5);
  });

  it('a provider slower than PROVIDER_TIMEOUT_SECONDS fails the video with AI_SERVICE_TIMEOUT at scripting', async () => {
    const { api } = await createAccount({ credits: 20, baseUrl: stack.baseUrl });
    const created = await api.post('/videos', { prompt: 'SLOW lanterns.', scene_count: 1 });
    const failed = await waitForVideo(api, created.body.id, finished, 120_000);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason).toMatchObject({ code: 'AI_SERVICE_TIMEOUT', stage: 'scripting' });
    expect(failed.credits_charged).toBe(0);
  });
});
