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

/** A 16-bit mono WAV: `lead` seconds of silence, `tone` seconds of a 440 Hz tone, `tail` of silence. */
function toneWav(lead: number, tone: number, tail: number, rate = 16000): Buffer {
  const wav = silentWav(lead + tone + tail, rate);
  const first = Math.round(lead * rate);
  const count = Math.round(tone * rate);
  for (let i = 0; i < count; i++) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + (first + i) * 2);
  }
  return wav;
}

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
