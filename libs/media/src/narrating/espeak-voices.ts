import type { CatalogueVoice } from '../common/voices';
import SHIPPED_CATALOGUE from './espeak-catalogue.json';
import { runEspeak } from './espeak-runtime';

/**
 * The local provider's catalogue, read from the espeak-ng data the WASM build ships: every
 * language `espeak-ng --voices` lists, plus a female variant (`+f3`) of a handful of widely
 * spoken languages (docs/decisions/0012-voices.md). Ids are what `-v` accepts ("de", "en-us",
 * "en-us+f3").
 */

/** Variants offered, as espeak-ng variant file names under voices/!v, with their label. */
export const ESPEAK_VARIANTS = [{ file: 'f3', label: 'female' }] as const;
/** The languages whose variants are listed (espeak-ng language ids). */
export const ESPEAK_VARIANT_LANGUAGES = [
  'en-us',
  'en-gb',
  'de',
  'fr-fr',
  'es',
  'es-419',
  'it',
  'pt',
  'pt-br',
  'nl',
  'pl',
  'ru',
  'el',
  'cmn',
  'ja',
  'hi',
  'ar',
] as const;

// " 5  en-gb-x-rp      --/M      English_(Received_Pronunciation) gmw/en-GB-x-rp       (en-gb 4)(en 5)"
const VOICE_LINE = /^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*(.*)$/;

/** Parses `espeak-ng --voices` output: one entry per language id, the first line of each kept. */
export function parseEspeakVoices(lines: readonly string[]): CatalogueVoice[] {
  const voices: CatalogueVoice[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const m = VOICE_LINE.exec(line);
    if (!m || m[2] === 'Language') continue;
    const language = m[2]!;
    if (seen.has(language.toLowerCase()) || language === 'variant') continue;
    seen.add(language.toLowerCase());
    // `-v` finds a voice by its lower-case language id or its file name; "chr-US-Qaaa-x-west"
    // is found only as "chr" (its file).
    const id = language === language.toLowerCase() ? language : m[5]!.split('/').at(-1)!.toLowerCase();
    const also = [...m[6]!.matchAll(/\(([^\s()]+)\s+(\d+)\)/g)].map((a) => ({
      tag: a[1]!,
      priority: Number(a[2]),
    }));
    voices.push({
      id,
      name: m[4]!.replace(/_/g, ' '),
      language: bcp47(language.toLowerCase()),
      provider: 'espeak',
      quality: 'formant',
      speaks: [{ tag: language.toLowerCase(), priority: 0 }, ...also],
      variant: false,
    });
  }
  return voices;
}

/** Variant file names listed by `espeak-ng --voices=variant` ("!v/f3" → "f3"). */
export function parseEspeakVariants(lines: readonly string[]): Set<string> {
  const files = new Set<string>();
  for (const line of lines) {
    const file = VOICE_LINE.exec(line)?.[5];
    if (file?.startsWith('!v/')) files.add(file.slice(3));
  }
  return files;
}

/** Every language, then the chosen variants that this espeak-ng build ships. */
export function buildEspeakCatalogue(languages: CatalogueVoice[], variants: Set<string>): CatalogueVoice[] {
  const extra: CatalogueVoice[] = [];
  for (const lang of ESPEAK_VARIANT_LANGUAGES) {
    const main = languages.find((v) => v.id === lang);
    if (!main) continue;
    for (const variant of ESPEAK_VARIANTS) {
      if (!variants.has(variant.file)) continue;
      extra.push({
        ...main,
        id: `${main.id}+${variant.file}`,
        name: `${main.name}, ${variant.label}`,
        variant: true,
      });
    }
  }
  return [...languages, ...extra];
}

/**
 * Reads the catalogue from the espeak-ng data (two runs of the espeak-ng program). Only the script
 * that writes espeak-catalogue.json and the spec that checks it call this: the api and the
 * workers read the file instead and never start the program to list voices
 * (docs/decisions/0012-voices.md).
 */
export async function readEspeakCatalogue(): Promise<CatalogueVoice[]> {
  const languages = await runEspeak(['--voices']);
  const variants = await runEspeak(['--voices=variant']);
  return buildEspeakCatalogue(parseEspeakVoices(languages.stdout), parseEspeakVariants(variants.stdout));
}

const shipped = Promise.resolve(SHIPPED_CATALOGUE as CatalogueVoice[]);

/** The catalogue of the espeak-ng data in the lockfile, as `npm run voices:espeak` wrote it. */
export function espeakCatalogue(): Promise<CatalogueVoice[]> {
  return shipped;
}

/** espeak-ng's lower-case ids in BCP 47 case: "en-us" → "en-US", "cmn-latn-pinyin" → "cmn-Latn-pinyin". */
export function bcp47(id: string): string {
  const parts = id.split('-');
  let private_ = false;
  return parts
    .map((p, i) => {
      if (i === 0 || private_) return p;
      if (p === 'x') {
        private_ = true;
        return p;
      }
      if (/^[a-z]{2}$/.test(p)) return p.toUpperCase();
      if (/^[a-z]{4}$/.test(p)) return p[0]!.toUpperCase() + p.slice(1);
      return p;
    })
    .join('-');
}
