import { describe, expect, it } from 'vitest';
import { workerConcurrency } from './worker-concurrency';

const ALL = { control: true, media: true };
const CONTROL = { control: true, media: false };
const MEDIA = { control: false, media: true };

describe('workerConcurrency', () => {
  it('takes only as many media tasks as it runs, one per core', () => {
    const c = workerConcurrency(MEDIA, 2);
    expect(c.media).toEqual({ slots: 2 });
    expect(c.control).toBeUndefined();
  });

  it('gives the I/O-bound control role more activities per core than media gets', () => {
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
    expect(c.media).toEqual({ slots: 4 });
  });

  it('keeps small machines useful and large ones bounded', () => {
    const one = workerConcurrency(ALL, 1);
    expect(one.control).toEqual({
      maxConcurrentWorkflowTaskExecutions: 10,
      maxConcurrentActivityTaskExecutions: 20,
    });
    expect(one.media).toEqual({ slots: 1 });
    const big = workerConcurrency(ALL, 64);
    expect(big.media).toEqual({ slots: 64 });
    expect(big.control).toEqual({
      maxConcurrentWorkflowTaskExecutions: 40,
      maxConcurrentActivityTaskExecutions: 200,
    });
    expect(workerConcurrency(MEDIA, 0).media).toEqual({ slots: 1 });
  });
});
