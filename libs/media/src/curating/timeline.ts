import { splitSentences, tidyWhitespace, wrapWords } from '../common/text';

export interface TimelineScene {
  narration: string;
  durationSeconds: number;
}

/** A span of the video in seconds. `index` is the zero-based scene index in a timeline. */
export interface Cue {
  index: number;
  start: number;
  end: number;
  text: string;
}

/** Two lines of this many characters is what viewers can read at narration speed. */
export const MAX_CUE_LINE_CHARS = 42;
export const MAX_CUE_LINES = 2;
export const MAX_CUE_CHARS = MAX_CUE_LINE_CHARS * MAX_CUE_LINES;

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
    cues.push({ index, start, end: round3(elapsed), text: tidyWhitespace(scene.narration ?? '') });
  });
  return { cues, totalSeconds: round3(elapsed) };
}

/**
 * WebVTT for the given scene cues. Narration longer than one readable cue is split at
 * sentence, then word boundaries, and the pieces share the scene's span in proportion to
 * their length, which is roughly how long speech takes to say them.
 */
export function toWebVtt(cues: Cue[]): string {
  const blocks: string[] = [];
  for (const cue of cues) {
    for (const piece of splitCue(cue)) {
      blocks.push(
        `${blocks.length + 1}\n${formatTimestamp(piece.start)} --> ${formatTimestamp(piece.end)}\n${piece.lines
          .map(escapeCueText)
          .join('\n')}`,
      );
    }
  }
  return `WEBVTT\n\n${blocks.map((b) => `${b}\n\n`).join('')}`;
}

function splitCue(cue: Cue): { start: number; end: number; lines: string[] }[] {
  const text = tidyWhitespace(cue.text);
  const startMs = Math.round(cue.start * 1000);
  const endMs = Math.round(cue.end * 1000);
  if (text === '' || endMs <= startMs) return [];

  const chunks = chunkText(text);
  // Each chunk gets a little fixed time on top of its share by length, so a short tail is not
  // flashed on screen for a few milliseconds.
  const weights = chunks.map((c) => c.length + 10);
  const total = weights.reduce((a, b) => a + b, 0);
  const span = endMs - startMs;
  const pieces: { start: number; end: number; lines: string[] }[] = [];
  let acc = 0;
  let prev = startMs;
  chunks.forEach((chunk, i) => {
    acc += weights[i]!;
    const boundary = i === chunks.length - 1 ? endMs : startMs + Math.round((span * acc) / total);
    if (boundary > prev) {
      pieces.push({ start: prev / 1000, end: boundary / 1000, lines: wrapLines(chunk) });
      prev = boundary;
    } else if (pieces.length > 0) {
      // A span too short to split: keep the words, append them to the previous cue.
      const last = pieces[pieces.length - 1]!;
      last.lines = wrapLines(`${last.lines.join(' ')} ${chunk}`);
    }
  });
  return pieces;
}

/** Sentences first, then words, into pieces of at most two lines. */
function chunkText(text: string): string[] {
  const chunks: string[] = [];
  for (const sentence of splitSentences(text)) {
    const last = chunks[chunks.length - 1];
    if (last !== undefined && fitsCue(`${last} ${sentence}`)) {
      chunks[chunks.length - 1] = `${last} ${sentence}`;
      continue;
    }
    if (fitsCue(sentence)) {
      chunks.push(sentence);
      continue;
    }
    chunks.push(...balancedSplit(sentence));
  }
  return chunks;
}

/**
 * Splits a sentence too long for one cue into the fewest cues that fit, of similar length,
 * preferring to break after a comma, so viewers do not get a full cue followed by a stray word.
 */
function balancedSplit(sentence: string): string[] {
  const words = sentence.split(' ');
  for (let parts = Math.ceil(sentence.length / MAX_CUE_CHARS); parts <= words.length; parts++) {
    const target = sentence.length / parts;
    const chunks: string[] = [];
    let current = '';
    for (const word of words) {
      const candidate = current === '' ? word : `${current} ${word}`;
      const breakAtComma = current.endsWith(',') && current.length >= target * 0.6;
      if (current !== '' && (candidate.length > target + 8 || breakAtComma) && chunks.length < parts - 1) {
        chunks.push(current);
        current = word;
      } else {
        current = candidate;
      }
    }
    chunks.push(current);
    if (chunks.every(fitsCue)) return chunks;
  }
  return wrapLines(sentence);
}

function fitsCue(text: string): boolean {
  return wrapLines(text).length <= MAX_CUE_LINES;
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
