import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { EXTRA_HEXCODES, NOT_THINGS, PLURALS, SYNONYMS } from './lexicon.tables';

/**
 * The lexicon: which thing a word names, through the Unicode CLDR annotations that
 * `emojibase-data` carries per locale (the emoji's name and keywords: "pieuvre", "poulpe", "mer"
 * for 🐙) plus a small synonym table of ours (libs/media/data/lexicon/, read by
 * lexicon.tables.ts). Words are lemmatised by trying the forms their endings allow ("Herzen" →
 * "herz", "corazones" → "corazon", "chevaux" → "cheval") against the annotations, accents
 * ignored, so a plural or a case ending finds its thing. Each thing's name is its English CLDR
 * name: what `depicts` says, whatever the video's language.
 */

const requireFile = createRequire(__filename);

interface EmojiRecord {
  label: string;
  hexcode: string;
  tags?: string[];
  group?: number;
  subgroup?: number;
  order?: number;
  skins?: unknown[];
}

/** The locales read; another language is read with the English annotations. */
export const LEXICON_LANGUAGES = [
  'en',
  'de',
  'es',
  'fr',
  'it',
  'pt',
  'nl',
  'pl',
  'ru',
  'ja',
  'zh',
  'ko',
  'sv',
  'da',
  'fi',
  'nb',
] as const;

// Groups of the CLDR emoji list that picture things: animals and nature, food, places, activities,
// objects. Faces, people, flags and signs are left out (a scene about people is not a smiley).
const THING_GROUPS = new Set([3, 4, 5, 6, 7]);
/** Lower case, accents and the German ß folded: "Kokosnüsse" → "kokosnusse". */
export function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[’']/g, "'");
}

/** The forms a word's ending allows, the word itself first. */
export function lemmaCandidates(word: string, language: string): string[] {
  const out = [word];
  const add = (w: string) => {
    if (w.length >= 2 && !out.includes(w)) out.push(w);
  };
  const strip = (suffix: string, repl = '') => {
    if (word.endsWith(suffix) && word.length > suffix.length + 1) add(word.slice(0, -suffix.length) + repl);
  };
  switch (language) {
    case 'en': {
      const irregular = PLURALS.en!;
      if (irregular[word]) add(irregular[word]!);
      strip('ies', 'y');
      strip('ves', 'f');
      strip('es');
      strip('s');
      strip("'s");
      break;
    }
    case 'de':
      for (const s of ['innen', 'nen', 'en', 'er', 'es', 'e', 'n', 's']) strip(s);
      break;
    case 'es':
    case 'pt':
      strip('ces', 'z');
      strip('es');
      strip('s');
      strip('a', 'o');
      strip('as', 'o');
      break;
    case 'fr':
      strip('aux', 'al');
      strip('x');
      strip('s');
      strip('e');
      strip('es');
      break;
    case 'it':
      strip('i', 'o');
      strip('i', 'e');
      strip('e', 'a');
      strip('he', 'a');
      strip('hi', 'o');
      strip('a', 'o');
      break;
    case 'nl':
      strip('en');
      strip('s');
      break;
  }
  return out;
}

export interface Entry {
  hexcode: string;
  /** 3: our synonym, 2: the emoji's own name, 1: one of its keywords. */
  rank: number;
  order: number;
}

export interface LanguageIndex {
  keys: Map<string, Entry>;
  /** Longest key, in words: phrases up to it are tried ("noix de coco", "hot air balloon"). */
  maxWords: number;
}

const loadedIndexes = new Map<string, LanguageIndex>();
let englishNames: Map<string, string> | undefined;
let englishByName: Map<string, string> | undefined;
let available: Set<string> | undefined;

/** The emoji that have artwork (set by the artwork loader: only drawable things are named). */
export function setDrawable(hexcodes: Set<string>): void {
  available = hexcodes;
  loadedIndexes.clear();
}

const normHex = (hex: string) => hex.toLowerCase();

// Read, not required: the module cache would keep every locale's whole list for good; only the
// index built from it stays.
function records(language: string): EmojiRecord[] {
  return JSON.parse(
    readFileSync(requireFile.resolve(`emojibase-data/${language}/data.json`), 'utf8'),
  ) as EmojiRecord[];
}

/** The emoji that picture things (the only ones ever drawn), whatever their artwork. */
export function thingHexcodes(): Set<string> {
  const out = new Set<string>();
  for (const e of records('en'))
    if (THING_GROUPS.has(e.group ?? -1) || EXTRA_HEXCODES.has(normHex(e.hexcode)))
      out.add(normHex(e.hexcode));
  return out;
}

function isThing(e: EmojiRecord): boolean {
  const hex = normHex(e.hexcode);
  if (available && !available.has(hex)) return false;
  return THING_GROUPS.has(e.group ?? -1) || EXTRA_HEXCODES.has(hex);
}

function english(): { names: Map<string, string>; byName: Map<string, string> } {
  if (!englishNames || !englishByName) {
    englishNames = new Map();
    englishByName = new Map();
    for (const e of records('en')) {
      const hex = normHex(e.hexcode);
      englishNames.set(hex, e.label);
      englishByName.set(e.label.toLowerCase(), hex);
    }
  }
  return { names: englishNames, byName: englishByName };
}

/** The English CLDR name of an emoji. */
export function englishName(hexcode: string): string {
  return english().names.get(normHex(hexcode)) ?? hexcode;
}

function put(index: LanguageIndex, raw: string, entry: Entry): void {
  const key = raw.replace(/[-\s]+/g, ' ').trim();
  if (key.length < 2) return;
  const was = index.keys.get(key);
  if (!was || entry.rank > was.rank || (entry.rank === was.rank && entry.order < was.order))
    index.keys.set(key, entry);
  index.maxWords = Math.max(index.maxWords, key.split(' ').length);
}

/** The index of a language's words (English for a language the lexicon does not read), built once. */
export function indexFor(language: string): LanguageIndex {
  const lang = (LEXICON_LANGUAGES as readonly string[]).includes(language) ? language : 'en';
  let index = loadedIndexes.get(lang);
  if (index) return index;
  index = { keys: new Map(), maxWords: 1 };
  const stop = NOT_THINGS[lang] ?? new Set<string>();
  for (const e of records(lang)) {
    if (!isThing(e)) continue;
    const entry = { hexcode: normHex(e.hexcode), order: e.order ?? 1e6 };
    const label = fold(e.label);
    if (!stop.has(label)) put(index, label, { ...entry, rank: 2 });
    // A keyword names the thing itself only when the name contains it ("sangre" of "gota de
    // sangre"); the others are associations ("sand" of the hourglass, "small" of the shrimp).
    for (const tag of e.tags ?? []) {
      const key = fold(tag);
      if (key.length >= 3 && !stop.has(key) && label.includes(key)) put(index, key, { ...entry, rank: 1 });
    }
  }
  const { byName } = english();
  for (const [word, name] of Object.entries(SYNONYMS[lang] ?? {})) {
    const hex = byName.get(name.toLowerCase());
    if (hex && (!available || available.has(hex)))
      put(index, fold(word), { hexcode: hex, rank: 3, order: 0 });
  }
  loadedIndexes.set(lang, index);
  return index;
}
