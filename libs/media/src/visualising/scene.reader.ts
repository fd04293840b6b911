import { withoutCameraWords } from '../common/camera-words';
import type { ImageInput } from '../common/media.types';
import { type Entry, englishName, fold, indexFor, lemmaCandidates } from './lexicon';
import { COLOURS, HUES, NOT_THINGS, NUMBERS, SETTING_WORDS, type Setting } from './lexicon.tables';

/**
 * Reading a scene: the things its text names, in the order named, each with the count and the
 * colour the text gives it, and the setting it names, in the video's language (the words through
 * lexicon.ts). What a picture shows is read, never guessed (docs/decisions/0037-the-illustrator.md).
 */

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

/** What the picture of a scene shows: the reading of its description, else of its narration. */
export function readPicture(input: Pick<ImageInput, 'description' | 'narration' | 'language'>): SceneReading {
  const language = input.language ?? 'en';
  const fromDescription = readScene(withoutCameraWords(input.description), language);
  if (fromDescription.things.length > 0 || !input.narration) return fromDescription;
  const fromNarration = readScene(input.narration, language);
  return {
    things: fromNarration.things,
    setting: fromDescription.setting ?? fromNarration.setting,
  };
}

function tokensOf(text: string, language: string): string[] {
  const out: string[] = [];
  for (const { segment, isWordLike } of new Intl.Segmenter(language, { granularity: 'word' }).segment(text))
    if (isWordLike) out.push(fold(segment));
  return out;
}

/** A table's value for a word, or for the first form its ending allows that the table knows. */
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
