import { describe, expect, it } from 'vitest';
import { buildTimeline, formatTimestamp, MAX_CUE_LINE_CHARS, parseWebVtt, toWebVtt } from './timeline';

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

  it('splits long narration into readable cues inside the scene span', () => {
    const { cues: sceneCues, totalSeconds } = buildTimeline(scenes);
    const cues = parseWebVtt(toWebVtt(sceneCues));
    const inLong = cues.filter((c) => c.start >= sceneCues[1]!.start && c.end <= sceneCues[1]!.end);
    expect(inLong.length).toBeGreaterThanOrEqual(3);
    for (const cue of cues) {
      const lines = cue.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect(line.length).toBeLessThanOrEqual(MAX_CUE_LINE_CHARS);
      // Every cue lies inside exactly one scene's span.
      expect(sceneCues.some((s) => cue.start >= s.start && cue.end <= s.end)).toBe(true);
    }
    // No words lost in the split.
    expect(inLong.map((c) => c.text.replace(/\n/g, ' ')).join(' ')).toBe(LONG);
    expect(cues[0]!.start).toBe(0);
    expect(cues[cues.length - 1]!.end).toBe(totalSeconds);
  });

  it('splits an over-long sentence into balanced cues rather than a full cue and a stray word', () => {
    const sentence =
      'Bees collect nectar and store it in wax cells, where it slowly thickens into golden honey.';
    expect(sentence.length).toBeGreaterThan(84);
    const cues = parseWebVtt(toWebVtt(buildTimeline([{ narration: sentence, durationSeconds: 6 }]).cues));
    expect(cues).toHaveLength(2);
    const lengths = cues.map((c) => c.text.replace(/\n/g, ' ').length);
    expect(Math.min(...lengths)).toBeGreaterThan(30);
    // The break falls after the comma.
    expect(cues[0]!.text.replace(/\n/g, ' ')).toBe('Bees collect nectar and store it in wax cells,');
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
