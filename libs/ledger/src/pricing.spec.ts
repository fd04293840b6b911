import { describe, expect, it } from 'vitest';
import { chargesFor, heldForUnmade, narrationCredits, productionCredits, refundFor } from './pricing';

const scene = (
  id: string,
  chars: number,
  done: Partial<{ hasImage: boolean; hasNarration: boolean }> = {},
) => ({
  id,
  narration: 'x'.repeat(chars),
  hasImage: false,
  hasNarration: false,
  ...done,
});

describe('pricing', () => {
  it('narration costs ceil(characters / 1000), at least 1', () => {
    expect(narrationCredits(0)).toBe(1);
    expect(narrationCredits(1)).toBe(1);
    expect(narrationCredits(1000)).toBe(1);
    expect(narrationCredits(1001)).toBe(2);
    expect(narrationCredits(4800)).toBe(5);
  });

  it('a production costs one credit per scene image plus the narration', () => {
    expect(productionCredits([{ narration: 'a'.repeat(400) }, { narration: 'b'.repeat(700) }])).toBe(2 + 2);
    expect(productionCredits([{ narration: 'short' }])).toBe(2);
  });

  it('a first approval charges every image and the whole narration', () => {
    const charges = chargesFor([scene('a', 300), scene('b', 300), scene('c', 500)], new Map());
    expect(charges).toEqual([
      { item: 'image:a', amount: 1 },
      { item: 'image:b', amount: 1 },
      { item: 'image:c', amount: 1 },
      { item: 'narration', amount: 2 },
    ]);
  });

  it('a retry after a failed scene image charges only that image (narration is still held)', () => {
    const scenes = [
      scene('a', 300, { hasImage: true }),
      scene('b', 300),
      scene('c', 300, { hasImage: true }),
    ];
    const held = new Map([
      ['image:a', 1],
      ['image:b', 0], // charged, then refunded when it failed
      ['image:c', 1],
      ['narration', 1],
    ]);
    expect(chargesFor(scenes, held)).toEqual([{ item: 'image:b', amount: 1 }]);
  });

  it('a retry after failed narration charges the narration again, and no image', () => {
    const scenes = [
      scene('a', 300, { hasImage: true, hasNarration: true }),
      scene('b', 300, { hasImage: true }),
    ];
    expect(chargesFor(scenes, new Map([['narration', 0]]))).toEqual([{ item: 'narration', amount: 1 }]);
  });

  it('a retry after a render failure charges nothing', () => {
    const scenes = [scene('a', 300, { hasImage: true, hasNarration: true })];
    expect(
      chargesFor(
        scenes,
        new Map([
          ['image:a', 1],
          ['narration', 1],
        ]),
      ),
    ).toEqual([]);
  });

  it('a longer narration than the held credits cover charges only the difference', () => {
    expect(chargesFor([scene('a', 2500, { hasImage: true })], new Map([['narration', 1]]))).toEqual([
      { item: 'narration', amount: 2 },
    ]);
  });

  it('a refund returns what is held, and nothing once it was refunded', () => {
    expect(refundFor('image:a', new Map([['image:a', 1]]))).toBe(1);
    expect(refundFor('image:a', new Map([['image:a', 0]]))).toBe(0);
    expect(refundFor('narration', new Map([['narration', 3]]))).toBe(3);
    expect(refundFor('image:z', new Map())).toBe(0);
  });

  it('what is held for items never made: images of scenes without one, narration while a scene lacks it; made items stay paid', () => {
    const held = new Map([
      ['image:a', 1],
      ['image:b', 1],
      ['image:gone', 1],
      ['narration', 2],
    ]);
    expect(heldForUnmade([scene('a', 10, { hasImage: true }), scene('b', 10)], held)).toEqual([
      { item: 'image:b', amount: 1 },
      { item: 'narration', amount: 2 },
    ]);
    const allMade = [scene('a', 10, { hasImage: true, hasNarration: true })];
    expect(heldForUnmade(allMade, held)).toEqual([]);
    expect(heldForUnmade([], held)).toEqual([{ item: 'narration', amount: 2 }]);
    expect(heldForUnmade([scene('b', 10)], new Map([['image:b', 0]]))).toEqual([]);
  });
});
