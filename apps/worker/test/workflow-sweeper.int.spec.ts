import { AccountRepository } from '@vidgen/auth';
import { createLogger } from '@vidgen/core';
import { waitFor } from '@vidgen/devstack';
import { BatchRepository, VideoRepository, videoOptions } from '@vidgen/videos';
import { batchWorkflowId, workflowIds } from '@vidgen/workflows';
import { describe, expect, it } from 'vitest';
import { temporalForTests } from '../../../libs/workflows/test/support/temporal-for-tests';
import { testDb } from '../../../test/support/api';
import { startWorkflowSweeper } from '../src/workflow-sweeper';

/**
 * Every worker sweeps the one database for rows whose workflow start was never confirmed, and
 * deployments with task queues of their own may share it (every stack of the test run does):
 * a sweeper starts each workflow on the queue its row names, not on its own
 * (docs/decisions/0086-a-row-keeps-its-task-queue.md).
 */
describe('the workflow sweeper', () => {
  const temporal = temporalForTests();
  const log = createLogger({ level: 'silent', process: 'worker' });

  it('starts a video and a batch whose starts were lost on the queues their rows name', async () => {
    const theirs = `sweep-theirs-${Date.now()}`;
    const account = await new AccountRepository(testDb()).create({ name: 'sweeper', plan: 'pro' });
    const video = await new VideoRepository(testDb()).create(account.id, {
      prompt: 'Lighthouses and the sea.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '1:1' }),
      faults: undefined,
      taskQueue: theirs,
    });
    const batches = new BatchRepository(testDb());
    const batchId = await batches.transaction((trx) =>
      batches.create(account.id, '00000000-0000-4000-8000-000000000000', [], trx, undefined, theirs),
    );
    // Made two hours ago: a worker of another deployment (its own queue) sweeps rows older than
    // an hour, so it takes these and leaves alone what the run's other specs are creating now.
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    await testDb()
      .updateTable('videos')
      .set({ created_at: twoHoursAgo })
      .where('id', '=', video.id)
      .execute();
    await testDb()
      .updateTable('batches')
      .set({ created_at: twoHoursAgo })
      .where('id', '=', batchId)
      .execute();
    const stop = startWorkflowSweeper({
      db: testDb(),
      client: temporal().client,
      taskQueue: `sweep-mine-${Date.now()}`,
      log,
      intervalMs: 200,
      graceSeconds: 3600,
    });
    const handles = [
      temporal().client.workflow.getHandle(workflowIds.video(video.id)),
      temporal().client.workflow.getHandle(batchWorkflowId(batchId)),
    ];
    try {
      await waitFor(
        async () => {
          const started = await Promise.all(
            handles.map((h) =>
              h.describe().then(
                () => true,
                () => false,
              ),
            ),
          );
          return started.every(Boolean);
        },
        { timeoutMs: 30_000, intervalMs: 200, what: 'both workflows started' },
      );
      for (const h of handles) expect((await h.describe()).taskQueue).toBe(theirs);
    } finally {
      stop();
      // No worker serves that queue: the workflows end here.
      for (const h of handles) await h.terminate('spec done').catch(() => undefined);
    }
  });
});
