import { describe, expect, it } from 'vitest';
import { holdDepth, MediaTaskSlots } from './media-task-slots';

describe('holdDepth', () => {
  it('holds what the slots can start within the budget at the pace pieces run lately', () => {
    // 2 slots, pieces of 1.5 s, 60 s: 80 tasks.
    expect(holdDepth(2, 1500, 60_000, 128)).toBe(80);
    // A loaded machine, pieces of 20 s: 6 tasks; the rest waits in Temporal's queue.
    expect(holdDepth(2, 20_000, 60_000, 128)).toBe(6);
  });

  it('never holds fewer than two per slot nor more than the maximum', () => {
    expect(holdDepth(2, 600_000, 60_000, 128)).toBe(4);
    expect(holdDepth(2, 10, 60_000, 128)).toBe(128);
    expect(holdDepth(2, 0, 60_000, 128)).toBe(128);
  });
});

describe('MediaTaskSlots', () => {
  it('hands out slots up to the depth, and the next once one is released', async () => {
    const hold = new MediaTaskSlots(() => 2);
    const signal = new AbortController().signal;
    await hold.reserveSlot({}, signal);
    expect(hold.tryReserveSlot()).toEqual({});
    expect(hold.tryReserveSlot()).toBeNull();
    let third = false;
    const reserved = hold.reserveSlot({}, signal).then(() => (third = true));
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    hold.releaseSlot();
    await reserved;
    expect(hold.count).toBe(2);
  });

  it('follows a depth that shrinks: no new slot until the held ones fall below it', async () => {
    let depth = 3;
    const hold = new MediaTaskSlots(() => depth);
    for (let i = 0; i < 3; i++) expect(hold.tryReserveSlot()).toEqual({});
    depth = 1;
    hold.releaseSlot();
    expect(hold.tryReserveSlot()).toBeNull();
    hold.releaseSlot();
    hold.releaseSlot();
    expect(hold.tryReserveSlot()).toEqual({});
  });

  it('gives up a waiting reservation with an AbortError when the SDK aborts it', async () => {
    const hold = new MediaTaskSlots(() => 1);
    hold.tryReserveSlot();
    const abort = new AbortController();
    const waiting = hold.reserveSlot({}, abort.signal);
    abort.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    hold.releaseSlot();
    expect(hold.count).toBe(0);
  });
});
