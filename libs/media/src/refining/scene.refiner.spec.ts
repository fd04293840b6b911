import { describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_CHARS, MAX_NARRATION_CHARS } from '../common/scene-limits';
import { refineNarration, refineScenes } from './scene.refiner';

describe('scene refiner', () => {
  it('cuts narration over 400 characters at a sentence boundary', () => {
    const sentence = 'Bees visit thousands of flowers to gather nectar for the hive. ';
    const narration = sentence.repeat(10); // ~630 chars
    const [scene] = refineScenes([{ visual_description: 'Bees', narration }]);
    expect(scene!.narration.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
    expect(scene!.narration.length).toBeGreaterThan(MAX_NARRATION_CHARS / 2);
    expect(scene!.narration).toMatch(/hive\.$/);
    expect(narration.startsWith(scene!.narration)).toBe(true);
  });

  it('falls back to a word boundary when there is no sentence end to cut at', () => {
    const narration = `${'word '.repeat(150)}end`;
    const out = refineNarration(narration);
    expect(out.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
    expect(out).toMatch(/^Word( word)+\.$/);
  });

  it('keeps room for the full stop it adds to narration of exactly the limit', () => {
    // A language model held to 400 characters by its grammar stops mid-sentence at 400.
    const narration = `${`The sky ${'is very blue '.repeat(40)}`.slice(0, MAX_NARRATION_CHARS - 1)}x`;
    expect(narration.length).toBe(MAX_NARRATION_CHARS);
    const out = refineNarration(narration);
    expect(out.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS);
    expect(out).toMatch(/\.$/);
    expect(refineNarration(out)).toBe(out);
  });

  it('tidies whitespace, applies sentence case and adds final punctuation', () => {
    const [scene] = refineScenes([
      {
        visual_description: '  a   red  barn ',
        narration: '  the barn is red .   it stands  alone\n\nin a field ',
      },
    ]);
    expect(scene!.narration).toBe('The barn is red. It stands alone in a field.');
    expect(scene!.visual_description).toBe('A red barn');
  });

  it('strips markdown that a speech engine would read aloud', () => {
    expect(refineNarration('**Bold** claims and _emphasis_ here')).toBe('Bold claims and emphasis here.');
  });

  it('simplifies visual descriptions to one short clause', () => {
    const cases: [string, string][] = [
      [
        'A lighthouse on a cliff (painted white, with red stripes); waves crash below. Seagulls circle overhead.',
        'A lighthouse on a cliff',
      ],
      ['A busy market, which sells spices from all over the world', 'A busy market'],
      ['A quiet harbour — boats rocking gently', 'A quiet harbour'],
    ];
    for (const [input, expected] of cases) {
      const [scene] = refineScenes([{ visual_description: input, narration: 'Text.' }]);
      expect(scene!.visual_description).toBe(expected);
    }
    const long = `A ${'very '.repeat(60)}tall tower`;
    const [scene] = refineScenes([{ visual_description: long, narration: 'Text.' }]);
    expect(scene!.visual_description.length).toBeLessThanOrEqual(MAX_DESCRIPTION_CHARS);
    expect(scene!.visual_description).not.toMatch(/\s$/);
  });

  it('keeps titles and abbreviations inside their sentence', () => {
    const [scene] = refineScenes([
      {
        visual_description: 'Dr. Ada Lovelace, close-up, in cool evening light',
        narration: 'Dann kam das Veloziped, z. B. das von Pierre Michaux.',
      },
    ]);
    expect(scene!.visual_description).toBe('Dr. Ada Lovelace, close-up, in cool evening light');
    expect(scene!.narration).toBe('Dann kam das Veloziped, z. B. das von Pierre Michaux.');
  });

  it('never returns empty strings', () => {
    const out = refineScenes([
      { visual_description: '', narration: '' },
      { visual_description: '   ', narration: 'Only narration here.' },
      { visual_description: 'Only a picture', narration: '  ' },
    ]);
    for (const s of out) {
      expect(s.visual_description.trim()).not.toBe('');
      expect(s.narration.trim()).not.toBe('');
    }
    expect(out[1]!.visual_description).toBe('Only narration here');
    expect(out[2]!.narration).toBe('Only a picture.');
  });

  it('is idempotent', () => {
    const messy = [
      {
        visual_description: 'A storm over the sea, while ships (three of them) sail',
        narration: 'x '.repeat(300),
      },
      { visual_description: 'Sunrise', narration: 'a sunrise. it is bright! is it warm?' },
    ];
    const once = refineScenes(messy);
    expect(refineScenes(once)).toEqual(once);
  });
});
