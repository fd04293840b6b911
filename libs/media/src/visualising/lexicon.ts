import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  COLOURS,
  EXTRA_HEXCODES,
  HUES,
  NOT_THINGS,
  NUMBERS,
  PLURALS,
  SETTING_WORDS,
  type Setting,
  SYNONYMS,
} from './lexicon.tables';

/**
 * The things a text names, found through the Unicode CLDR annotations that `emojibase-data`
 * carries per locale (the emoji's name and keywords: "pieuvre", "poulpe", "mer" for 🐙) plus a
 * small synonym table of ours (libs/media/data/lexicon/, read by lexicon.tables.ts). Words are
 * lemmatised by trying the forms their endings allow
 * ("Herzen" → "herz", "corazones" → "corazon", "chevaux" → "cheval") against the annotations,
 * accents ignored, so a plural or a case ending finds its thing. Each thing's name is its English
 * CLDR name: what `depicts` says, whatever the video's language.
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

/** One thing a text names. */
export interface NamedThing {
  /** The emoji's code points, lower-case hex joined by '-' (the artwork's key). */
  hexcode: string;
  /** English CLDR name: "octopus", "drop of blood". */
  name: string;
  /** How many the text says there are, when it says a small number (2–5); else 1. */
  count: number;
  /** A colour word the text gives it ("blue blood"), as a hue 0–360, or grey levels. */
  colour?: Colour;
  /** Where in the text it was named (token index): the first named is the main subject. */
  at: number;
}

export type Colour =
  | { kind: 'hue'; hue: number; name: string }
  | { kind: 'grey'; lightness: number; name: string };

export interface SceneReading {
  things: NamedThing[];
  /** The setting words name, if any ("en la playa" → beach); the first one named wins. */
  setting: Setting | undefined;
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

interface Entry {
  hexcode: string;
  /** 3: our synonym, 2: the emoji's own name, 1: one of its keywords. */
  rank: number;
  order: number;
}

interface LanguageIndex {
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

function indexFor(language: string): LanguageIndex {
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

function tokensOf(text: string, language: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text))
    if (isWordLike) out.push(fold(segment));
  return out;
}

function lookup<T>(table: Record<string, T> | undefined, token: string, language: string): T | undefined {
  if (!table) return undefined;
  for (const form of lemmaCandidates(token, language)) if (table[form] !== undefined) return table[form];
  return undefined;
}

/** The things a text names and its setting, in the order named. */
export function readScene(text: string, language = 'en'): SceneReading {
  const lang = language.toLowerCase().split(/[-_]/)[0]!;
  const index = indexFor(lang);
  const tokens = tokensOf(text, lang);
  const things: (NamedThing & { end: number; rank: number; counted: boolean })[] = [];
  let setting: Setting | undefined;
  const colours = COLOURS[lang] ?? COLOURS.en!;
  const numbers = NUMBERS[lang] ?? {};
  const stop = NOT_THINGS[lang] ?? new Set<string>();
  const settings = SETTING_WORDS[lang] ?? {};
  // Adjectives come before the noun in English and German, mostly after it in the Romance languages.
  const colourAfter = ['es', 'fr', 'it', 'pt'].includes(lang);

  const colourAt = (i: number): Colour | undefined => {
    const word = tokens[i];
    if (word === undefined) return undefined;
    const name = lookup(colours, word, lang);
    if (!name) return undefined;
    if (name === 'black') return { kind: 'grey', lightness: 22, name };
    if (name === 'white') return { kind: 'grey', lightness: 94, name };
    if (name === 'grey') return { kind: 'grey', lightness: 62, name };
    return { kind: 'hue', hue: HUES[name]!, name };
  };

  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (numbers[word] !== undefined) continue;
    // A colour word is a colour ("orange cat", "gatti neri", "Red leaves the drop"), never a thing.
    if (colourAt(i)) continue;
    const asSetting = stop.has(word) ? undefined : lookup(settings, word, lang);
    if (asSetting) {
      setting ??= asSetting;
      continue;
    }
    // Longest phrase first: "noix de coco" before "noix".
    let found: { entry: Entry; words: number } | undefined;
    for (let n = Math.min(index.maxWords, tokens.length - i); n >= 1 && !found; n--) {
      const phrase = tokens.slice(i, i + n);
      if (n === 1 && (stop.has(word) || /^\d+$/.test(word))) break;
      const last = phrase.at(-1)!;
      const first = phrase.slice(0, -1).join(' ');
      // Of the forms the ending allows, the one our synonyms or an emoji's own name knows wins
      // ("corazones" is a keyword of the heart suit, "corazon" our anatomical heart).
      for (const form of lemmaCandidates(last, lang)) {
        const key = first ? `${first} ${form}` : form;
        const entry = index.keys.get(key);
        if (entry && (!found || entry.rank > found.entry.rank)) found = { entry, words: n };
      }
    }
    if (!found) continue;
    const hexcode = found.entry.hexcode;
    const end = i + found.words - 1;
    const colour = colourAfter
      ? (colourAt(end + 1) ?? colourAt(end + 2))
      : (colourAt(i - 1) ?? colourAt(i - 2));
    let count = 1;
    for (const back of [1, 2]) {
      const n = tokens[i - back] !== undefined ? numbers[tokens[i - back]!] : undefined;
      const digits = Number(tokens[i - back]);
      if (n) count = n;
      else if (Number.isInteger(digits) && digits >= 2 && digits <= 5) count = digits;
      if (count > 1) break;
    }
    // Two things named side by side are one thing and what it is made of or part of ("paper
    // boat", "coconut shells"): the one named by its own name wins, else the head noun (the
    // second in English and German, the first in the Romance languages).
    const before = things.at(-1);
    if (before && before.end === i - 1 && !before.counted) {
      const keepBefore = before.rank > found.entry.rank || (before.rank === found.entry.rank && colourAfter);
      if (keepBefore) {
        i = end;
        continue;
      }
      things.pop();
    }
    const same = things.find((t) => t.hexcode === hexcode);
    if (same) {
      same.count = Math.max(same.count, count);
      same.colour ??= colour;
    } else
      things.push({
        hexcode,
        name: englishName(hexcode),
        count,
        colour,
        at: i,
        end,
        rank: found.entry.rank,
        counted: count > 1,
      });
    i = end;
  }
  return { things: things.map(({ end: _end, rank: _rank, counted: _counted, ...t }) => t), setting };
}

/** The English name of a setting, as `depicts` lists it. */
export function settingName(setting: Setting): string {
  return setting;
}
