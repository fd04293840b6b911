/**
 * Media scheduling by Temporal's task-queue priority and fairness, simulated on the real dev
 * server (temporal/dev-server.json's dynamic config): videos whose media pieces only sleep, so the
 * figures are the server's ordering, not the machine's speed. Each video runs the pipeline's media
 * stages one after the other (pictures, narration, segments: one piece per scene; the join: one),
 * its pieces on a media queue served by two media workers of BENCH_SCHED_SLOTS slots each.
 * Per key scheme (bench/scheduling/sim-video.workflow.ts):
 *
 * - `median_over_last`: 30 videos over 10 accounts submitted together; median completion over the
 *   last (0.5 when videos finish evenly spread, 1 when all finish at the end);
 * - `one_beside_ten`: an account's one video submitted just after another account's ten
 *   (BENCH_SCHED_BUSY; the api lets an account have 3 in progress, so 3 is the case it meets);
 *   its time over its time alone.
 *
 * A video's rank: how many of its account's videos were submitted before it in the run.
 *
 *   npm run bench -- --only scheduling      (or: npm run bench:scheduling)
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import type { Priority } from '@temporalio/common';
import { temporal } from '@temporalio/proto';
import { NativeConnection, Worker } from '@temporalio/worker';
import { startTemporalDevServer } from '@vidgen/devstack';
import { mediaFirstLaneTaskQueue, mediaPriority, mediaTaskQueue, onFirstLane } from '@vidgen/workflows';
import { MediaLanes } from '../apps/worker/src/media-lanes';
import { type Figures, writeFigures } from './figures';
import { median } from './proc-stats';
import type { SimVideo } from './scheduling/sim-video.workflow';

/**
 * How a video's media pieces are keyed, by stage (0-based), whether a piece of it has finished,
 * and its rank: how many of its account's videos were in production ahead of it when it started.
 */
const SCHEME_KEYS = {
  /** One key for all single videos, the account as fairness key. */
  kind: () => 3,
  /** Kind, a video under way one key ahead (0062's keys; media-priority.ts at rank 0). */
  'under-way': (_stage: number, begun: boolean) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: 0 }).priorityKey!,
  /** A later stage first, so what has begun finishes: 4 stages over keys 5…2. */
  stage: (stage: number) => Math.max(1, 5 - stage),
  /** As under-way, every piece of an account weighted 1 / the account's videos in the run (one weight per key). */
  'under-way-weighted': (_stage: number, begun: boolean) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: 0 }).priorityKey!,
  /**
   * As under-way-weighted, but each video weighted 1 / the account's videos approved up to it, all
   * the workflow could know at approval (so one key's pieces carry different weights).
   */
  'under-way-weighted-at-approval': (_stage: number, begun: boolean) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: 0 }).priorityKey!,
  /** One key per rank within the account (ranks from 2 share one), no under-way step. */
  rank: (_stage: number, _begun: boolean, rank: number) => 2 + Math.min(rank, 2),
  /**
   * 0072's rank through libs/workflows/src/media-priority.ts's keys: two keys per rank, the rank
   * the account's older videos in the run (ranks from MEDIA_RANKS - 1 share them), under way
   * ahead of not begun.
   */
  'rank-under-way': (_stage: number, begun: boolean, rank: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank }).priorityKey!,
  /** As rank-under-way, every piece of an account weighted 1 / the account's videos in the run. */
  'rank-under-way-weighted': (_stage: number, begun: boolean, rank: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank }).priorityKey!,
  /**
   * As rank-under-way-weighted, the weights set once per account on the media queue (the server's
   * fairness weight overrides, UpdateTaskQueueConfig) instead of on each piece.
   */
  'rank-under-way-override': (_stage: number, begun: boolean, rank: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank }).priorityKey!,
  /**
   * media-priority.ts as it is (0075): as rank-under-way, the rank counting the account's other
   * videos in the run as well as its older ones: an account with fewer goes first.
   */
  'load-rank-under-way': (_stage: number, begun: boolean, rank: number, load: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: load - 1 + rank }).priorityKey!,
  /**
   * As load-rank-under-way, an account's only video on the media queue's first lane (0084): each
   * worker polls both lanes with one set of slots (apps/worker's MediaLanes).
   */
  'first-lane': (_stage: number, begun: boolean, rank: number, load: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: load - 1 + rank }).priorityKey!,
  /**
   * As first-lane, each piece weighted 1 + its video's pieces finished before it was scheduled: of
   * videos with the same key, the one further along takes more of the workers.
   */
  'first-lane-progress': (_stage: number, begun: boolean, rank: number, load: number) =>
    mediaPriority({ kind: 'video', accountId: '', begun, rank: load - 1 + rank }).priorityKey!,
  /** As rank-under-way with ranks from 1 sharing their keys: an account's first video, then the rest. */
  'first-under-way': (_stage: number, begun: boolean, rank: number) =>
    2 + 2 * Math.min(rank, 1) + (begun ? 0 : 1),
} satisfies Record<string, (stage: number, begun: boolean, rank: number, load: number) => number>;
type KeyScheme = keyof typeof SCHEME_KEYS;

const SCHEMES: KeyScheme[] = (process.env.BENCH_SCHED_SCHEMES ?? Object.keys(SCHEME_KEYS).join(','))
  .split(',')
  .filter(Boolean) as KeyScheme[];
/** Each scheme's runs are repeated and the medians reported: the machine's load moves single runs. */
const ROUNDS = Number(process.env.BENCH_SCHED_ROUNDS ?? 3);
const SLOTS = Number(process.env.BENCH_SCHED_SLOTS ?? 2);
const SCENES = Number(process.env.BENCH_SCHED_SCENES ?? 4);
/** The busy account's videos in `one_beside_ten` (the api lets an account have 3 in progress). */
const BUSY = Number(process.env.BENCH_SCHED_BUSY ?? 10);
/** Milliseconds of one piece per stage, as the throughput bench's 4-scene videos measure (scaled). */
const SCALE = Number(process.env.BENCH_SCHED_SCALE ?? 0.5);
const STAGES = [
  { pieces: SCENES, ms: 250 * SCALE },
  { pieces: SCENES, ms: 700 * SCALE },
  { pieces: SCENES, ms: 1500 * SCALE },
  { pieces: 1, ms: 1000 * SCALE },
];

type Run = (videos: { accountId: string; afterMs: number }[]) => Promise<number[]>;

async function main(): Promise<void> {
  const temporal = await startTemporalDevServer({ headless: true });
  const address = temporal.address;
  const native = await NativeConnection.connect({ address });
  const connection = await Connection.connect({ address });
  const client = new Client({ connection });
  const figures: Figures = {};
  try {
    for (const scheme of SCHEMES) {
      const run: Run = (videos) => runVideos(address, native, client, scheme, videos);
      const spreads: number[] = [];
      const alones: number[] = [];
      const besides: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const accounts = Array.from({ length: 10 }, () => randomUUID());
        const spread = await run(
          Array.from({ length: 30 }, (_, i) => ({ accountId: accounts[i % 10]!, afterMs: 0 })),
        );
        spreads.push(median(spread) / Math.max(...spread));
        alones.push((await run([{ accountId: randomUUID(), afterMs: 0 }]))[0]!);
        const busy = randomUUID();
        const beside = await run([
          ...Array.from({ length: BUSY }, () => ({ accountId: busy, afterMs: 0 })),
          { accountId: randomUUID(), afterMs: 300 },
        ]);
        besides.push(beside[BUSY]!);
      }
      const medianOverLast = median(spreads);
      const alone = median(alones);
      const oneBesideTen = median(besides) / alone;
      console.log(
        `| ${scheme} | median/last ${medianOverLast.toFixed(2)} | one beside ten ${oneBesideTen.toFixed(2)}× (${median(besides).toFixed(1)} s against ${alone.toFixed(1)} s alone; medians of ${ROUNDS}) |`,
      );
      figures[`scheduling.${scheme}.median_over_last`] = medianOverLast;
      figures[`scheduling.${scheme}.one_beside_ten`] = oneBesideTen;
    }
  } finally {
    await connection.close();
    await native.close();
    await temporal.stop();
  }
  writeFigures(figures);
}

/**
 * Starts `videos` (each `afterMs` after the start) on fresh queues with two media workers, and
 * returns each one's completion in seconds from its own start.
 */
async function runVideos(
  address: string,
  native: NativeConnection,
  client: Client,
  scheme: KeyScheme,
  videos: { accountId: string; afterMs: number }[],
): Promise<number[]> {
  const queue = `sched-${randomUUID()}`;
  const mediaQueue = mediaTaskQueue(queue);
  // Two media workers, as two processes would be: one connection each (the SDK refuses two
  // workers of one queue on one connection).
  const connections = await Promise.all([0, 1].map(() => NativeConnection.connect({ address })));
  const activities = { piece: (ms: number) => new Promise((r) => setTimeout(r, ms)) };
  const firstLane = mediaFirstLaneTaskQueue(queue);
  const media = (
    await Promise.all(
      connections.map(async (connection) => {
        if (scheme !== 'first-lane' && scheme !== 'first-lane-progress')
          return [
            await Worker.create({
              connection,
              taskQueue: mediaQueue,
              activities,
              maxConcurrentActivityTaskExecutions: SLOTS,
            }),
          ];
        return Promise.all(
          new MediaLanes(SLOTS)
            .workers(queue)
            .map(({ taskQueue, tuner }) => Worker.create({ connection, taskQueue, activities, tuner })),
        );
      }),
    )
  ).flat();
  const control = await Worker.create({
    connection: native,
    taskQueue: queue,
    workflowsPath: path.join(__dirname, 'scheduling', 'sim-video.workflow.ts'),
    maxCachedWorkflows: 100,
  });
  if (scheme === 'rank-under-way-override') {
    const load = new Map<string, number>();
    for (const v of videos) load.set(v.accountId, (load.get(v.accountId) ?? 0) + 1);
    await client.workflowService.updateTaskQueueConfig({
      namespace: 'default',
      identity: 'scheduling-bench',
      taskQueue: mediaQueue,
      taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
      setFairnessWeightOverrides: Object.fromEntries([...load].map(([a, n]) => [a, 1 / n])),
    });
  }
  const work = async () => {
    const t0 = performance.now();
    return Promise.all(
      videos.map(async (v, i) => {
        await new Promise((r) => setTimeout(r, v.afterMs));
        const started = performance.now();
        const rank = videos.slice(0, i).filter((o) => o.accountId === v.accountId).length;
        const load = videos.filter((o) => o.accountId === v.accountId).length;
        const key = (stage: number, begun: boolean): Priority => ({
          priorityKey: SCHEME_KEYS[scheme](stage, begun, rank, load),
          fairnessKey: v.accountId,
          ...((scheme === 'under-way-weighted' || scheme === 'rank-under-way-weighted') && {
            fairnessWeight: 1 / videos.filter((o) => o.accountId === v.accountId).length,
          }),
          ...(scheme === 'under-way-weighted-at-approval' && {
            fairnessWeight: 1 / videos.slice(0, i + 1).filter((o) => o.accountId === v.accountId).length,
          }),
        });
        const stages = STAGES.map((s, n) => ({ ...s, keys: { fresh: key(n, false), begun: key(n, true) } }));
        const first =
          (scheme === 'first-lane' || scheme === 'first-lane-progress') &&
          onFirstLane({ kind: 'video', accountId: '', begun: false, rank: load - 1 + rank });
        const input: SimVideo = {
          mediaQueue: first ? firstLane : mediaQueue,
          stages,
          weightByProgress: scheme === 'first-lane-progress',
        };
        await client.workflow.execute('simVideo', {
          taskQueue: queue,
          workflowId: `${queue}-${i}`,
          args: [input],
        });
        return (performance.now() - (v.afterMs > 0 ? started : t0)) / 1000;
      }),
    );
  };
  try {
    const all = media.reduce<() => Promise<number[]>>((inner, w) => () => w.runUntil(inner), work);
    return await control.runUntil(all);
  } finally {
    await Promise.all(connections.map((c) => c.close()));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
