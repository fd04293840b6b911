import type { ActivitySlotInfo, CustomSlotSupplier, SlotPermit } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { MediaLanes } from './media-lanes';

type Supplier = CustomSlotSupplier<ActivitySlotInfo>;
const ctx = {
  slotType: 'activity',
  taskQueue: 'q',
  workerIdentity: 'w',
  workerBuildId: '',
  isSticky: false,
} as const;
const info: ActivitySlotInfo = { type: 'activity', activityType: 'renderSegment' };

/** A permit the supplier has given, or 'waiting'. */
function reserve(s: Supplier, signal = new AbortController().signal) {
  let permit: SlotPermit | 'waiting' = 'waiting';
  const p = s.reserveSlot(ctx, signal).then((got) => {
    permit = got;
    return got;
  });
  return { p, get: () => permit };
}
const tick = () => new Promise((r) => setImmediate(r));

describe('MediaLanes', () => {
  it('gives either lane alone one piece per slot', async () => {
    for (const lane of ['first', 'rest'] as const) {
      const lanes = new MediaLanes(2);
      const s = lanes.supplier(lane);
      const a = reserve(s);
      const b = reserve(s);
      const c = reserve(s);
      await tick();
      expect([a.get(), b.get(), c.get()].map((p) => p !== 'waiting')).toEqual([true, true, false]);
      s.markSlotUsed({ slotInfo: info, permit: await a.p });
      s.releaseSlot({ slotInfo: info, permit: await a.p });
      await tick();
      expect(c.get()).not.toBe('waiting');
    }
  });

  it('starts first-lane pieces beside the other lane full, which then starts nothing new until they end', async () => {
    const lanes = new MediaLanes(2);
    const first = lanes.supplier('first');
    const rest = lanes.supplier('rest');
    // The other lane runs two pieces; a third waits for a slot.
    const r1 = await rest.reserveSlot(ctx, new AbortController().signal);
    const r2 = await rest.reserveSlot(ctx, new AbortController().signal);
    rest.markSlotUsed({ slotInfo: info, permit: r1 });
    rest.markSlotUsed({ slotInfo: info, permit: r2 });
    const r3 = reserve(rest);
    // The first lane still gets both slots at once.
    const f1 = await first.reserveSlot(ctx, new AbortController().signal);
    const f2 = await first.reserveSlot(ctx, new AbortController().signal);
    first.markSlotUsed({ slotInfo: info, permit: f1 });
    expect(lanes.state()).toEqual({
      held: { first: 2, rest: 2, finish: 0 },
      used: { first: 1, rest: 2, finish: 0 },
    });
    // A piece of the other lane ends: with a first-lane piece running, its slot stays free.
    rest.releaseSlot({ slotInfo: info, permit: r1 });
    await tick();
    expect(r3.get()).toBe('waiting');
    // A poll of the first lane that ended without a task frees nothing for the other lane…
    first.releaseSlot({ permit: f2 });
    await tick();
    expect(r3.get()).toBe('waiting');
    // …the first lane's piece ending does.
    first.releaseSlot({ slotInfo: info, permit: f1 });
    await tick();
    expect(r3.get()).not.toBe('waiting');
    expect(lanes.state()).toEqual({
      held: { first: 0, rest: 2, finish: 0 },
      used: { first: 0, rest: 1, finish: 0 },
    });
  });

  it('gives the finishing lane its own slot, whatever the others hold, and takes none of theirs', async () => {
    const lanes = new MediaLanes(1);
    const first = lanes.supplier('first');
    const rest = lanes.supplier('rest');
    const finish = lanes.supplier('finish');
    const soundtrack: ActivitySlotInfo = { type: 'activity', activityType: 'mixSoundtrack' };
    // Both other lanes hold their slot, and a piece runs on the first lane.
    const f = await first.reserveSlot(ctx, new AbortController().signal);
    first.markSlotUsed({ slotInfo: info, permit: f });
    const r = reserve(rest);
    await tick();
    expect(r.get()).toBe('waiting');
    // The finishing lane still gets its one slot at once, and no second.
    const a = await finish.reserveSlot(ctx, new AbortController().signal);
    finish.markSlotUsed({ slotInfo: soundtrack, permit: a });
    const b = reserve(finish);
    await tick();
    expect(b.get()).toBe('waiting');
    expect(finish.tryReserveSlot(ctx)).toBeNull();
    // Its piece ending frees its slot only: the other lane still waits for the first lane's.
    finish.releaseSlot({ slotInfo: soundtrack, permit: a });
    await tick();
    expect(b.get()).not.toBe('waiting');
    expect(r.get()).toBe('waiting');
    first.releaseSlot({ slotInfo: info, permit: f });
    await tick();
    expect(r.get()).not.toBe('waiting');
    expect(lanes.state()).toEqual({
      held: { first: 0, rest: 1, finish: 1 },
      used: { first: 0, rest: 0, finish: 0 },
    });
  });

  it('answers a cancelled reservation with its reason and gives its slot to nobody', async () => {
    const lanes = new MediaLanes(1);
    const rest = lanes.supplier('rest');
    const held = await rest.reserveSlot(ctx, new AbortController().signal);
    const abort = new AbortController();
    const waiting = rest.reserveSlot(ctx, abort.signal);
    const reason = new Error('poller stopped');
    abort.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    const next = reserve(rest);
    rest.releaseSlot({ permit: held });
    await tick();
    expect(next.get()).not.toBe('waiting');
    expect(lanes.state().held.rest).toBe(1);
  });

  it('refuses an eager task only when the lane has no slot', () => {
    const lanes = new MediaLanes(1);
    const first = lanes.supplier('first');
    const rest = lanes.supplier('rest');
    const f = first.tryReserveSlot(ctx);
    expect(f).not.toBeNull();
    first.markSlotUsed({ slotInfo: info, permit: f! });
    expect(first.tryReserveSlot(ctx)).toBeNull();
    expect(rest.tryReserveSlot(ctx)).toBeNull();
  });
});
