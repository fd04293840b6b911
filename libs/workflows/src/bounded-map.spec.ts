import { describe, expect, it } from 'vitest';
import { mapBounded } from './bounded-map';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('mapBounded', () => {
  it('never runs more than `limit` items at once and runs every item', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await tick();
      running--;
      done.push(n);
    });
    expect(peak).toBe(3);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('starts no item after a failure and settles only when those in flight have', async () => {
    const started: number[] = [];
    let inFlight = 0;
    const result = mapBounded([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      inFlight++;
      await tick();
      inFlight--;
      if (n === 1) throw new Error('item 1 failed');
    });
    await expect(result).rejects.toThrow('item 1 failed');
    expect(inFlight).toBe(0);
    expect(started).toEqual([1, 2]);
  });

  it('does nothing for no items', async () => {
    await expect(mapBounded([], 4, async () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});
