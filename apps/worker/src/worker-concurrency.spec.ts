import { describe, expect, it } from 'vitest';
import { workerConcurrency } from './worker-concurrency';

const ALL = { control: true, media: true };
const CONTROL = { control: true, media: false };
const MEDIA = { control: false, media: true };

describe('workerConcurrency', () => {
  it('runs one media piece per core and holds many more, so the order has work to choose from', () => {
    const c = workerConcurrency(MEDIA, 2);
    expect(c.mediaSlots).toBe(2);
    expect(c.media).toEqual({ maxHeld: 128 });
    expect(c.control).toBeUndefined();
    // 30 videos with up to 4 pieces each in flight fit into what a 2-core worker holds.
    expect(c.media!.maxHeld).toBeGreaterThanOrEqual(30 * 4);
  });

  it('gives the I/O-bound control role more activities per core than the SDK would cap media at', () => {
    const c = workerConcurrency(CONTROL, 2);
    expect(c.control).toEqual({
      maxConcurrentWorkflowTaskExecutions: 20,
      maxConcurrentActivityTaskExecutions: 40,
    });
    expect(c.media).toBeUndefined();
  });

  it('sets both queues for the all role', () => {
    const c = workerConcurrency(ALL, 4);
    expect(c.control!.maxConcurrentActivityTaskExecutions).toBe(80);
    expect(c.media!.maxHeld).toBe(256);
    expect(c.mediaSlots).toBe(4);
  });

  it('keeps small machines useful and large ones bounded', () => {
    const one = workerConcurrency(ALL, 1);
    expect(one.mediaSlots).toBe(1);
    expect(one.control).toEqual({
      maxConcurrentWorkflowTaskExecutions: 10,
      maxConcurrentActivityTaskExecutions: 20,
    });
    expect(one.media).toEqual({ maxHeld: 64 });
    const big = workerConcurrency(ALL, 64);
    expect(big.mediaSlots).toBe(64);
    expect(big.control).toEqual({
      maxConcurrentWorkflowTaskExecutions: 40,
      maxConcurrentActivityTaskExecutions: 200,
    });
    expect(big.media).toEqual({ maxHeld: 512 });
    expect(workerConcurrency(MEDIA, 0).mediaSlots).toBe(1);
  });
});
