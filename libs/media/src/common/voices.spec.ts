import { describe, expect, it } from 'vitest';
import { parseEspeakVoices } from '../narrating/espeak-voices';
import { openAiCatalogue } from '../narrating/openai-voices';
import { type CatalogueVoice, chooseVoice, defaultVoiceFor, speaks, voicesFor } from './voices';

// Lines as `espeak-ng --voices` prints them, trimmed to the ones the rules below need.
const ESPEAK = parseEspeakVoices([
  'Pty Language       Age/Gender VoiceName          File                 Other Languages',
  ' 5  cmn             --/M      Chinese_(Mandarin,_latin_as_English) sit/cmn              (zh-cmn 5)(zh 5)',
  ' 5  de              --/M      German             gmw/de               ',
  ' 5  el              --/M      Greek              grk/el               ',
  ' 5  en-029          --/M      English_(Caribbean) gmw/en-029           (en 10)',
  ' 2  en-gb           --/M      English_(Great_Britain) gmw/en               (en 2)',
  ' 2  en-us           --/M      English_(America)  gmw/en-US            (en 3)',
  ' 5  es              --/M      Spanish_(Spain)    roa/es               ',
  ' 5  es-419          --/M      Spanish_(Latin_America) roa/es-419           (es-mx 6)',
  ' 5  fr-fr           --/M      French_(France)    roa/fr               (fr 5)',
  ' 5  fr-be           --/M      French_(Belgium)   roa/fr-BE            (fr 8)',
  ' 5  pt              --/M      Portuguese_(Portugal) roa/pt               (pt-pt 5)',
  ' 5  pt-br           --/M      Portuguese_(Brazil) roa/pt-BR            (pt 6)',
  ' 5  ru              --/M      Russian            zle/ru               ',
  ' 5  ru-cl           --/M      Russian_(Classic)  zle/ru-cl            ',
]);
const variant = (base: string): CatalogueVoice => ({
  ...ESPEAK.find((v) => v.id === base)!,
  id: `${base}+f3`,
  variant: true,
});
const CATALOGUE = [...ESPEAK, variant('de'), variant('en-us')];

const ids = (voices: CatalogueVoice[]) => voices.map((v) => v.id);

describe('which voices speak a language', () => {
  it.each([
    ['de', ['de', 'de+f3']],
    ['de-CH', ['de', 'de+f3']],
    ['DE-at', ['de', 'de+f3']],
    ['es-419', ['es', 'es-419']],
    ['es', ['es', 'es-419']],
    ['zh', ['cmn']],
    ['zh-Hans', ['cmn']],
    ['el', ['el']],
    ['ja', []],
    ['deu', []],
  ])('%s is spoken by %j', (language, expected) => {
    expect(ids(voicesFor(CATALOGUE, language))).toEqual(expected);
  });
});

describe('the default voice of a language', () => {
  it.each([
    ['de', 'de'],
    ['de-CH', 'de'],
    ['es-419', 'es-419'],
    ['es-MX', 'es-419'],
    ['es-ES', 'es'],
    ['es', 'es'],
    ['en', 'en-gb'],
    ['en-US', 'en-us'],
    ['en-AU', 'en-gb'],
    ['fr', 'fr-fr'],
    ['fr-CA', 'fr-fr'],
    ['fr-BE', 'fr-be'],
    ['pt', 'pt'],
    ['pt-BR', 'pt-br'],
    ['ru', 'ru'],
    ['zh', 'cmn'],
  ])('%s → %s', (language, expected) => {
    expect(defaultVoiceFor(CATALOGUE, language)?.id).toBe(expected);
  });

  it("is the language's first neural voice when one is installed, whatever the region asked for", () => {
    const joe: CatalogueVoice = {
      id: 'en_US-joe-medium',
      name: 'English (United States), Joe',
      language: 'en-US',
      provider: 'piper',
      quality: 'neural',
      speaks: [{ tag: 'en-us', priority: 0 }],
      variant: false,
    };
    const withPiper = [joe, ...CATALOGUE];
    for (const language of ['en', 'en-US', 'en-GB', 'en-AU'])
      expect(defaultVoiceFor(withPiper, language)?.id, language).toBe('en_US-joe-medium');
    expect(defaultVoiceFor(withPiper, 'de')?.id).toBe('de');
    expect(chooseVoice(withPiper, 'en-GB', 'en-gb')).toMatchObject({ ok: true, voice: { id: 'en-gb' } });
  });

  it('is never a variant, and is missing when nothing speaks the language', () => {
    expect(defaultVoiceFor([variant('de')], 'de')).toBeUndefined();
    expect(defaultVoiceFor(CATALOGUE, 'ja')).toBeUndefined();
  });
});

describe('choosing the voice of a video', () => {
  it('takes the language default when no voice is asked for', () => {
    expect(chooseVoice(CATALOGUE, 'de-CH', null)).toMatchObject({ ok: true, voice: { id: 'de' } });
    expect(chooseVoice(CATALOGUE, 'en', undefined)).toMatchObject({ ok: true, voice: { id: 'en-gb' } });
  });

  it('takes a voice that speaks the language, matching ids without regard to case', () => {
    expect(chooseVoice(CATALOGUE, 'de', 'de+f3')).toMatchObject({ ok: true, voice: { id: 'de+f3' } });
    expect(chooseVoice(CATALOGUE, 'es-419', 'es')).toMatchObject({ ok: true, voice: { id: 'es' } });
    expect(chooseVoice(CATALOGUE, 'en-GB', 'EN-US')).toMatchObject({ ok: true, voice: { id: 'en-us' } });
  });

  it('refuses a language no voice speaks at language', () => {
    expect(chooseVoice(CATALOGUE, 'ja', null)).toMatchObject({ ok: false, field: 'language' });
    expect(chooseVoice(CATALOGUE, 'ja', 'de')).toMatchObject({ ok: false, field: 'language' });
  });

  it('refuses an unknown voice and a voice of another language at voice', () => {
    const unknown = chooseVoice(CATALOGUE, 'de', 'klingon');
    expect(unknown).toMatchObject({ ok: false, field: 'voice' });
    expect(unknown.ok || unknown.msg).toContain('unknown voice klingon');
    const wrong = chooseVoice(CATALOGUE, 'de', 'en-us');
    expect(wrong).toMatchObject({ ok: false, field: 'voice' });
    expect(wrong.ok || wrong.msg).toContain('en-US');
  });
});

describe('the OpenAI voices', () => {
  const voices = openAiCatalogue('alloy');

  it('lists the fixed voices once each, the configured default first', () => {
    expect(ids(voices)).toContain('shimmer');
    expect(new Set(ids(voices)).size).toBe(voices.length);
    expect(ids(openAiCatalogue('nova'))[0]).toBe('nova');
    expect(ids(openAiCatalogue('custom-voice'))).toEqual(['custom-voice', ...ids(voices)]);
  });

  it('speak every language the speech models support, and no other', () => {
    const echo = voices.find((v) => v.id === 'echo')!;
    expect(echo.language).toBe('mul');
    for (const language of ['de', 'es-419', 'el', 'ru', 'ja', 'zh-Hant', 'en-US']) {
      expect(speaks(echo, language)).toBe(true);
    }
    expect(speaks(echo, 'chr')).toBe(false);
    expect(chooseVoice(voices, 'de', null)).toMatchObject({ ok: true, voice: { id: 'alloy' } });
    expect(chooseVoice(voices, 'el', 'verse')).toMatchObject({ ok: true, voice: { id: 'verse' } });
    expect(chooseVoice(voices, 'chr', null)).toMatchObject({ ok: false, field: 'language' });
  });
});
