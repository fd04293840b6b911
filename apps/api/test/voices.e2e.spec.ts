import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalSpeechProvider } from '@vidgen/media';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, type TestAccount } from '../../../test/support/api';
import { probe } from '../../../test/support/ffprobe';
import { loudness } from '../../../test/support/frames';
import { createVideo, download, events, finished, waitForVideo } from '../../../test/support/videos';
import { expectError } from './support/auth-endpoints';

const GERMAN =
  'Die Geschichte des Fahrrads beginnt im Jahr 1817 mit der Laufmaschine. Später kam das Hochrad. ' +
  'Heute fahren Millionen Menschen jeden Tag mit dem Rad zur Arbeit.';

describe('voices', () => {
  let owner: TestAccount;
  beforeAll(async () => {
    owner = await createAccount({ credits: 100 });
  });

  it("GET /voices lists the Piper voices, then espeak-ng's, as {data: [{id, name, language, provider, quality}]}", async () => {
    const res = await owner.api.get('/voices');
    expect(res.status, res.text).toBe(200);
    const voices = res.body.data as { id: string; name: string; language: string; provider: string }[];
    expect(voices.length).toBeGreaterThan(100);
    for (const v of voices)
      expect(Object.keys(v).sort()).toEqual(['id', 'language', 'name', 'provider', 'quality']);
    expect(voices[0]).toEqual({
      id: 'en_US-joe-medium',
      name: 'English (United States), Joe',
      language: 'en-US',
      provider: 'piper',
      quality: 'neural',
    });
    expect(voices.slice(1).every((v) => v.provider === 'espeak')).toBe(true);
    expect(voices).toContainEqual({
      id: 'de',
      name: 'German',
      language: 'de',
      provider: 'espeak',
      quality: 'formant',
    });
    expect(voices).toContainEqual({
      id: 'en-us',
      name: 'English (America)',
      language: 'en-US',
      provider: 'espeak',
      quality: 'formant',
    });
    expect(voices.map((v) => v.id)).toEqual(expect.arrayContaining(['el', 'ru', 'es-419', 'en-us+f3']));
  });

  it('filters by language on the primary subtag', async () => {
    const de = (await owner.api.get('/voices?language=de-CH')).body.data.map((v: { id: string }) => v.id);
    expect(de).toEqual(['de', 'de+f3']);
    const es = (await owner.api.get('/voices?language=es-419')).body.data.map((v: { id: string }) => v.id);
    expect(es).toEqual(expect.arrayContaining(['es', 'es-419']));
    expect(es.every((id: string) => id.startsWith('es'))).toBe(true);
    expect((await owner.api.get('/voices?language=xx')).body).toEqual({ data: [] });
    const bad = await owner.api.get('/voices?language=not%20a%20tag');
    expectError(bad, 422, 'VALIDATION_ERROR');
    expect(bad.body.error.details[0].loc).toEqual(['query', 'language']);
  });

  it('needs videos:read', async () => {
    const k = await owner.keyWith(['assets:read']);
    expectError(await k.api.get('/voices'), 403, 'FORBIDDEN');
    const r = await owner.keyWith(['videos:read']);
    expect((await r.api.get('/voices')).status).toBe(200);
  });

  it.each([
    ['a language no voice speaks', { language: 'xx' }, ['body', 'language']],
    ['an unknown voice', { voice: 'no-such-voice' }, ['body', 'voice']],
    ['a voice of another language', { language: 'de', voice: 'en-us' }, ['body', 'voice']],
  ])('refuses %s with 422 at the field, creating nothing', async (_label, fields, loc) => {
    const before = (await owner.api.get('/videos')).body.data.length;
    const res = await owner.api.post('/videos', { prompt: 'Bees.', ...fields });
    expectError(res, 422, 'VALIDATION_ERROR');
    expect(res.body.error.details).toEqual([{ loc, msg: expect.any(String) }]);
    expect((await owner.api.get('/videos')).body.data.length).toBe(before);
  });

  it('stores the voice a video will speak with: the one asked for, else the language default', async () => {
    const chosen = await createVideo(owner.api, { prompt: 'Abejas.', language: 'es-MX', voice: 'es' });
    expect(chosen.options).toMatchObject({ language: 'es-MX', voice: 'es' });
    const defaulted = await createVideo(owner.api, { prompt: 'Пчёлы.', language: 'ru' });
    expect(defaulted.options).toMatchObject({ language: 'ru', voice: 'ru' });
    const english = await createVideo(owner.api, { prompt: 'Bees.' });
    // English's first neural voice is its default (docs/decisions/0035-neural-voices-piper.md).
    expect(english.options).toMatchObject({ language: 'en', voice: 'en_US-joe-medium' });
    for (const v of [chosen, defaulted, english])
      await waitForVideo(owner.api, v.id, (x) => x.awaiting_approval);
    for (const v of [chosen, defaulted, english])
      expect((await owner.api.delete(`/videos/${v.id}`)).status).toBe(204);
  });

  it('narrates an English video with the default neural voice: Piper speaks, at the voice’s 22050 Hz', async () => {
    const { api } = await createAccount({ credits: 100 });
    const created = await createVideo(api, {
      prompt: 'Honey bees dance to tell each other where the flowers are. A hive keeps warm in winter.',
      scene_count: 2,
      auto_approve: true,
    });
    expect(created.options).toMatchObject({ language: 'en', voice: 'en_US-joe-medium' });
    const done = await waitForVideo(api, created.id, finished, 180_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');

    const narrated = (await events(api, created.id)).filter((e) => e.type === 'scene_narrated');
    expect(narrated).toHaveLength(2);
    for (const e of narrated) expect(e.data).toMatchObject({ voice: 'en_US-joe-medium', provider: 'piper' });

    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-piper-'));
    const scenes = (await api.get(`/videos/${created.id}/scenes`)).body;
    for (const [i, scene] of scenes.entries()) {
      const file = path.join(dir, `scene-${i}.wav`);
      writeFileSync(file, (await download(scene.narration_url)).body);
      const audio = (await probe(file)).streams.find((s) => s.codec_type === 'audio')!;
      expect(Number(audio.sample_rate)).toBe(22050);
      expect(audio.channels).toBe(1);
      // Speech, not silence or noise at full scale: a voice's loudness.
      const { integrated } = await loudness(file);
      expect(integrated).toBeGreaterThan(-35);
      expect(integrated).toBeLessThan(-8);
      const seconds = Number((await probe(file)).format.duration);
      const words = scene.narration.split(/\s+/).length;
      expect(seconds).toBeGreaterThan(words / 5);
      expect(seconds).toBeLessThan(words / 1.5 + 1);
    }
  });

  it('makes a German video: German script, German voice, German subtitles', async () => {
    const { api } = await createAccount({ credits: 100 });
    const created = await createVideo(api, {
      prompt: GERMAN,
      language: 'de',
      scene_count: 3,
      auto_approve: true,
    });
    expect(created.options).toMatchObject({ language: 'de', voice: 'de' });
    const done = await waitForVideo(api, created.id, finished, 180_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');

    const scenes = (await api.get(`/videos/${created.id}/scenes`)).body;
    const narration = scenes.map((s: { narration: string }) => s.narration).join(' ');
    expect(narration).toContain('Laufmaschine');
    expect(narration).toContain('Hochrad');
    // Nothing English was put in: no "It begins with", "More on", "and".
    expect(narration).not.toMatch(/\b(?:It|begins|More|and|the|with)\b/);

    const narrated = (await events(api, created.id)).filter((e) => e.type === 'scene_narrated');
    expect(narrated).toHaveLength(3);
    for (const e of narrated) expect(e.data.voice).toBe('de');

    // espeak-ng is deterministic: the stored narration is what the German voice makes of the
    // text, and not what the English voice makes of it.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vidgen-voices-'));
    const speech = new LocalSpeechProvider();
    const german = await speech.synthesize(
      { text: scenes[0].narration, voice: 'de' },
      path.join(dir, 'de.wav'),
    );
    const english = await speech.synthesize(
      { text: scenes[0].narration, voice: 'en' },
      path.join(dir, 'en.wav'),
    );
    const stored = (await download(scenes[0].narration_url)).body;
    expect(stored.equals(readFileSync(german.path))).toBe(true);
    expect(stored.equals(readFileSync(english.path))).toBe(false);

    const vtt = (await download(done.subtitles_url)).body.toString('utf8');
    expect(vtt.startsWith('WEBVTT')).toBe(true);
    expect(vtt).toContain('Laufmaschine');
    expect(vtt).toContain('Hochrad');
  });
});
