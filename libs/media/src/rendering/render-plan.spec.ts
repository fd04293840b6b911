import { describe, expect, it } from 'vitest';
import { kenBurnsFor } from '../common/ken-burns';
import { DEFAULT_CAPTIONS } from '../common/media.types';
import { normaliseFilter, parseLoudness } from './audio-mix';
import { assCaptions, HIGHLIGHT_COLOUR } from './captions';
import { filterValue } from './ffmpeg-process';
import { fadeFrames, planTimeline, sceneSpan } from './render-plan';

describe('planTimeline', () => {
  it('gives each segment the frames of its narration, rounded from the running total', () => {
    const plan = planTimeline([1 / 3, 1 / 3, 1 / 3, 2.5], 24);
    expect(plan.totalFrames).toBe(Math.round((1 + 2.5) * 24));
    expect(plan.frames.reduce((a, b) => a + b, 0)).toBe(plan.totalFrames);
    expect(plan.startFrames).toEqual([0, 8, 16, 24]);
    expect(plan.totalSeconds).toBeCloseTo(3.5, 4);
  });
});

describe('fades and scene spans', () => {
  const plan = planTimeline([3, 0.4, 3], 24);

  it('fades for half a second, never more than half of either scene, and not after the last', () => {
    expect(fadeFrames(plan, 0, 'fade', 24)).toBe(Math.floor(plan.frames[1]! / 2));
    expect(fadeFrames(planTimeline([3, 3], 24), 0, 'fade', 24)).toBe(12);
    expect(fadeFrames(plan, 2, 'fade', 24)).toBe(0);
    expect(fadeFrames(plan, 0, 'none', 24)).toBe(0);
  });

  it('starts a scene on screen where the fade into it begins, so its motion continues across segments', () => {
    const span = sceneSpan(plan, 1, 'fade', 24);
    expect(span.start).toBe(plan.startFrames[1]! - fadeFrames(plan, 0, 'fade', 24));
    expect(span.start + span.length).toBe(plan.startFrames[2]);
    expect(sceneSpan(plan, 0, 'fade', 24)).toEqual({ start: 0, length: plan.frames[0] });
    expect(sceneSpan(plan, 1, 'none', 24)).toEqual({ start: plan.startFrames[1], length: plan.frames[1] });
  });
});

describe('kenBurnsFor', () => {
  it('is the same for the same video and scene, and neighbouring scenes move differently', () => {
    expect(kenBurnsFor('video-a', 3)).toEqual(kenBurnsFor('video-a', 3));
    for (let i = 0; i < 11; i++)
      expect(kenBurnsFor('video-a', i).kind).not.toBe(kenBurnsFor('video-a', i + 1).kind);
    const kinds = new Set(Array.from({ length: 6 }, (_, i) => kenBurnsFor('video-b', i).kind));
    expect(kinds.size).toBe(6);
    // Zooms stay within the oversampled canvas, so the picture is never upscaled past it.
    for (let i = 0; i < 12; i++) {
      const m = kenBurnsFor(`video-${i}`, i);
      expect(Math.max(...m.zoom)).toBeLessThan(1.2);
      expect(Math.min(...m.zoom)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('assCaptions', () => {
  const frame = { width: 1280, height: 720 };
  const phrase = [{ start: 0.5, end: 2.25, text: 'Honey {bold} \\N here' }];

  it('places and sizes captions as asked, white on a box, in the shipped font', () => {
    const bottom = assCaptions(phrase, frame, DEFAULT_CAPTIONS);
    const top = assCaptions(phrase, frame, { ...DEFAULT_CAPTIONS, position: 'top', size: 'large' });
    const style = (ass: string) =>
      ass
        .split('\n')
        .find((l) => l.startsWith('Style:'))!
        .split(',');
    expect(style(bottom)[1]).toBe('DejaVu Sans');
    expect(style(bottom)[18]).toBe('2');
    expect(style(top)[18]).toBe('8');
    expect(Number(style(top)[2])).toBeGreaterThan(Number(style(bottom)[2]));
    expect(style(bottom)[15]).toBe('3');
    expect(bottom).toContain('Dialogue: 0,0:00:00.50,0:00:02.25,Caption,,0,0,0,,');
  });

  it('keeps narration from opening override blocks or escapes', () => {
    const line = assCaptions(phrase, frame, DEFAULT_CAPTIONS)
      .split('\n')
      .find((l) => l.startsWith('Dialogue:'))!;
    expect(line).not.toMatch(/[{}\\]/);
    expect(line).toContain('Honey (bold)');
  });

  it('in the word style boxes the phrase once and draws it on the box once per word, the word being spoken highlighted, back to back', () => {
    const timed = [
      {
        start: 0,
        end: 2,
        text: 'Bees {dance} well',
        words: [
          { text: 'Bees', start: 0.2, end: 0.6 },
          { text: '{dance}', start: 0.7, end: 1.2 },
          { text: 'well', start: 1.3, end: 1.8 },
        ],
      },
    ];
    const lines = (ass: string) => ass.split('\n').filter((l) => l.startsWith('Dialogue:'));
    const word = lines(assCaptions(timed, frame, DEFAULT_CAPTIONS));
    expect(word).toEqual([
      'Dialogue: 0,0:00:00.00,0:00:02.00,Caption,,0,0,0,,{\\1a&HFF&}Bees (dance) well',
      `Dialogue: 1,0:00:00.00,0:00:00.70,CaptionText,,0,0,0,,{\\1c${HIGHLIGHT_COLOUR}}Bees{\\1c&HFFFFFF&} (dance) well`,
      `Dialogue: 1,0:00:00.70,0:00:01.30,CaptionText,,0,0,0,,Bees {\\1c${HIGHLIGHT_COLOUR}}(dance){\\1c&HFFFFFF&} well`,
      `Dialogue: 1,0:00:01.30,0:00:02.00,CaptionText,,0,0,0,,Bees (dance) {\\1c${HIGHLIGHT_COLOUR}}well{\\1c&HFFFFFF&}`,
    ]);
    const phrase = lines(assCaptions(timed, frame, { ...DEFAULT_CAPTIONS, style: 'phrase' }));
    expect(phrase).toEqual(['Dialogue: 0,0:00:00.00,0:00:02.00,Caption,,0,0,0,,Bees (dance) well']);
  });
});

describe('filterValue', () => {
  it('escapes a path for an option inside a filter graph', () => {
    expect(filterValue('/plain/path')).toBe('/plain/path');
    expect(filterValue("/a b/it's:x,[y];z")).toBe("/a b/it\\\\\\'s\\\\:x\\,\\[y\\]\\;z");
  });
});

describe('normaliseFilter', () => {
  const summary = (i: string, peak: string) =>
    `Summary:\n  Integrated loudness:\n    I: ${i} LUFS\n    Threshold: -80.0 LUFS\n  Loudness range:\n    LRA: 0.0 LU\n  True peak:\n    Peak: ${peak} dBFS\n`;

  it('leaves digital silence as it is: a gain up to the target would turn zeros into NaN', () => {
    const filter = normaliseFilter(parseLoudness(summary('-70.0', '-inf')));
    expect(filter).not.toMatch(/volume|alimiter|loudnorm/);
  });

  it('brings a measured mix to the target in one gain when its peaks stay under the limit', () => {
    expect(normaliseFilter(parseLoudness(summary('-23.4', '-9.0')))).toBe('volume=7.40dB');
  });

  it('adds a peak limiter under the true-peak limit when the gain would take a peak past it', () => {
    // -6.1 dBTP + 7.4 dB of gain would peak at +1.3 dBTP: the samples are held at -2 dBFS.
    expect(normaliseFilter(parseLoudness(summary('-23.4', '-6.1')))).toBe(
      'volume=7.40dB,alimiter=limit=0.7943:attack=5:release=50:level=false:latency=true',
    );
  });

  it('takes at most 6 dB off a peak: a mix with a far louder peak stays under the target', () => {
    // A click at -1 dBTP in speech at -30 LUFS: 14 dB of gain would put it 13.5 dB over the limit;
    // 5 dB of gain puts it 6 dB over the -2 dBFS the limiter holds.
    expect(normaliseFilter(parseLoudness(summary('-30.0', '-1.0')))).toMatch(/^volume=5\.00dB,alimiter=/);
  });
});
