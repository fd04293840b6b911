import colourData from '../../data/lexicon/colours.json';
import extraThingData from '../../data/lexicon/extra-things.json';
import notThingData from '../../data/lexicon/not-things.json';
import numberData from '../../data/lexicon/numbers.json';
import pluralData from '../../data/lexicon/plurals.json';
import settingData from '../../data/lexicon/settings.json';
import synonymData from '../../data/lexicon/synonyms.json';

/**
 * The lexicon's word tables, kept as data in `libs/media/data/lexicon/` (one JSON file each, keyed
 * by language where they are per language; words folded: lower case, accents dropped) and checked
 * here once, when the module loads: a table of the wrong shape stops the worker at start-up
 * instead of drawing the wrong thing.
 */

/** The settings a backdrop can paint. */
export const SETTINGS = [
  'sky',
  'sea',
  'beach',
  'night',
  'city',
  'indoors',
  'kitchen',
  'space',
  'forest',
  'snow',
  'desert',
  'mountains',
  'meadow',
] as const;

export type Setting = (typeof SETTINGS)[number];

/** word → value, per language. */
type PerLanguage<T> = Record<string, Record<string, T>>;

function perLanguage<T>(file: string, raw: unknown, valid: (value: unknown) => value is T): PerLanguage<T> {
  for (const [language, words] of Object.entries(table(file, raw)))
    for (const [word, value] of Object.entries(table(`${file}: ${language}`, words)))
      if (!valid(value)) throw new TypeError(`${file}: ${language}: "${word}" has an invalid value`);
  return raw as PerLanguage<T>;
}

function table(what: string, raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new TypeError(`${what}: not an object`);
  return raw as Record<string, unknown>;
}

function words(what: string, raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.some((w) => typeof w !== 'string'))
    throw new TypeError(`${what}: not a word list`);
  return raw as string[];
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isSetting = (v: unknown): v is Setting => (SETTINGS as readonly unknown[]).includes(v);

/** Hue (0–360) of each colour name that has one; black, white and grey are grey levels. */
export const HUES = table('colours.json: hues', colourData.hues) as Record<string, number>;
for (const [name, hue] of Object.entries(HUES))
  if (!isNumber(hue)) throw new TypeError(`colours.json: hues: "${name}" is no number`);

const GREYS = ['black', 'white', 'grey'];

/** Colour words → colour name (a key of HUES, or black, white, grey). */
export const COLOURS = perLanguage(
  'colours.json: words',
  colourData.words,
  (v): v is string => isString(v) && (v in HUES || GREYS.includes(v)),
);

/** Our own words the annotations lack: word → English CLDR name of the thing. */
export const SYNONYMS = perLanguage('synonyms.json', synonymData, isString);

/** Setting words ("playa" → beach). */
export const SETTING_WORDS = perLanguage('settings.json', settingData, isSetting);

/** Small number words: a thing counted 2–5 times. */
export const NUMBERS = perLanguage('numbers.json', numberData, isNumber);

/** Irregular plurals → their singular, tried before the endings' rules. */
export const PLURALS = perLanguage('plurals.json', pluralData, isString);

/**
 * Words that look like a thing's keyword but are nearly always something else in a sentence:
 * verbs, adjectives and function words ("rose" of "the empire rose", "can", "watch").
 */
export const NOT_THINGS: Record<string, Set<string>> = Object.fromEntries(
  Object.entries(table('not-things.json', notThingData)).map(([language, list]) => [
    language,
    new Set(words(`not-things.json: ${language}`, list)),
  ]),
);

/** Emoji outside the thing groups that picture things too: hearts, a drop, body parts, a few people. */
export const EXTRA_HEXCODES = new Set(words('extra-things.json', extraThingData));
