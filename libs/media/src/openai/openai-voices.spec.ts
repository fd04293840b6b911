import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoiceCatalogue } from '../common/voices';
import { FakeOpenAi, json, resetFakeOpenAi, startFakeOpenAi, stopFakeOpenAi } from './fake-openai';
import { OpenAiClient } from './openai.client';
import { OpenAiSpeechProvider } from './openai-speech.provider';
import { OPENAI_VOICES } from './openai-voices';

/**
 * The voices of an OpenAI-compatible speech server, from its own list. The stand-in answers as
 * Kokoro-FastAPI's `GET /v1/audio/voices` does: `{"voices": [{"id", "name"}, …]}`, or plain
 * names with `?legacy=true` and before 0.3.
 */
describe('voices of an OpenAI-compatible speech server', () => {
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
