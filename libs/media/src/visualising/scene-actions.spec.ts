import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadArtwork } from './artwork';
import { readScene } from './scene.reader';

/** Everyday scene texts (habits, tips, how-tos) in five languages, with the things that fit each. */
interface ActionCase {
  language: string;
  text: string;
  fits: string[];
}
const CASES: ActionCase[] = JSON.parse(
  readFileSync(path.join(__dirname, 'scene-actions.cases.json'), 'utf8'),
);

describe('pictures for actions', () => {
  beforeAll(() => loadArtwork());

  it('holds at least 80 everyday scene texts in 5 languages', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(80);
    expect(new Set(CASES.map((c) => c.language)).size).toBeGreaterThanOrEqual(5);
  });

  it('pictures a fitting thing first for at least 85 % of them, and a backdrop alone for at most 10 %', () => {
    const read = CASES.map((c) => ({
      ...c,
      things: readScene(c.text, c.language).things.map((t) => t.name),
    }));
    // The first thing named is the picture's subject: it must fit the action.
    const fitting = read.filter((c) => c.fits.includes(c.things[0] ?? ''));
    const bare = read.filter((c) => c.things.length === 0);
    const misses = read
      .filter((c) => !fitting.includes(c))
      .map((c) => `${c.language}: ${c.text} → ${c.things.join(', ') || 'backdrop'}`);
    expect(fitting.length / read.length, misses.join('\n')).toBeGreaterThanOrEqual(0.85);
    expect(bare.length / read.length, misses.join('\n')).toBeLessThanOrEqual(0.1);
  });
});
