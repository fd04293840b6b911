import { AccountRepository } from '@vidgen/auth';
import { videoOptions } from '@vidgen/videos';
import { BATCH_ROW_PRIORITY } from '@vidgen/workflows';
import { afterAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { BatchRepository, createBatchActivities, type NewVideo, VideoRepository } from '../src';

/** A row's video as VideoService.prepare leaves it. */
const video = (name: string): NewVideo => ({
  prompt: `A greeting for ${name}`,
  sceneCount: 1,
  options: videoOptions({ aspect_ratio: '16:9', auto_approve: true }),
  faults: undefined,
  clientScenes: [{ narration: `Hello ${name}.` }],
});

async function batchOf(rows: number): Promise<{ accountId: string; batchId: string }> {
  const account = await new AccountRepository(testDb()).create({ name: 'batch-rows', plan: 'pro' });
  const batches = new BatchRepository(testDb());
  const batchId = await batches.transaction((trx) =>
    batches.create(
      account.id,
      '00000000-0000-4000-8000-000000000000',
      Array.from({ length: rows }, (_, i) => ({
        variables: { name: `N${i}` },
        metadata: null,
        video: video(`N${i}`),
      })),
      trx,
    ),
  );
  return { accountId: account.id, batchId };
}

async function videosOf(accountId: string) {
  return testDb()
    .selectFrom('videos')
    .select(['id', 'prompt', 'workflow_started_at', 'task_queue'])
    .where('account_id', '=', accountId)
    .execute();
}

describe('a batch look (advanceBatch) on PostgreSQL', () => {
  afterAll(async () => {
    await testDb().destroy();
  });

  const started: { videoId: string; batchRow?: boolean; priorityKey?: number }[] = [];
  const activities = (fail = false) =>
    createBatchActivities({
      batches: new BatchRepository(testDb()),
      videos: new VideoRepository(testDb()),
      workflows: {
        taskQueue: 'batch-rows-queue',
        async start(input, opts) {
          if (fail) throw new Error('Temporal is unreachable');
          started.push({ videoId: input.videoId, batchRow: input.batchRow, priorityKey: opts?.priorityKey });
        },
      },
    });

  it('creates each row once under concurrent and repeated looks, and no more than the free slots', async () => {
    const { accountId, batchId } = await batchOf(5);
    const looks = await Promise.all(
      [1, 2, 3, 4].map(() => activities().advanceBatch({ batchId, accountId })),
    );
    expect(looks.reduce((n, l) => n + l.started, 0)).toBe(2);
    await activities().advanceBatch({ batchId, accountId });
    const made = await videosOf(accountId);
    expect(made).toHaveLength(2);
    const rows = await new BatchRepository(testDb()).rows(accountId, batchId, { limit: 10 });
    expect(rows.map((r) => r.status)).toEqual([
      'in_progress',
      'in_progress',
      'waiting',
      'waiting',
      'waiting',
    ]);
    expect(new Set(rows.slice(0, 2).map((r) => r.videoId))).toEqual(new Set(made.map((v) => v.id)));
    expect(made.map((v) => v.prompt).sort()).toEqual(['A greeting for N0', 'A greeting for N1']);
    // Each names the queue its workflow is started on, for a sweeper that starts it later (0086).
    expect(made.map((v) => v.task_queue)).toEqual(['batch-rows-queue', 'batch-rows-queue']);
    // Each made video's workflow is started at the batch-row priority; a concurrent look may ask again,
    // which finds the same workflow (its id is the video's).
    const starts = started.filter((s) => made.some((v) => v.id === s.videoId));
    expect(new Set(starts.map((s) => s.videoId))).toEqual(new Set(made.map((v) => v.id)));
    expect(starts.every((s) => s.batchRow === true && s.priorityKey === BATCH_ROW_PRIORITY)).toBe(true);
  });

  it('starts next look the video whose workflow start was lost after its row was recorded, creating nothing again', async () => {
    const { accountId, batchId } = await batchOf(1);
    await expect(activities(true).advanceBatch({ batchId, accountId })).rejects.toThrow('unreachable');
    const [made] = await videosOf(accountId);
    expect(made?.workflow_started_at).toBeNull();
    const look = await activities().advanceBatch({ batchId, accountId });
    expect(look).toMatchObject({ finished: false, started: 0, inProgress: 1, waiting: 0 });
    const after = await videosOf(accountId);
    expect(after.map((v) => v.id)).toEqual([made!.id]);
    expect(after[0]!.workflow_started_at).not.toBeNull();
    expect(started.some((s) => s.videoId === made!.id)).toBe(true);
  });

  it('finishes a cancelled batch without starting its waiting rows', async () => {
    const { accountId, batchId } = await batchOf(3);
    const batches = new BatchRepository(testDb());
    await batches.transaction(async (trx) => {
      await batches.cancelWaiting(accountId, batchId, trx);
      await batches.setStatus(accountId, batchId, 'cancelled', trx);
    });
    expect(await activities().advanceBatch({ batchId, accountId })).toMatchObject({
      finished: true,
      started: 0,
    });
    expect(await videosOf(accountId)).toEqual([]);
  });
});
