import { randomUUID } from 'node:crypto';
import { type FirstAttempt, PUBLISHER_RUN_ID, type SentAttemptOutcome } from '@vidgen/workflows';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { DeliveryTarget, OccurrenceDelivery } from '../webhook-delivery.repository';
import type { RecordAttempt } from './attempt-record';
import { createFirstAttempts, FIRST_ATTEMPT_CONCURRENCY, START_CONCURRENCY } from './first-attempts';
import type { SignedPost } from './signed-post';

const tick = (ms = 1) => new Promise((r) => setTimeout(r, ms));

const newDelivery = (over: Partial<OccurrenceDelivery> = {}): OccurrenceDelivery => ({
  id: randomUUID(),
  accountId: 'acct',
  runs: 0,
  status: 'pending',
  nextRetryAt: null,
  currentRunId: null,
  ...over,
});

const answered = (statusCode: number): SentAttemptOutcome => ({
  kind: statusCode >= 200 && statusCode < 300 ? 'delivered' : 'failed',
  startedAt: new Date().toISOString(),
  durationMs: 3,
  statusCode,
  error: null,
  retryAfterSeconds: null,
});

/** The publisher's first attempts over stand-ins that count what runs at once. */
function publisher(options: {
  post?: (target: DeliveryTarget) => Promise<SentAttemptOutcome>;
  record?: RecordAttempt;
  start?: (id: string) => Promise<void>;
  inactive?: Set<string>;
}) {
  const seen = {
    posts: [] as string[],
    starts: [] as [string, FirstAttempt | undefined][],
    named: [] as string[],
  };
  const inFlight = { posts: 0, starts: 0, maxPosts: 0, maxStarts: 0 };
  const post: SignedPost = async (target) => {
    seen.posts.push(target.id);
    inFlight.maxPosts = Math.max(inFlight.maxPosts, ++inFlight.posts);
    try {
      if (options.post) return await options.post(target);
      await tick();
      return answered(200);
    } finally {
      inFlight.posts--;
    }
  };
  const deliverFirst = createFirstAttempts({
    deliveries: {
      async targets(ids) {
        return new Map(
          ids.map((id) => [
            id,
            {
              id,
              accountId: 'acct',
              event: 'video.completed',
              payload: '{}',
              assetIds: {},
              url: 'https://hooks.example.com/in',
              secret: 's',
              webhookActive: !options.inactive?.has(id),
              webhookDeleted: false,
            },
          ]),
        );
      },
      runState: async () => undefined,
      async nameFirstRun(id) {
        seen.named.push(id);
      },
    },
    workflows: {
      attemptSettings: { backoff: { baseSeconds: 5, factor: 5 }, timeoutSeconds: 10 },
      async startFirst(d, first) {
        seen.starts.push([d.id, first]);
        inFlight.maxStarts = Math.max(inFlight.maxStarts, ++inFlight.starts);
        try {
          await (options.start ?? (() => tick(2)))(d.id);
        } finally {
          inFlight.starts--;
        }
        return `run-of-${d.id}`;
      },
    },
    post,
    record: options.record ?? (async () => ({ written: true, earlier: null })),
  });
  return { deliverFirst, seen, inFlight };
}

describe("the publisher's first attempts", () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  afterEach(() => {
    expect(unhandled).toEqual([]);
  });
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it(`makes at most ${FIRST_ATTEMPT_CONCURRENCY} POSTs and ${START_CONCURRENCY} workflow starts at once, every delivery once`, async () => {
    const pending = Array.from({ length: 60 }, () => newDelivery());
    const { deliverFirst, seen, inFlight } = publisher({});
    await deliverFirst(pending);
    expect(inFlight.maxPosts).toBe(FIRST_ATTEMPT_CONCURRENCY);
    expect(inFlight.maxStarts).toBe(START_CONCURRENCY);
    expect(seen.posts.sort()).toEqual(pending.map((d) => d.id).sort());
    expect(seen.starts.map(([id]) => id)).toEqual(pending.map((d) => d.id));
    expect(seen.starts.every(([, first]) => first?.final === 'succeeded')).toBe(true);
    expect(seen.named.sort()).toEqual(pending.map((d) => d.id).sort());
  });

  it('leaves every first attempt to the workflows when told not to attempt: a receiver that hangs holds nothing back', async () => {
    const pending = [newDelivery(), newDelivery()];
    const { deliverFirst, seen } = publisher({ post: () => new Promise<never>(() => undefined) });
    await deliverFirst(pending, { attempt: false });
    expect(seen.posts).toEqual([]);
    expect(seen.starts).toEqual(pending.map((d) => [d.id, undefined]));
  });

  it('never holds a POST back for a workflow start', async () => {
    const pending = Array.from({ length: FIRST_ATTEMPT_CONCURRENCY + 8 }, () => newDelivery());
    let releaseStarts!: () => void;
    const startsHeld = new Promise<void>((r) => {
      releaseStarts = r;
    });
    const { deliverFirst, seen } = publisher({ start: () => startsHeld });
    const done = deliverFirst(pending);
    for (let i = 0; i < 200 && seen.posts.length < pending.length; i++) await tick(2);
    // Every POST went out while no workflow start had finished.
    expect(seen.posts).toHaveLength(pending.length);
    releaseStarts();
    await done;
  });

  it("starts each workflow once its own delivery's attempt is written down, while another receiver still hangs", async () => {
    const [slow, quick] = [newDelivery(), newDelivery()];
    let answerSlow!: () => void;
    const slowAnswer = new Promise<void>((r) => {
      answerSlow = r;
    });
    const { deliverFirst, seen } = publisher({
      post: async (target) => {
        if (target.id === slow.id) await slowAnswer;
        return answered(target.id === slow.id ? 500 : 204);
      },
    });
    const done = deliverFirst([slow, quick]);
    for (let i = 0; i < 200 && seen.starts.length === 0; i++) await tick(2);
    expect(seen.starts.map(([id]) => id)).toEqual([quick.id]);
    answerSlow();
    await done;
    expect(seen.starts.map(([id]) => id)).toEqual([quick.id, slow.id]);
  });

  it('writes down a failed first attempt with its retry 4 to 5 s on, and its workflow goes on from that time', async () => {
    const recorded: Parameters<RecordAttempt>[] = [];
    const before = Date.now();
    const { deliverFirst, seen } = publisher({
      post: async () => answered(503),
      record: async (...args) => {
        recorded.push(args);
        return { written: true, earlier: null };
      },
    });
    const d = newDelivery();
    await deliverFirst([d]);
    const [input, options] = recorded[0]!;
    expect(options).toEqual({ claimFirstRun: true });
    expect(input).toMatchObject({ deliveryId: d.id, run: 1, attempt: 1, final: null });
    const due = Date.parse(input.nextRetryAt!) - before;
    expect(due).toBeGreaterThanOrEqual(4000);
    expect(due).toBeLessThanOrEqual(5000 + (Date.now() - before));
    expect(seen.starts).toEqual([[d.id, { run: 1, final: null, nextRetryAt: input.nextRetryAt }]]);
  });

  it('POSTs neither a delivery whose first run has begun nor one to an inactive webhook, and starts both workflows', async () => {
    const begun = newDelivery({
      runs: 1,
      currentRunId: PUBLISHER_RUN_ID,
      nextRetryAt: '2026-11-28T12:00:05.000Z',
    });
    const inactive = newDelivery();
    const { deliverFirst, seen } = publisher({ inactive: new Set([inactive.id]) });
    await deliverFirst([begun, inactive]);
    expect(seen.posts).toEqual([]);
    expect(seen.starts).toEqual([
      [begun.id, { run: 1, final: null, nextRetryAt: '2026-11-28T12:00:05.000Z' }],
      [inactive.id, undefined],
    ]);
    // Only the run the publisher began is named after the workflow run that goes on from it.
    expect(seen.named).toEqual([begun.id]);
  });

  it('after an attempt that could not be written down, makes no further POST and fails once nothing is in flight', async () => {
    const pending = Array.from({ length: FIRST_ATTEMPT_CONCURRENCY + 8 }, () => newDelivery());
    const { deliverFirst, seen, inFlight } = publisher({
      record: async (input) => {
        if (input.deliveryId === pending[0]!.id) throw new Error('database unreachable');
        return { written: true, earlier: null };
      },
    });
    await expect(deliverFirst(pending)).rejects.toThrow('database unreachable');
    expect(inFlight).toMatchObject({ posts: 0, starts: 0 });
    // The lanes that were busy finished their POSTs; none started after the failure.
    expect(seen.posts.length).toBeLessThan(pending.length);
    expect(seen.starts.map(([id]) => id)).not.toContain(pending[0]!.id);
    const notPosted = pending.filter((d) => !seen.posts.includes(d.id)).map((d) => d.id);
    expect(seen.starts.filter(([id]) => notPosted.includes(id))).toEqual([]);
    await tick(10);
  });
});
