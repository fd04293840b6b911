import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WordTiming } from '../common/media.types';
import { LocalSpeechProvider } from './local-speech.provider';
import { readingSeconds, silentWav } from './unspoken';
import { estimateWordTimings, soundSpan, wordTimingsFromWav } from './word-timings';

function expectOrderedWithin(words: WordTiming[], from: number, to: number): void {
  let previous = from;
  for (const w of words) {
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeGreaterThan(w.start);
    previous = w.end;
  }
  expect(previous).toBeLessThanOrEqual(to);
}

/** A 16-bit mono WAV of `seconds`, a 440 Hz tone over each of `tones` ([from, to] in seconds), silence elsewhere. */
function tonesWav(seconds: number, tones: [number, number][], rate = 16000): Buffer {
  const wav = silentWav(seconds, rate);
  for (const [from, to] of tones) {
    for (let i = Math.round(from * rate); i < Math.round(to * rate); i++) {
      wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
    }
  }
  return wav;
}
const toneWav = (lead: number, tone: number, tail: number) =>
  tonesWav(lead + tone + tail, [[lead, lead + tone]]);

describe('word timings', () => {
  it('spreads every word over the duration, in order, longer words taking longer', () => {
    const words = estimateWordTimings('A wonderful, extraordinary honeybee flies. Then it rests.', 6);
    expect(words.map((w) => w.text)).toEqual([
      'A',
      'wonderful,',
      'extraordinary',
      'honeybee',
      'flies.',
      'Then',
      'it',
      'rests.',
    ]);
    expectOrderedWithin(words, 0, 6);
    expect(words[0]!.start).toBe(0);
    expect(words.at(-1)!.end).toBe(6);
    const length = (w: WordTiming) => w.end - w.start;
    expect(length(words[2]!)).toBeGreaterThan(2 * length(words[0]!));
    // A sentence ends with a pause: "Then" does not start where "flies." ends.
    expect(words[5]!.start - words[4]!.end).toBeGreaterThan(0.1);
  });

  it('gives no words for empty text', () => {
    expect(estimateWordTimings('   ', 3)).toEqual([]);
  });

  it('leaves out the silence measured before the first and after the last word', () => {
    const wav = toneWav(0.4, 1.5, 0.6);
    const span = soundSpan(wav)!;
    expect(span.start).toBeCloseTo(0.4, 1);
    expect(span.end).toBeCloseTo(1.9, 1);
    const words = wordTimingsFromWav('Bees make honey', wav);
    expect(words[0]!.start).toBeCloseTo(0.4, 1);
    expect(words.at(-1)!.end).toBeCloseTo(1.9, 1);
    expect(soundSpan(silentWav(1))).toBeUndefined();
  });

  it('places the clauses between the pauses the voice makes where the text pauses', () => {
    // "Bees fly," is spoken over 0.3–1.0 s, then a pause, "then they rest." over 1.4–2.6 s; a
    // short closure inside the second clause is not taken for the pause.
    const wav = tonesWav(3, [
      [0.3, 1.0],
      [1.4, 1.9],
      [1.96, 2.6],
    ]);
    const words = wordTimingsFromWav('Bees fly, then they rest.', wav);
    expect(words.map((w) => w.text)).toEqual(['Bees', 'fly,', 'then', 'they', 'rest.']);
    expect(words[0]!.start).toBeCloseTo(0.3, 1);
    expect(words[1]!.end).toBeCloseTo(1.0, 1);
    expect(words[2]!.start).toBeCloseTo(1.4, 1);
    expect(words[4]!.end).toBeCloseTo(2.6, 1);
    // Without a pause in the text, the words share the whole sound.
    const plain = wordTimingsFromWav('Bees fly then they rest', wav);
    expect(plain[0]!.start).toBeCloseTo(0.3, 1);
    expect(plain[4]!.end).toBeCloseTo(2.6, 1);
  });

  it('gives a scene nobody speaks its reading time, two seconds at least', () => {
    expect(readingSeconds('one two three four five six seven eight nine ten')).toBe(4);
    expect(readingSeconds('Hello.')).toBe(2);
  });
});

describe('espeak-ng word timings and speed', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vidgen-words-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reports what spoke and every word inside the narration, and speaks faster at a higher speed', async () => {
    const speech = new LocalSpeechProvider();
    const text = 'Honey bees dance to tell each other where the flowers are. The hive listens closely.';
    const normal = await speech.synthesize({ text }, path.join(dir, 'normal.wav'));
    const fast = await speech.synthesize({ text, speed: 1.6 }, path.join(dir, 'fast.wav'));
    expect(normal).toMatchObject({ provider: 'espeak', voice: 'en' });
    expect(normal.words.map((w) => w.text).join(' ')).toBe(text);
    expectOrderedWithin(normal.words, 0, normal.durationSeconds);
    expectOrderedWithin(fast.words, 0, fast.durationSeconds);
    const ratio = fast.durationSeconds / normal.durationSeconds;
    expect(ratio).toBeGreaterThan((1 / 1.6) * 0.85);
    expect(ratio).toBeLessThan((1 / 1.6) * 1.15);
  });
});
