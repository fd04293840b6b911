import type { WordTiming } from '../common/media.types';
import { tidyWhitespace } from '../common/text';
import { parseWavHeader } from './wav';

const round3 = (seconds: number): number => Math.round(seconds * 1000) / 1000;

/** The words of a narration as the captions show them: split at white space, punctuation kept. */
export function narrationWords(text: string): string[] {
  const tidy = tidyWhitespace(text);
  return tidy === '' ? [] : tidy.split(' ');
}

/**
 * How long a word takes to say, in syllables: its vowel groups (any script's letters count by
 * thirds where no Latin vowel marks them), a digit about one syllable and a half.
 */
function syllables(word: string): number {
  const lower = word.toLowerCase();
  const vowelGroups = lower.match(/[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœ]+/g)?.length ?? 0;
  const letters = lower.match(/\p{L}/gu)?.length ?? 0;
  const digits = lower.match(/\p{N}/gu)?.length ?? 0;
  // A trailing silent "e" ("phrase", "stone") is not a syllable of its own.
  const silentE = vowelGroups > 1 && /[^aeiouy]e\W*$/.test(lower) ? 1 : 0;
  const bySpelling = vowelGroups > 0 ? vowelGroups - silentE : letters / 3;
  return Math.max(1, bySpelling + digits * 1.5);
}

/** The pause a voice makes after a word, in syllables: longer after a sentence than a clause. */
function pauseAfter(word: string): number {
  if (/[.!?…]["'”’)]*$/.test(word)) return 2;
  if (/[,;:—–-]["'”’)]*$/.test(word)) return 1;
  return 0;
}

/**
 * Word timings spread over `durationSeconds` by each word's share of syllables, with a short
 * pause after a comma and a longer one after a sentence: a fallback for a voice that reports no
 * timings of its own. Words are in order, back to back apart from those pauses, each at least a
 * millisecond long, and inside [0, durationSeconds].
 */
export function estimateWordTimings(text: string, durationSeconds: number): WordTiming[] {
  return spreadWords(narrationWords(text), 0, durationSeconds);
}

/**
 * The same estimate, placed on the part of a WAV file where there is sound: the silence a voice
 * leaves before its first word and after its last is measured and left out.
 */
export function wordTimingsFromWav(text: string, wav: Buffer): WordTiming[] {
  const info = parseWavHeader(wav, wav.length);
  const words = narrationWords(text);
  const sound = measureSound(wav);
  if (!sound) return spreadWords(words, 0, info.durationSeconds);
  // A voice falls silent where the text pauses: the clauses are placed between the silences
  // measured inside the speech when there are as many of them as pauses in the text.
  const breaks = words.flatMap((w, i) => (i < words.length - 1 && pauseAfter(w) > 0 ? [i] : []));
  const gaps = sound.gaps.length >= breaks.length ? longest(sound.gaps, breaks.length) : [];
  if (breaks.length === 0 || gaps.length !== breaks.length) return spreadWords(words, sound.start, sound.end);
  const out: WordTiming[] = [];
  let from = 0;
  let at = sound.start;
  breaks.forEach((last, k) => {
    out.push(...spreadWords(words.slice(from, last + 1), at, gaps[k]!.start));
    from = last + 1;
    at = gaps[k]!.end;
  });
  out.push(...spreadWords(words.slice(from), at, sound.end));
  return out;
}

/** The `n` longest gaps, in order of time. */
function longest<T extends { start: number; end: number }>(gaps: T[], n: number): T[] {
  return [...gaps]
    .sort((a, b) => b.end - b.start - (a.end - a.start))
    .slice(0, n)
    .sort((a, b) => a.start - b.start);
}

function spreadWords(words: string[], from: number, to: number): WordTiming[] {
  if (words.length === 0) return [];
  const start = Math.max(0, from);
  const end = Math.max(start, to);
  const weights = words.map(syllables);
  // The pause after the last word is silence the span already left out.
  const pauses = words.map((w, i) => (i === words.length - 1 ? 0 : pauseAfter(w)));
  const total = weights.reduce((a, b) => a + b, 0) + pauses.reduce((a, b) => a + b, 0);
  const span = end - start;
  const out: WordTiming[] = [];
  let acc = 0;
  words.forEach((text, i) => {
    const wordStart = round3(start + (span * acc) / total);
    acc += weights[i]!;
    const wordEnd = round3(start + (span * acc) / total);
    acc += pauses[i]!;
    out.push({ text, start: wordStart, end: Math.max(wordEnd, wordStart) });
  });
  return out;
}

/** 10 ms windows: short enough to find where a word starts, long enough to average a waveform. */
const WINDOW_SECONDS = 0.01;

/** Silence inside speech shorter than this is a consonant's closure, not a pause. */
const MIN_GAP_SECONDS = 0.08;

/**
 * Where a 16-bit PCM WAV has sound: from the first to the last 10 ms window whose loudness
 * reaches 3 % of the loudest window's. Undefined for another sample format or silence.
 */
export function soundSpan(wav: Buffer): { start: number; end: number } | undefined {
  const sound = measureSound(wav);
  return sound && { start: sound.start, end: sound.end };
}

/** The span with sound (see soundSpan) and the silent stretches inside it. */
function measureSound(
  wav: Buffer,
): { start: number; end: number; gaps: { start: number; end: number }[] } | undefined {
  const info = parseWavHeader(wav, wav.length);
  if (info.bitsPerSample !== 16 || info.channels < 1) return undefined;
  const frameBytes = 2 * info.channels;
  const frames = Math.floor(info.dataBytes / frameBytes);
  const window = Math.max(1, Math.round(info.sampleRate * WINDOW_SECONDS));
  const levels: number[] = [];
  for (let at = 0; at < frames; at += window) {
    let sum = 0;
    const n = Math.min(window, frames - at);
    for (let f = at; f < at + n; f++) {
      const sample = wav.readInt16LE(info.dataOffset + f * frameBytes);
      sum += sample * sample;
    }
    levels.push(Math.sqrt(sum / n));
  }
  const loudest = levels.reduce((a, b) => Math.max(a, b), 0);
  if (loudest < 32) return undefined;
  const threshold = loudest * 0.03;
  const first = levels.findIndex((l) => l >= threshold);
  const last = levels.findLastIndex((l) => l >= threshold);
  const seconds = (window_: number) => Math.min(frames, window_ * window) / info.sampleRate;
  const gaps: { start: number; end: number }[] = [];
  let quietFrom: number | undefined;
  for (let i = first; i <= last; i++) {
    if (levels[i]! < threshold) quietFrom ??= i;
    else if (quietFrom !== undefined) {
      if ((i - quietFrom) * WINDOW_SECONDS >= MIN_GAP_SECONDS)
        gaps.push({ start: seconds(quietFrom), end: seconds(i) });
      quietFrom = undefined;
    }
  }
  return { start: seconds(first), end: seconds(last + 1), gaps };
}
