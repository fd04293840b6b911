import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Priority } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import {
  isMediaTaskQueue,
  MEDIA_PRIORITY,
  type MediaKind,
  mediaFirstLaneTaskQueue,
  mediaPriority,
  mediaTaskQueue,
  type VideoWorkflowInput,
} from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  connectTemporal,
  deferred,
  runVideoWorkflow,
  standIns,
} from '../../../libs/workflows/test/support/stand-ins';
import { MediaLanes } from '../src/media-lanes';
import { workerConcurrency } from '../src/worker-concurrency';
import type { Wave } from './support/media-pieces.workflow';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MEDIA_ROLE = { control: false, media: true };
const PIECES_WORKFLOW = path.join(REPO_ROOT, 'apps', 'worker', 'test', 'support', 'media-pieces.workflow.ts');
/** temporal.api.enums.v1.PendingActivityState: queued, and taken by a worker. */
const SCHEDULED = 1;
const STARTED = 2;

const piece = (name: string, kind: MediaKind, accountId: string, begun = false, rank = 0) => ({
  name,
  priority: mediaPriority({ kind, accountId, begun, rank }) as Priority,
});

/**
 * Media work is ordered by the Temporal server (task-queue priority, then fairness between
 * accounts) and a media worker takes only what it can start: docs/decisions/0062-scheduling-by-temporal.md,
 * docs/decisions/0072-media-order-by-rank-in-account.md.
 * Runs on the suite's dev server, started with temporal/dev-server.json's dynamic config.
 */
describe('media work scheduled by Temporal', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;

  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  /** The tasks waiting in an activity queue, as its matching service counts them. */
  async function backlog(taskQueue: string): Promise<number> {
    const res = await temporal.client.workflowService.describeTaskQueue({
      namespace: temporal.client.options.namespace,
      taskQueue: { name: taskQueue },
      taskQueueType: 2, // activity tasks
      reportStats: true,
    });
    return Number(res.stats?.approximateBacklogCount ?? 0);
  }

  /**
   * Runs `waves` through a media worker with the real media options for one core: a first piece,
   * `holder`, occupies its one slot until every later piece has reached the queue, so the server
   * alone decides the order they run in. Returns the names of the later pieces as they started.
   */
  async function runInOrder(waves: Wave[]): Promise<string[]> {
    const queue = `media-order-spec-${randomUUID()}`;
    const started: string[] = [];
    const holder = deferred();
    const pieces = waves.reduce((n, w) => n + w.pieces.length, 0);
    const media = await Worker.create({
      connection: temporal.connection,
      taskQueue: mediaTaskQueue(queue),
      activities: {
        piece: async (name: string) => {
          started.push(name);
          if (name === 'holder') await holder.promise;
          else await sleep(20);
        },
      },
      tuner: new MediaLanes(workerConcurrency(MEDIA_ROLE, 1).media!.slots).tuner('rest'),
    });
    const control = await Worker.create({
      connection: temporal.connection,
      taskQueue: queue,
      workflowsPath: PIECES_WORKFLOW,
    });
    const start = (id: string, w: Wave[]) =>
      temporal.client.workflow.start('mediaPieces', {
        taskQueue: queue,
        workflowId: `${queue}-${id}`,
        args: [mediaTaskQueue(queue), w],
      });
    await control.runUntil(
      media.runUntil(async () => {
        const holding = await start('holder', [{ afterMs: 0, pieces: [{ name: 'holder' }] }]);
        while (started.length === 0) await sleep(50);
        const queued = await start('pieces', waves);
        // Every piece in the queue, none taken: then let the queue drain. Scheduled in the workflow
        // is not yet in the queue (the server hands a task to matching a moment later): the
        // queue's own backlog must hold them all, or a piece that got there late runs late.
        while (((await queued.describe()).raw.pendingActivities ?? []).length < pieces) await sleep(50);
        while ((await backlog(mediaTaskQueue(queue))) < pieces) await sleep(50);
        holder.resolve();
        await Promise.all([holding.result(), queued.result()]);
      }),
    );
    expect(started[0]).toBe('holder');
    return started.slice(1);
  }

  it('runs drafts before single videos and single videos before batch rows, whatever order they arrive in', async () => {
    const account = randomUUID();
    const order = await runInOrder([
      { afterMs: 0, pieces: [piece('batch-1', 'batchRow', account), piece('batch-2', 'batchRow', account)] },
      { afterMs: 300, pieces: [piece('video-1', 'video', account), piece('video-2', 'video', account)] },
      { afterMs: 300, pieces: [piece('draft-1', 'draft', account), piece('draft-2', 'draft', account)] },
    ]);
    expect(order.slice(0, 2).sort()).toEqual(['draft-1', 'draft-2']);
    expect(order.slice(2, 4).sort()).toEqual(['video-1', 'video-2']);
    expect(order.slice(4).sort()).toEqual(['batch-1', 'batch-2']);
  });

  it('runs a video under way before a video that has not begun', async () => {
    const account = randomUUID();
    const order = await runInOrder([
      { afterMs: 0, pieces: [piece('new-1', 'video', account), piece('new-2', 'video', account)] },
      { afterMs: 300, pieces: [piece('under-way', 'video', account, true)] },
    ]);
    expect(order[0]).toBe('under-way');
  });

  it('does not starve an account with one piece queued behind an account with ten', async () => {
    const busy = randomUUID();
    const quiet = randomUUID();
    const order = await runInOrder([
      { afterMs: 0, pieces: Array.from({ length: 10 }, (_, i) => piece(`busy-${i}`, 'video', busy)) },
      { afterMs: 300, pieces: [piece('quiet', 'video', quiet)] },
    ]);
    // In arrival order (no fairness) it would run last, eleventh.
    expect(order.indexOf('quiet')).toBeLessThan(3);
  });

  it("runs an account's first video ahead of another account's later videos, even those under way", async () => {
    const busy = randomUUID();
    const quiet = randomUUID();
    const order = await runInOrder([
      {
        afterMs: 0,
        pieces: Array.from({ length: 10 }, (_, i) => piece(`busy-${i + 1}`, 'video', busy, true, i + 1)),
      },
      { afterMs: 300, pieces: [piece('quiet', 'video', quiet)] },
    ]);
    // Without the rank the ten under way would go first, and it eleventh.
    expect(order[0]).toBe('quiet');
    expect(order.slice(1)).toEqual(expect.arrayContaining(['busy-1', 'busy-2']));
    expect(order.indexOf('busy-1')).toBeLessThan(order.indexOf('busy-2'));
  });

  it('takes no more media tasks than it runs at once: the rest wait in the queue, not in the worker', async () => {
    const queue = `media-hold-spec-${randomUUID()}`;
    const cores = 2;
    const release = deferred();
    let running = 0;
    const media = await Worker.create({
      connection: temporal.connection,
      taskQueue: mediaTaskQueue(queue),
      activities: {
        piece: async () => {
          running++;
          await release.promise;
        },
      },
      tuner: new MediaLanes(workerConcurrency(MEDIA_ROLE, cores).media!.slots).tuner('rest'),
    });
    const control = await Worker.create({
      connection: temporal.connection,
      taskQueue: queue,
      workflowsPath: PIECES_WORKFLOW,
    });
    const account = randomUUID();
    const states = await control.runUntil(
      media.runUntil(async () => {
        const handle = await temporal.client.workflow.start('mediaPieces', {
          taskQueue: queue,
          workflowId: queue,
          args: [
            mediaTaskQueue(queue),
            [{ afterMs: 0, pieces: Array.from({ length: 6 }, (_, i) => piece(`p${i}`, 'video', account)) }],
          ],
        });
        while (running < cores) await sleep(50);
        // Long enough for a worker that takes more than it runs to have taken them.
        await sleep(2000);
        const pending = (await handle.describe()).raw.pendingActivities ?? [];
        release.resolve();
        await handle.result();
        return pending.map((a) => a.state);
      }),
    );
    expect(running).toBe(6);
    expect(states.filter((s) => s === STARTED)).toHaveLength(cores);
    expect(states.filter((s) => s === SCHEDULED)).toHaveLength(6 - cores);
  });

  it("starts a first-lane piece beside the other lane's running ones, and the other lane starts nothing new until it ends", async () => {
    const queue = `media-lanes-spec-${randomUUID()}`;
    const cores = 2;
    const started: string[] = [];
    const held = new Map<string, ReturnType<typeof deferred>>();
    const hold = (name: string) => {
      if (!held.has(name)) held.set(name, deferred());
      return held.get(name)!;
    };
    const lanes = new MediaLanes(cores);
    const activities = {
      piece: async (name: string) => {
        started.push(name);
        await hold(name).promise;
      },
    };
    // The first lane and the rest (the finishing lane has slots of its own and is not run here).
    const [first, rest] = await Promise.all(
      lanes
        .workers(queue)
        .filter(({ lane }) => lane !== 'finish')
        .map(({ taskQueue, tuner }) =>
          Worker.create({ connection: temporal.connection, taskQueue, activities, tuner }),
        ),
    );
    const control = await Worker.create({
      connection: temporal.connection,
      taskQueue: queue,
      workflowsPath: PIECES_WORKFLOW,
    });
    const account = randomUUID();
    const until = async (what: () => boolean) => {
      for (const deadline = Date.now() + 20_000; !what(); await sleep(50))
        if (Date.now() > deadline)
          throw new Error(`started ${JSON.stringify(started)}, lanes ${JSON.stringify(lanes.state())}`);
    };
    await control.runUntil(
      rest.runUntil(
        first.runUntil(async () => {
          const busy = Array.from({ length: 4 }, (_, i) => piece(`rest-${i + 1}`, 'video', account, true, 3));
          const handle = await temporal.client.workflow.start('mediaPieces', {
            taskQueue: queue,
            workflowId: queue,
            args: [
              mediaTaskQueue(queue),
              [
                { afterMs: 0, pieces: busy },
                {
                  afterMs: 500,
                  pieces: [
                    { ...piece('first', 'video', randomUUID()), taskQueue: mediaFirstLaneTaskQueue(queue) },
                  ],
                },
              ],
            ],
          });
          try {
            // The other lane fills both slots; the first lane's piece starts beside them.
            await until(() => started.includes('first'));
            expect(started.slice(0, 2).every((name) => name.startsWith('rest-'))).toBe(true);
            expect(started[2]).toBe('first');
            // A piece of the other lane ends: while the first lane's runs, its slot stays empty.
            hold(started[0]!).resolve(undefined);
            await sleep(1500);
            expect(started).toHaveLength(3);
            expect(lanes.state().used).toEqual({ first: 1, rest: 1, finish: 0 });
            // The first lane's piece ends: the other lane takes the next.
            hold('first').resolve(undefined);
            await until(() => started.length === 4);
            expect(started[3]).toMatch(/^rest-/);
          } finally {
            // Whatever failed above, nothing is left holding the workers' shutdown.
            for (const name of ['rest-1', 'rest-2', 'rest-3', 'rest-4', 'first'])
              hold(name).resolve(undefined);
          }
          await handle.result();
        }),
      ),
    );
    expect(started.sort()).toEqual(['first', 'rest-1', 'rest-2', 'rest-3', 'rest-4']);
  });

  it("gives the video workflow's media work the account as fairness key weighted by the pieces finished, its plan's rank, a key ahead once under way and at each half of its narration", async () => {
    const history = await runVideoWorkflow(
      temporal,
      standIns({
        planProduction: async () => ({
          sceneIds: ['s1', 's2'],
          charges: [],
          aheadInAccount: 1,
          othersInAccount: 2,
        }),
      }),
      { autoApprove: true },
      async (handle) => {
        await handle.result();
        return handle.fetchHistory();
      },
    );
    const input = JSON.parse(
      Buffer.from(
        history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!.data!,
      ).toString('utf8'),
    ) as VideoWorkflowInput;
    const media = history
      .events!.flatMap((e) =>
        e.activityTaskScheduledEventAttributes ? [e.activityTaskScheduledEventAttributes] : [],
      )
      .filter((a) => isMediaTaskQueue(a.taskQueue?.name ?? ''))
      .map((a) => ({ type: a.activityType!.name, priority: a.priority }));
    expect(media.map((m) => m.type).sort()).toEqual(
      [
        'generateSceneImage',
        'generateSceneImage',
        'narrateScene',
        'narrateScene',
        'renderSegment',
        'renderSegment',
        'mixSoundtrack',
        'joinSegments',
      ].sort(),
    );
    expect(media.at(-1)!.type).toBe('joinSegments');
    for (const m of media) expect(m.priority?.fairnessKey).toBe(input.accountId);
    const { accountId } = input;
    // Rank 3: two other videos of the account under way, one of them older.
    const notBegun = mediaPriority({ kind: 'video', accountId, begun: false, rank: 3 }).priorityKey;
    const underWay = mediaPriority({ kind: 'video', accountId, begun: true, rank: 3 }).priorityKey;
    expect(notBegun).toBeGreaterThan(
      mediaPriority({ kind: 'video', accountId, begun: false, rank: 2 }).priorityKey!,
    );
    const narratedKey = mediaPriority({
      kind: 'video',
      accountId,
      begun: true,
      rank: 3,
      narrated: true,
    }).priorityKey;
    const halfKey = mediaPriority({
      kind: 'video',
      accountId,
      begun: true,
      rank: 3,
      halfNarrated: true,
    }).priorityKey;
    expect(narratedKey).toBeLessThan(halfKey!);
    expect(halfKey).toBeLessThan(underWay!);
    // Not begun until a first piece finished (production overlaps its stages, so how many go out
    // before that varies), under way from then on, half narrated once one of the two scenes'
    // narrations finished and narrated once both did: read off the history's order.
    const keys = media.map((m) => m.priority?.priorityKey);
    const first = keys.findIndex((k) => k !== notBegun);
    expect(first).toBeGreaterThanOrEqual(2);
    expect(keys.slice(0, first).every((k) => k === notBegun)).toBe(true);
    {
      const narrationIds = new Set<string>();
      let finishedPieces = 0;
      let narrationsDone = 0;
      const expected: (number | undefined)[] = [];
      const mediaIds = new Set<string>();
      for (const e of history.events!) {
        const a = e.activityTaskScheduledEventAttributes;
        if (a && isMediaTaskQueue(a.taskQueue?.name ?? '')) {
          mediaIds.add(String(e.eventId));
          if (a.activityType?.name === 'narrateScene') narrationIds.add(String(e.eventId));
          const join = a.activityType?.name === 'joinSegments';
          expected.push(
            join
              ? MEDIA_PRIORITY.draft
              : narrationsDone === 2
                ? narratedKey
                : narrationsDone === 1
                  ? halfKey
                  : finishedPieces > 0
                    ? underWay
                    : notBegun,
          );
        }
        const c = e.activityTaskCompletedEventAttributes;
        if (c && mediaIds.has(String(c.scheduledEventId))) {
          finishedPieces++;
          if (narrationIds.has(String(c.scheduledEventId))) narrationsDone++;
        }
      }
      expect(keys).toEqual(expected);
    }
    // The last scene's segment and the soundtrack come after every narration; the join, which
    // completes the video, goes first on its lane whatever the video.
    expect(keys.slice(-3)).toEqual([narratedKey, narratedKey, MEDIA_PRIORITY.draft]);
    // Each piece weighted 1 + the run's media pieces that had finished when it was scheduled
    // (none: the default weight), read off the history's order.
    const mediaScheduled = new Set<string>();
    let finished = 0;
    const weights: { weight: number | undefined; finished: number }[] = [];
    for (const e of history.events!) {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled && isMediaTaskQueue(scheduled.taskQueue?.name ?? '')) {
        mediaScheduled.add(String(e.eventId));
        weights.push({ weight: scheduled.priority?.fairnessWeight || undefined, finished });
      }
      const completed = e.activityTaskCompletedEventAttributes;
      if (completed && mediaScheduled.has(String(completed.scheduledEventId))) finished++;
    }
    expect(weights.map((w) => w.weight)).toEqual(
      weights.map((w) => (w.finished > 0 ? 1 + w.finished : undefined)),
    );
    expect(weights.at(-1)!.finished).toBe(media.length - 1);
    // A segment scheduled once both scenes were narrated says so (it then runs at a narration's
    // niceness), one scheduled before does not.
    const narrations = new Set<string>();
    let narrated = 0;
    const segments: { narrated: boolean | undefined; after: boolean }[] = [];
    for (const e of history.events!) {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled?.activityType?.name === 'narrateScene') narrations.add(String(e.eventId));
      if (scheduled?.activityType?.name === 'renderSegment') {
        const arg = JSON.parse(Buffer.from(scheduled.input!.payloads![0]!.data!).toString('utf8'));
        segments.push({ narrated: arg.narrated, after: narrated === 2 });
      }
      const completed = e.activityTaskCompletedEventAttributes;
      if (completed && narrations.has(String(completed.scheduledEventId))) narrated++;
    }
    expect(segments).toHaveLength(2);
    for (const seg of segments) expect(seg.narrated).toBe(seg.after);
    // The last scene's segment needs every narration.
    expect(segments.at(-1)!.narrated).toBe(true);
  });

  it("puts an account's only video's media work on the first lane, a video beside the account's others on the other, and either's soundtrack and join on the finishing lane", async () => {
    const lanesOf = async (plan: { aheadInAccount: number; othersInAccount: number }) => {
      const history = await runVideoWorkflow(
        temporal,
        standIns({ planProduction: async () => ({ sceneIds: ['s1', 's2'], charges: [], ...plan }) }),
        { autoApprove: true },
        async (handle) => {
          await handle.result();
          return handle.fetchHistory();
        },
      );
      // Each kind of piece and the lanes it went on.
      const lanes: Record<string, Set<string>> = {};
      for (const e of history.events!) {
        const a = e.activityTaskScheduledEventAttributes;
        if (!a || !isMediaTaskQueue(a.taskQueue?.name ?? '')) continue;
        const kind = a.activityType!.name!;
        lanes[kind] = (lanes[kind] ?? new Set()).add(a.taskQueue!.name!.replace(/^.*-media/, '-media'));
      }
      return lanes;
    };
    const finishing = { mixSoundtrack: new Set(['-media-finish']), joinSegments: new Set(['-media-finish']) };
    const on = (lane: string) => ({
      generateSceneImage: new Set([lane]),
      narrateScene: new Set([lane]),
      renderSegment: new Set([lane]),
      ...finishing,
    });
    expect(await lanesOf({ aheadInAccount: 0, othersInAccount: 0 })).toEqual(on('-media-first'));
    expect(await lanesOf({ aheadInAccount: 0, othersInAccount: 1 })).toEqual(on('-media'));
  });
});
