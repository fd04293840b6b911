import { describe, expect, it } from 'vitest';
import { MediaOrder, type MediaWork } from './local-media-order';

const MINUTE = 60_000;

/** A piece of work whose body records when it starts and runs until `finish()` is called. */
function harness(slots: number) {
  let clock = 0;
  const order = new MediaOrder(slots, () => clock);
  const started: string[] = [];
  const running = new Map<string, () => void>();
  let peak = 0;
  const submit = (name: string, work: Partial<MediaWork> & { videoId: string }, signal?: AbortSignal) =>
    order.run(
      { accountId: 'acc', approvedAt: 0, maxWaitMs: 10 * MINUTE, ...work },
      () =>
        new Promise<string>((resolve) => {
          started.push(name);
          peak = Math.max(peak, order.load.running);
          running.set(name, () => resolve(name));
        }),
      signal,
    );
  const tick = () => new Promise((r) => setImmediate(r));
  /** Ends a piece of work, once it has started: a piece that never starts fails the test. */
  const finish = async (name: string) => {
    for (let i = 0; i < 100 && !running.has(name); i++) await tick();
    if (!running.has(name)) throw new Error(`${name} never started; started: ${started.join(', ')}`);
    running.get(name)!();
    running.delete(name);
    await tick();
  };
  return {
    order,
    started,
    submit,
    finish,
    peak: () => peak,
    runningNames: () => [...running.keys()],
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

describe('MediaOrder', () => {
  it('runs waiting work in the order its videos were approved, not in the order it arrived', async () => {
    const h = harness(1);
    const blocker = h.submit('blocker', { videoId: 'v0', accountId: 'other' });
    const done = [
      h.submit('late', { videoId: 'v3', accountId: 'a3', approvedAt: 3 }),
      h.submit('early', { videoId: 'v1', accountId: 'a1', approvedAt: 1 }),
      h.submit('middle', { videoId: 'v2', accountId: 'a2', approvedAt: 2 }),
    ];
    await h.finish('blocker');
    await h.finish('early');
    await h.finish('middle');
    await h.finish('late');
    await Promise.all([blocker, ...done]);
    expect(h.started).toEqual(['blocker', 'early', 'middle', 'late']);
  });

  it("serves an account's first video before another account's second and third", async () => {
    const h = harness(1);
    const blocker = h.submit('blocker', { videoId: 'v0', accountId: 'other' });
    // Account A approved three videos before B approved its one.
    const done = [
      h.submit('a3', { videoId: 'a3', accountId: 'A', approvedAt: 3 }),
      h.submit('a2', { videoId: 'a2', accountId: 'A', approvedAt: 2 }),
      h.submit('a1', { videoId: 'a1', accountId: 'A', approvedAt: 1 }),
      h.submit('b1', { videoId: 'b1', accountId: 'B', approvedAt: 4 }),
    ];
    for (const name of ['blocker', 'a1', 'b1', 'a2', 'a3']) await h.finish(name);
    await Promise.all([blocker, ...done]);
    expect(h.started).toEqual(['blocker', 'a1', 'b1', 'a2', 'a3']);
  });

  it('lets the earliest video overtake later ones as soon as its next piece arrives', async () => {
    const h = harness(1);
    const first = h.submit('v1-image', { videoId: 'v1', accountId: 'A', approvedAt: 1 });
    const later = [
      h.submit('v2-image', { videoId: 'v2', accountId: 'B', approvedAt: 2 }),
      h.submit('v3-image', { videoId: 'v3', accountId: 'C', approvedAt: 3 }),
    ];
    // v1's next piece is scheduled while the others still wait: it goes before them.
    const next = h.submit('v1-narration', { videoId: 'v1', accountId: 'A', approvedAt: 1 });
    for (const name of ['v1-image', 'v1-narration', 'v2-image', 'v3-image']) await h.finish(name);
    await Promise.all([first, next, ...later]);
    expect(h.started).toEqual(['v1-image', 'v1-narration', 'v2-image', 'v3-image']);
  });

  it('puts work that has waited its maximum first, so nothing waits into its timeout', async () => {
    const h = harness(1);
    const blocker = h.submit('blocker', { videoId: 'v0' });
    const starved = h.submit('starved', { videoId: 'v9', accountId: 'Z', approvedAt: 9, maxWaitMs: MINUTE });
    h.advance(MINUTE);
    const favoured = h.submit('favoured', { videoId: 'v1', accountId: 'A', approvedAt: 1 });
    for (const name of ['blocker', 'starved', 'favoured']) await h.finish(name);
    await Promise.all([blocker, starved, favoured]);
    expect(h.started).toEqual(['blocker', 'starved', 'favoured']);
  });

  it('never runs more than its slots at once and runs everything in the end', async () => {
    const h = harness(2);
    const all = Array.from({ length: 7 }, (_, i) =>
      h.submit(`p${i}`, { videoId: `v${i % 3}`, accountId: `a${i % 2}`, approvedAt: i % 3 }),
    );
    expect(h.order.load).toEqual({ running: 2, waiting: 5 });
    for (let i = 0; i < 7; i++) {
      await new Promise((r) => setImmediate(r));
      await h.finish(h.runningNames()[0]!);
    }
    expect(await Promise.all(all)).toHaveLength(7);
    expect(h.peak()).toBe(2);
    expect(h.order.load).toEqual({ running: 0, waiting: 0 });
  });

  it('takes cancelled work out of the queue without holding a slot', async () => {
    const h = harness(1);
    const blocker = h.submit('blocker', { videoId: 'v0' });
    const cancel = new AbortController();
    const cancelled = h.submit('cancelled', { videoId: 'v1', approvedAt: 1 }, cancel.signal);
    const next = h.submit('next', { videoId: 'v2', approvedAt: 2 });
    cancel.abort(new Error('activity cancelled'));
    await expect(cancelled).rejects.toThrow('activity cancelled');
    await h.finish('blocker');
    await h.finish('next');
    await Promise.all([blocker, next]);
    expect(h.started).toEqual(['blocker', 'next']);
    expect(h.order.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when the work throws', async () => {
    const order = new MediaOrder(1);
    const work = { videoId: 'v1', accountId: 'a', approvedAt: 0, maxWaitMs: MINUTE };
    await expect(order.run(work, () => Promise.reject(new Error('ffmpeg failed')))).rejects.toThrow('ffmpeg');
    await expect(order.run(work, async () => 'ran')).resolves.toBe('ran');
  });

  it('starts nothing more once draining, and lets what runs finish', async () => {
    const h = harness(1);
    const running = h.submit('running', { videoId: 'v1' });
    const cancel = new AbortController();
    const waiting = h.submit('waiting', { videoId: 'v2' }, cancel.signal);
    h.order.drain();
    expect(h.order.draining).toBe(true);
    await h.finish('running');
    await expect(running).resolves.toBe('running');
    expect(h.order.load).toEqual({ running: 0, waiting: 1 });
    // The worker's grace period ends: the SDK cancels what is left.
    cancel.abort(new Error('worker shutdown'));
    await expect(waiting).rejects.toThrow('worker shutdown');
    expect(h.started).toEqual(['running']);
  });

  it('keeps a moving average of how long pieces run', async () => {
    const h = harness(1);
    expect(h.order.averageRunMs).toBe(5000);
    const piece = h.submit('slow', { videoId: 'v1' });
    await new Promise((r) => setImmediate(r));
    h.advance(10_000);
    await h.finish('slow');
    await piece;
    expect(h.order.averageRunMs).toBe(6000);
  });
});
