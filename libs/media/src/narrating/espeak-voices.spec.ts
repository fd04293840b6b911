import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogueVoice, defaultVoiceFor } from '../common/voices';
import { bcp47, ESPEAK_VARIANT_LANGUAGES, ESPEAK_VARIANTS, readEspeakCatalogue } from './espeak-voices';
import { LocalSpeechProvider } from './local-speech.provider';

describe('the espeak-ng voice catalogue', () => {
  const provider = new LocalSpeechProvider();
  let voices: CatalogueVoice[];
  let dir: string;

  beforeAll(async () => {
    voices = await provider.listVoices();
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-voices-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('lists every language of the shipped data once, plus the chosen variants', () => {
    const byId = new Map(voices.map((v) => [v.id, v]));
    expect(byId.size).toBe(voices.length);
    for (const id of ['de', 'en-us', 'en-gb', 'el', 'ru', 'es', 'es-419', 'fr-fr', 'cmn', 'ja', 'ar']) {
      expect(byId.get(id), id).toMatchObject({ provider: 'espeak', quality: 'formant', variant: false });
    }
    expect(byId.get('en-us')).toMatchObject({ name: 'English (America)', language: 'en-US' });
    expect(byId.get('el')).toMatchObject({ name: 'Greek', language: 'el' });
    const languages = voices.filter((v) => !v.variant);
    expect(languages.length).toBeGreaterThan(100);
    const variants = voices.filter((v) => v.variant).map((v) => v.id);
    expect(variants).toHaveLength(ESPEAK_VARIANT_LANGUAGES.length * ESPEAK_VARIANTS.length);
    expect(variants).toContain('en-us+f3');
    expect(byId.get('de+f3')).toMatchObject({ name: 'German, female', language: 'de' });
  });

  it('is read once per process', async () => {
    expect(await provider.listVoices()).toBe(voices);
    expect(await new LocalSpeechProvider().listVoices()).toBe(voices);
  });

  it('is the list the installed espeak-ng data gives (else: npm run voices:espeak)', async () => {
    expect(voices).toEqual(await readEspeakCatalogue());
  });

  it('has a default voice for German, Greek, Russian, Spanish and English', () => {
    expect(defaultVoiceFor(voices, 'de-CH')?.id).toBe('de');
    expect(defaultVoiceFor(voices, 'el')?.id).toBe('el');
    expect(defaultVoiceFor(voices, 'ru')?.id).toBe('ru');
    expect(defaultVoiceFor(voices, 'es-419')?.id).toBe('es-419');
    expect(defaultVoiceFor(voices, 'en')?.id).toBe('en-gb');
  });

  it('gives ids that synthesise, each voice sounding its own way', async () => {
    const sample = ['de', 'en-us', 'en-us+f3', 'el', 'ru', 'es-419', 'cmn', 'chr'];
    const lengths = new Map<string, number>();
    for (const id of sample) {
      expect(voices.some((v) => v.id === id)).toBe(true);
      const speech = await provider.synthesize(
        { text: 'Zwei und drei.', voice: id },
        path.join(dir, `${id}.wav`),
      );
      expect(speech.durationSeconds, id).toBeGreaterThan(0.3);
      lengths.set(id, speech.durationSeconds);
    }
    // Different voices read the same words differently: not all lengths agree.
    expect(new Set(lengths.values()).size).toBeGreaterThan(3);
  });

  it('writes espeak-ng ids as BCP 47 tags', () => {
    expect(bcp47('en-us')).toBe('en-US');
    expect(bcp47('es-419')).toBe('es-419');
    expect(bcp47('cmn-latn-pinyin')).toBe('cmn-Latn-pinyin');
    expect(bcp47('en-gb-x-rp')).toBe('en-GB-x-rp');
    expect(bcp47('chr-us-qaaa-x-west')).toBe('chr-US-Qaaa-x-west');
  });
});
