import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { json, streamedWav, useFakeOpenAi } from '../../test/support/fake-openai';
import { ProviderError, ProviderTimeoutError } from '../common/media.errors';
import { OpenAiClient } from '../common/openai/openai.client';
import { VoiceCatalogue } from '../common/voices';
import { OpenAiSpeechProvider } from './openai-speech.provider';
import { OPENAI_VOICES } from './openai-voices';
import { wavDurationSeconds } from './wav';

describe('OpenAI-compatible speech provider', () => {
  const stand = useFakeOpenAi();
  const { fake } = stand;

  it('synthesises WAV speech and measures it even when the header sizes are placeholders', async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(streamedWav(1.25));
    });
    const out = path.join(stand.dir, 'speech.wav');
    const speech = await new OpenAiSpeechProvider(stand.client, 'gpt-4o-mini-tts', 'alloy').synthesize(
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
    await new OpenAiSpeechProvider(stand.client, 'gpt-4o-mini-tts', 'alloy').synthesize(
      { text: 'Hi.', voice: 'verse' },
      path.join(stand.dir, 'speech-2.wav'),
    );
    expect(fake.requests[1]!.body.voice).toBe('verse');
  });

  it("asks for the speed it is given and spreads the text's words over the speech it gets back", async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(streamedWav(2));
    });
    const speech = await new OpenAiSpeechProvider(stand.client, 'gpt-4o-mini-tts', 'alloy').synthesize(
      { text: 'Bees make honey, all summer long.', voice: 'verse', speed: 1.6 },
      path.join(stand.dir, 'speech-fast.wav'),
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

  it('refuses a WAV with no audio as an error worth retrying, and stores nothing', async () => {
    fake.handlers.set('POST /v1/audio/speech', (_req, res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).end(streamedWav(0));
    });
    const out = path.join(stand.dir, 'speech-empty.wav');
    const err = await new OpenAiSpeechProvider(stand.client, 'gpt-4o-mini-tts', 'alloy')
      .synthesize({ text: 'Hello there.' }, out)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({ message: 'The speech service returned empty audio', retryable: true });
    await expect(readFile(out)).rejects.toMatchObject({ code: 'ENOENT' });
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
      const speech = new OpenAiSpeechProvider(stand.client, 'kokoro', 'af_sky');
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
      const voices = await new OpenAiSpeechProvider(stand.client, 'kokoro', 'af_bella').listVoices();
      expect(voices.map((v) => v.id)).toEqual(['af_bella', 'am_adam']);
    });

    it('keeps the OpenAI list for a server without the endpoint, and asks it again later', async () => {
      const speech = new OpenAiSpeechProvider(stand.client, 'en-us-amy-low.onnx', 'alloy');
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

  it('turns a slow answer into ProviderTimeoutError once the timeout passes', async () => {
    fake.handlers.set('POST /v1/audio/speech', async (_req, res) => {
      await new Promise((r) => setTimeout(r, 3000));
      if (!res.destroyed) res.writeHead(200).end(streamedWav(1));
    });
    const slowClient = new OpenAiClient({ baseUrl: stand.baseUrl, apiKey: 'k', timeoutSeconds: 0.3 });
    const started = Date.now();
    await expect(
      new OpenAiSpeechProvider(slowClient, 'tts', 'alloy').synthesize(
        { text: 'Hi.' },
        path.join(stand.dir, 'slow.wav'),
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
    const slowClient = new OpenAiClient({ baseUrl: stand.baseUrl, apiKey: 'k', timeoutSeconds: 0.3 });
    await expect(
      new OpenAiSpeechProvider(slowClient, 'tts', 'alloy').synthesize(
        { text: 'Hi.' },
        path.join(stand.dir, 'stall.wav'),
      ),
    ).rejects.toBeInstanceOf(ProviderTimeoutError);
  });
});
