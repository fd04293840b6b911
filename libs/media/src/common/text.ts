/** Small text helpers shared by the planner, the refiner, the captions and the subtitles. */

export function tidyWhitespace(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.;:!?])/g, '$1')
    .trim();
}

/**
 * Splits prose into sentences. The look-ahead for an upper-case letter, digit or quote keeps
 * most abbreviations and decimal numbers ("e.g. the", "3.5 seconds") in one piece.
 */
export function splitSentences(text: string): string[] {
  const tidy = tidyWhitespace(text);
  if (tidy === '') return [];
  return tidy
    .split(/(?<=[.!?…]["'”’)]?)\s+(?=["'“‘(]?[\p{Lu}\p{N}])/u)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * Splits text into sentences with `Intl.Segmenter`, so any script is handled (Greek, Cyrillic,
 * Japanese full stops…). A line break ends a sentence (list items stand alone), except inside
 * hard-wrapped prose; abbreviations after which the Unicode rules break ("Dr.", "e.g.", initials)
 * are joined back to the sentence they belong to. An unknown language falls back to English rules.
 */
export function segmentSentences(text: string, language = 'en'): string[] {
  const prepared = text
    .replace(/\r\n?/g, '\n')
    .replace(/([^\s.!?。！？:;])[ \t]*\n[ \t]*(?=\p{Ll})/gu, '$1 ')
    // "cats.Then dogs." is two sentences typed without a space.
    .replace(/(\p{Ll}{2}[.!?])(?=\p{Lu}\p{Ll})/gu, '$1 ');
  const sentences: string[] = [];
  let carry = '';
  for (const { segment } of sentenceSegmenter(language).segment(prepared)) {
    const sentence = tidyWhitespace(`${carry} ${segment}`);
    if (!/\n\s*$/.test(segment) && (NON_FINAL_ABBREVIATION.test(sentence) || /^\d{1,3}\.$/.test(sentence))) {
      carry = sentence;
      continue;
    }
    carry = '';
    if (sentence !== '') sentences.push(sentence);
  }
  if (carry !== '') sentences.push(carry);
  return sentences;
}

// After these a full stop rarely ends the sentence: titles, "e.g.", single initials. A bare list
// number ("1.") is joined to its item too.
const NON_FINAL_ABBREVIATION =
  /(?:^|[\s(])(?:dr|mr|mrs|ms|prof|st|sr|jr|mt|vs|cf|nr|fig|approx|ca|gen|col|capt|lt|sgt|rev|e\.g|i\.e|z\.b|bzw|\p{L})\.$/iu;

const segmenters = new Map<string, Intl.Segmenter>();

function sentenceSegmenter(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
    } catch {
      // A malformed language tag is a RangeError; English rules still split most scripts sensibly.
      segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    }
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/**
 * Ends in a full stop, question or exclamation mark (also the CJK ones, and in Greek text the
 * Greek question mark, written ";" or U+037E), maybe before a closing quote.
 */
export function endsWithPunctuation(text: string): boolean {
  return (
    /[.!?…。！？\u037e]["'”’)」』»]*$/u.test(text) ||
    (/\p{Script=Greek}/u.test(text) && /;["'”’)»]*$/u.test(text))
  );
}

export function capitalizeFirst(text: string): string {
  const i = text.search(/\p{L}/u);
  if (i < 0) return text;
  return text.slice(0, i) + text.charAt(i).toLocaleUpperCase('en') + text.slice(i + 1);
}

/** Cuts at the last word boundary that keeps the text within `max` characters. */
export function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const slice = text.slice(0, max + 1);
  const space = slice.lastIndexOf(' ');
  const cut = space > max * 0.5 ? slice.slice(0, space) : text.slice(0, max);
  return cut.replace(/[\s,;:–—-]+$/u, '');
}

export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/** 32-bit FNV-1a: stable across runs and platforms, which Math.random and object order are not. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(items: readonly T[], key: string): T {
  return items[hash32(key) % items.length]!;
}

/** mulberry32: a tiny seeded generator so drawings are reproducible from a seed string. */
export function seededRandom(seed: string): () => number {
  let a = hash32(seed);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Greedy word wrap; a word longer than a line is split so nothing overflows. */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of tidyWhitespace(text).split(' ')) {
    if (word === '') continue;
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = word;
    while (!fits(line) && line.length > 1) {
      let n = line.length - 1;
      while (n > 1 && !fits(line.slice(0, n))) n--;
      lines.push(line.slice(0, n));
      line = line.slice(n);
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}
