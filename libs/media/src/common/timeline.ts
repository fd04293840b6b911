import type { WordTiming } from './media.types';
import { splitSentences, tidyWhitespace, wrapWords } from './text';

export interface TimelineScene {
  narration: string;
  durationSeconds: number;
  /** When each narration word is spoken, from the start of the scene's narration. */
  words?: readonly WordTiming[] | null;
}

/** A span of the video in seconds. `index` is the zero-based scene index in a timeline. */
export interface Cue {
  index: number;
  start: number;
  end: number;
  text: string;
  /** The words of `text` and when each is spoken, on the same clock as `start` and `end`. */
  words?: WordTiming[];
}

/** The longest line a player shows; a phrase longer than this (one very long word) wraps. */
export const MAX_CUE_LINE_CHARS = 42;

const round3 = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/**
 * Scene i starts where scene i-1's narration ends. Boundaries are rounded to whole
 * milliseconds from the running sum (not summed after rounding), so neighbouring cues share a
 * boundary exactly and the error never accumulates over many scenes.
 */
export function buildTimeline(scenes: TimelineScene[]): { cues: Cue[]; totalSeconds: number } {
  const cues: Cue[] = [];
  let elapsed = 0;
  scenes.forEach((scene, index) => {
    const d = scene.durationSeconds;
    if (!Number.isFinite(d) || d < 0) throw new RangeError(`Scene ${index} has an invalid duration: ${d}`);
    const start = round3(elapsed);
    elapsed += d;
    const end = round3(elapsed);
    const cue: Cue = { index, start, end, text: tidyWhitespace(scene.narration ?? '') };
    if (scene.words && scene.words.length > 0) cue.words = placeWords(scene.words, cue.text, start, end);
    cues.push(cue);
  });
  return { cues, totalSeconds: round3(elapsed) };
}

/**
 * A scene's word timings moved onto the video's clock: shifted by the scene's start, kept in
 * order and inside the scene's span, whole milliseconds. Where the voice reported one timing
 * per written word, each word reads as the narration writes it (a voice may drop punctuation).
 */
function placeWords(
  words: readonly WordTiming[],
  narration: string,
  start: number,
  end: number,
): WordTiming[] {
  const written = narration === '' ? [] : narration.split(' ');
  const asWritten = written.length === words.length;
  let previous = start;
  return words.map((w, i) => {
    const wordStart = Math.min(end, Math.max(previous, round3(start + w.start)));
    const wordEnd = Math.min(end, Math.max(wordStart, round3(start + w.end)));
    previous = wordEnd;
    return { text: asWritten ? written[i]! : w.text, start: wordStart, end: wordEnd };
  });
}

/** A caption shows a short phrase at a time: what the eye takes in while the voice says it. */
export const MAX_PHRASE_WORDS = 7;
export const MAX_PHRASE_CHARS = 32;

/**
 * WebVTT for the given scene cues: each scene's narration as the same short phrases, with the
 * same timing, that the burned-in captions show (phraseCues).
 */
export function toWebVtt(cues: Cue[]): string {
  const blocks: string[] = [];
  for (const cue of cues) {
    for (const piece of phraseCues(cue)) {
      blocks.push(
        `${blocks.length + 1}\n${formatTimestamp(piece.start)} --> ${formatTimestamp(piece.end)}\n${wrapLines(
          piece.text,
        )
          .map(escapeCueText)
          .join('\n')}`,
      );
    }
  }
  return `WEBVTT\n\n${blocks.map((b) => `${b}\n\n`).join('')}`;
}

/**
 * A scene's narration as phrases that share its span in proportion to their length (roughly
 * how long speech takes to say them), each inside the scene's span, back to back. `index` is
 * the scene's. Boundaries are whole milliseconds.
 */
export function phraseCues(cue: Cue): Cue[] {
  const text = tidyWhitespace(cue.text);
  const startMs = Math.round(cue.start * 1000);
  const endMs = Math.round(cue.end * 1000);
  if (text === '' || endMs <= startMs) return [];

  const chunks = phrases(text);
  const timed = cue.words && timedPhrases(chunks, cue.words, startMs, endMs, cue.index);
  if (timed) return timed;
  // Each phrase gets a little fixed time on top of its share by length: a voice pauses between
  // phrases, and a short one is not flashed on screen for a few milliseconds.
  const weights = chunks.map((c) => c.length + 4);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = endMs - startMs;
  const pieces: Cue[] = [];
  let acc = 0;
  let prev = startMs;
  chunks.forEach((chunk, i) => {
    acc += weights[i]!;
    const boundary = i === chunks.length - 1 ? endMs : startMs + Math.round((span * acc) / total);
    if (boundary > prev) {
      pieces.push({ index: cue.index, start: prev / 1000, end: boundary / 1000, text: chunk });
      prev = boundary;
    } else if (pieces.length > 0) {
      // A span too short to split: keep the words, append them to the previous phrase.
      const last = pieces[pieces.length - 1]!;
      last.text = `${last.text} ${chunk}`;
    }
  });
  return pieces;
}

/**
 * Phrases timed by their words: each shows from its first word (the first from the scene's
 * start) until the next phrase's first word (the last until the scene's end), so captions stay
 * on screen without a gap and change as the voice moves on. Undefined when the words are not
 * the narration's (then the phrases share the span by length).
 */
function timedPhrases(
  chunks: string[],
  words: WordTiming[],
  startMs: number,
  endMs: number,
  index: number,
): Cue[] | undefined {
  const counts = chunks.map((c) => c.split(' ').length);
  if (counts.reduce((a, b) => a + b, 0) !== words.length) return undefined;
  const groups: WordTiming[][] = [];
  let at = 0;
  for (const n of counts) {
    groups.push(words.slice(at, at + n));
    at += n;
  }
  const pieces: Cue[] = [];
  let prev = startMs;
  // A phrase with no time of its own joins the phrase after it (or, the last, the one before).
  let carried: { text: string; words: WordTiming[] } | undefined;
  groups.forEach((group, i) => {
    const next = groups[i + 1];
    const boundary = next ? Math.min(endMs, Math.max(prev, Math.round(next[0]!.start * 1000))) : endMs;
    const text = carried ? `${carried.text} ${chunks[i]}` : chunks[i]!;
    const own = carried ? [...carried.words, ...group] : group;
    carried = undefined;
    if (boundary > prev) {
      pieces.push({ index, start: prev / 1000, end: boundary / 1000, text, words: own });
      prev = boundary;
    } else if (next) {
      carried = { text, words: own };
    } else if (pieces.length > 0) {
      const last = pieces[pieces.length - 1]!;
      last.text = `${last.text} ${text}`;
      last.words = [...(last.words ?? []), ...own];
    }
  });
  return pieces;
}

/**
 * Splits narration into phrases of at most MAX_PHRASE_WORDS words and about MAX_PHRASE_CHARS
 * characters. A phrase never spans two sentences; within a sentence it breaks after a comma,
 * semicolon or colon where it can, and a clause too long for one phrase is cut into the fewest
 * phrases of similar length, so no phrase is a stray word.
 */
export function phrases(text: string): string[] {
  const out: string[] = [];
  for (const sentence of splitSentences(tidyWhitespace(text))) {
    let current: string | undefined;
    for (const clause of clausesOf(sentence)) {
      const joined = current === undefined ? clause : `${current} ${clause}`;
      if (fitsPhrase(joined)) {
        current = joined;
        continue;
      }
      if (current !== undefined) out.push(current);
      const parts = balancedSplit(clause);
      current = parts.pop();
      out.push(...parts);
    }
    if (current !== undefined) out.push(current);
  }
  return out;
}

function clausesOf(sentence: string): string[] {
  return sentence.split(/(?<=[,;:])\s+/).filter((c) => c !== '');
}

function fitsPhrase(text: string): boolean {
  const words = text.split(' ');
  return words.length <= MAX_PHRASE_WORDS && (text.length <= MAX_PHRASE_CHARS || words.length === 1);
}

/** The fewest phrases of similar length (by characters) that each fit. */
function balancedSplit(clause: string): string[] {
  const words = clause.split(' ');
  const least = Math.max(
    Math.ceil(clause.length / MAX_PHRASE_CHARS),
    Math.ceil(words.length / MAX_PHRASE_WORDS),
  );
  for (let parts = least; parts < words.length; parts++) {
    const target = clause.length / parts;
    const chunks: string[] = [];
    let current = '';
    for (const [i, word] of words.entries()) {
      const candidate = current === '' ? word : `${current} ${word}`;
      // Words still to place must leave at least one per phrase still to fill.
      const mustBreak = words.length - i <= parts - chunks.length - 1;
      const full = candidate.length > target + 3 || !fitsPhrase(candidate);
      if (current !== '' && (full || mustBreak) && chunks.length < parts - 1) {
        chunks.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    chunks.push(current);
    if (chunks.every(fitsPhrase)) return moveLeadingWords(chunks);
  }
  return words;
}

/** English words that lead into what follows: a phrase should not end on one. */
const LEADING_WORDS = new Set(
  'a an the to of in on at for with from by into onto and or but nor so that as its their his her our your my this these those'.split(
    ' ',
  ),
);

/** A phrase that ends on a leading word ("… dry the") gives it to the next phrase where that one still fits. */
function moveLeadingWords(chunks: string[]): string[] {
  for (let i = 0; i < chunks.length - 1; i++) {
    const cut = chunks[i]!.lastIndexOf(' ');
    const last = chunks[i]!.slice(cut + 1);
    if (cut < 0 || !LEADING_WORDS.has(last.toLowerCase())) continue;
    const next = `${last} ${chunks[i + 1]}`;
    if (!fitsPhrase(next)) continue;
    chunks[i] = chunks[i]!.slice(0, cut);
    chunks[i + 1] = next;
  }
  return chunks;
}

function wrapLines(text: string): string[] {
  return wrapWords(text, (line) => line.length <= MAX_CUE_LINE_CHARS);
}

export function formatTimestamp(seconds: number): string {
  const totalMs = Math.max(0, Math.round(seconds * 1000));
  const ms = totalMs % 1000;
  const totalS = Math.floor(totalMs / 1000);
  const s = totalS % 60;
  const m = Math.floor(totalS / 60) % 60;
  const h = Math.floor(totalS / 3600);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms, 3)}`;
}

/** "<", "&" and the cue arrow have meaning in a cue payload. */
function escapeCueText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const TIMING_LINE =
  /^(\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3}) --> (\d{2,}):([0-5]\d):([0-5]\d)\.(\d{3})(?: .*)?$/;

/**
 * A strict reader for the WebVTT this module writes (and the subset players need): header,
 * blank-line separated cues, optional identifiers, ordered non-overlapping times. Throws on
 * anything else, which makes it a check as much as a parser.
 */
export function parseWebVtt(text: string): Cue[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  if (!/^(?:\uFEFF)?WEBVTT(?:[ \t][^\n]*)?(?:\n|$)/.test(normalized))
    throw new Error('Missing WEBVTT header');
  const blocks = normalized.split(/\n{2,}/).slice(1);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const lines = block.split('\n').filter((l, i, all) => !(l === '' && i === all.length - 1));
    if (lines.length === 0 || (lines.length === 1 && lines[0] === '')) continue;
    if (/^NOTE(?:\s|$)/.test(lines[0]!)) continue;
    const timingIndex = lines[0]!.includes('-->') ? 0 : 1;
    const m = TIMING_LINE.exec(lines[timingIndex] ?? '');
    if (!m) throw new Error(`Invalid cue timing: ${lines[timingIndex] ?? block}`);
    const t = (h: string, mm: string, s: string, ms: string) =>
      Number(h) * 3600 + Number(mm) * 60 + Number(s) + Number(ms) / 1000;
    const start = t(m[1]!, m[2]!, m[3]!, m[4]!);
    const end = t(m[5]!, m[6]!, m[7]!, m[8]!);
    if (end <= start) throw new Error(`Cue ends before it starts: ${lines[timingIndex]}`);
    const payload = lines.slice(timingIndex + 1);
    if (payload.length === 0 || payload.some((l) => l.includes('-->')))
      throw new Error(`Invalid cue payload: ${block}`);
    const previous = cues[cues.length - 1];
    if (previous && start < previous.end - 1e-9) throw new Error(`Cues overlap at ${lines[timingIndex]}`);
    const text = payload.join('\n').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    cues.push({ index: cues.length, start, end, text });
  }
  return cues;
}
