import { describe, expect, it } from 'vitest';
import {
  buildTimeline,
  formatTimestamp,
  MAX_PHRASE_CHARS,
  MAX_PHRASE_WORDS,
  parseWebVtt,
  phraseCues,
  phrases,
  toWebVtt,
} from './timeline';

const LONG =
  'The river carries silt from the mountains all the way down to the sea. Over centuries the silt settles, ' +
  'and the delta grows a little further into the water every single year. Farmers follow it, planting rice ' +
  'on land that did not exist when their grandparents were young.';

describe('buildTimeline', () => {
  it('starts each scene where the previous narration ends', () => {
    const { cues, totalSeconds } = buildTimeline([
      { narration: 'One.', durationSeconds: 2.5 },
      { narration: 'Two.', durationSeconds: 3.25 },
      { narration: 'Three.', durationSeconds: 1.1 },
    ]);
    expect(cues.map((c) => [c.start, c.end])).toEqual([
      [0, 2.5],
      [2.5, 5.75],
      [5.75, 6.85],
    ]);
    expect(totalSeconds).toBe(6.85);
    expect(cues.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('does not accumulate rounding error over many scenes', () => {
    const scenes = Array.from({ length: 12 }, () => ({ narration: 'x', durationSeconds: 1 / 3 }));
    const { cues, totalSeconds } = buildTimeline(scenes);
    expect(totalSeconds).toBe(4);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.start).toBe(cues[i - 1]!.end);
  });

  it('rejects negative or non-finite durations', () => {
    expect(() => buildTimeline([{ narration: 'x', durationSeconds: -1 }])).toThrow(RangeError);
    expect(() => buildTimeline([{ narration: 'x', durationSeconds: Number.NaN }])).toThrow(RangeError);
  });
});

describe('toWebVtt', () => {
  const scenes = [
    { narration: 'A short opening.', durationSeconds: 2.2 },
    { narration: LONG, durationSeconds: 17.4 },
    { narration: 'Fish & chips <cheap> --> tasty.', durationSeconds: 3.05 },
  ];

  it('writes valid WebVTT with HH:MM:SS.mmm timestamps', () => {
    const vtt = toWebVtt(buildTimeline(scenes).cues);
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    const timings = vtt.split('\n').filter((l) => l.includes('-->') && /^\d/.test(l));
    expect(timings.length).toBeGreaterThan(3);
    for (const line of timings)
      expect(line).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(formatTimestamp(3725.5)).toBe('01:02:05.500');
    expect(() => parseWebVtt(vtt)).not.toThrow();
  });

  it('shows long narration a short phrase at a time, inside the scene span', () => {
    const { cues: sceneCues, totalSeconds } = buildTimeline(scenes);
    const cues = parseWebVtt(toWebVtt(sceneCues));
    const inLong = cues.filter((c) => c.start >= sceneCues[1]!.start && c.end <= sceneCues[1]!.end);
    expect(inLong.length).toBeGreaterThanOrEqual(8);
    for (const cue of cues) {
      const words = cue.text.split(/\s+/);
      expect(words.length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
      expect(cue.text.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS);
      // Every cue lies inside exactly one scene's span.
      expect(sceneCues.some((s) => cue.start >= s.start && cue.end <= s.end)).toBe(true);
    }
    // No words lost in the split, and phrases follow each other without gaps.
    expect(inLong.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(LONG);
    for (let i = 1; i < inLong.length; i++) expect(inLong[i]!.start).toBe(inLong[i - 1]!.end);
    expect(cues[0]!.start).toBe(0);
    expect(cues[cues.length - 1]!.end).toBe(totalSeconds);
  });

  it('gives longer phrases more time, as speech takes longer to say them', () => {
    const [cue] = buildTimeline([{ narration: 'Yes. The delta grows every year.', durationSeconds: 4 }]).cues;
    const parts = phraseCues(cue!);
    expect(parts.map((p) => p.text)).toEqual(['Yes.', 'The delta grows every year.']);
    const length = (p: { start: number; end: number }) => p.end - p.start;
    expect(length(parts[1]!)).toBeGreaterThan(length(parts[0]!) * 3);
    expect(parts[1]!.end).toBe(4);
    expect(parts.every((p) => p.index === 0)).toBe(true);
  });

  it('breaks a long sentence after its comma into balanced phrases, never leaving a stray word', () => {
    const sentence =
      'Bees collect nectar and store it in wax cells, where it slowly thickens into golden honey.';
    const parts = phrases(sentence);
    expect(parts.join(' ')).toBe(sentence);
    expect(parts.some((p) => p.endsWith('cells,'))).toBe(true);
    for (const p of parts) {
      expect(p.split(' ').length).toBeGreaterThanOrEqual(2);
      expect(p.split(' ').length).toBeLessThanOrEqual(MAX_PHRASE_WORDS);
      expect(p.length).toBeLessThanOrEqual(MAX_PHRASE_CHARS);
    }
    // A phrase does not end on a word that leads into the next one.
    expect(phrases('Bees fan their wings to dry the nectar until it is honey.')).toEqual([
      'Bees fan their wings to dry',
      'the nectar until it is honey.',
    ]);
    // A phrase never spans two sentences.
    expect(phrases('Go now. Stay here.')).toEqual(['Go now.', 'Stay here.']);
  });

  it('escapes characters that have meaning in a cue', () => {
    const vtt = toWebVtt(buildTimeline(scenes).cues);
    expect(vtt).toContain('Fish &amp; chips &lt;cheap&gt; --&gt; tasty.');
    expect(parseWebVtt(vtt).at(-1)!.text).toBe('Fish & chips <cheap> --> tasty.');
  });

  it('skips scenes without narration or length', () => {
    const vtt = toWebVtt(
      buildTimeline([
        { narration: '', durationSeconds: 2 },
        { narration: 'Zero.', durationSeconds: 0 },
        { narration: 'Said.', durationSeconds: 1 },
      ]).cues,
    );
    expect(parseWebVtt(vtt)).toEqual([{ index: 0, start: 2, end: 3, text: 'Said.' }]);
  });

  it('parseWebVtt rejects malformed files', () => {
    expect(() => parseWebVtt('1\n00:00:00.000 --> 00:00:01.000\nhi\n')).toThrow(/header/);
    expect(() => parseWebVtt('WEBVTT\n\n00:00:01.000 --> 00:00:00.500\nhi\n')).toThrow();
    expect(() => parseWebVtt('WEBVTT\n\n0:0:1 --> 0:0:2\nhi\n')).toThrow();
  });
});

describe('captions timed by their words', () => {
  const words = (text: string, spacing: number, from = 0) =>
    text
      .split(' ')
      .map((t, i) => ({ text: t, start: from + i * spacing, end: from + i * spacing + spacing * 0.8 }));

  it('places each scene\u2019s words on the video clock, inside the scene, and changes phrase when the next phrase\u2019s first word is spoken', () => {
    const first = 'Bees dance to tell each other where the flowers are, and the hive listens closely.';
    const second = 'Then they fly.';
    const { cues } = buildTimeline([
      { narration: first, durationSeconds: 5, words: words(first, 0.3, 0.2) },
      { narration: second, durationSeconds: 2, words: words(second, 0.5) },
    ]);
    expect(cues[1]!.words![0]).toEqual({ text: 'Then', start: 5, end: 5.4 });
    for (const cue of cues) {
      for (const w of cue.words!) {
        expect(w.start).toBeGreaterThanOrEqual(cue.start);
        expect(w.end).toBeLessThanOrEqual(cue.end);
      }
    }
    const pieces = phraseCues(cues[0]!);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces[0]!.start).toBe(0);
    expect(pieces.at(-1)!.end).toBe(5);
    for (let i = 1; i < pieces.length; i++) {
      expect(pieces[i]!.start).toBe(pieces[i - 1]!.end);
      expect(pieces[i]!.start).toBe(pieces[i]!.words![0]!.start);
    }
    expect(pieces.map((p) => p.text).join(' ')).toBe(first);
    // The WebVTT shows the same phrases at the same times.
    const vtt = parseWebVtt(toWebVtt(cues));
    expect(vtt.map((c) => [c.start, c.end])).toEqual(
      [...pieces, ...phraseCues(cues[1]!)].map((p) => [p.start, p.end]),
    );
  });

  it('shows the words as the narration writes them when the voice reported them without punctuation', () => {
    const [cue] = buildTimeline([
      {
        narration: 'Bees fly, then rest.',
        durationSeconds: 2,
        words: words('Bees fly then rest', 0.4),
      },
    ]).cues;
    expect(cue!.words!.map((w) => w.text)).toEqual(['Bees', 'fly,', 'then', 'rest.']);
    expect(phraseCues(cue!).flatMap((p) => p.words!.map((w) => w.text))).toEqual([
      'Bees',
      'fly,',
      'then',
      'rest.',
    ]);
  });

  it('falls back to sharing the span by length when the words are not the narration\u2019s', () => {
    const [cue] = buildTimeline([
      { narration: 'One two three.', durationSeconds: 3, words: [{ text: 'One', start: 0, end: 1 }] },
    ]).cues;
    expect(phraseCues(cue!)).toEqual([{ index: 0, start: 0, end: 3, text: 'One two three.' }]);
  });
});
