import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  approveUpdate,
  type VideoActivities,
  type VideoWorkflowInput,
  type WebhookActivities,
  workflowIds,
} from '../src';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/**
 * Worker.create reads `isolateExecutionTimeout` (default 5 s) though SDK 1.24 leaves it out of
 * the public WorkerOptions type; spread in, it is passed through untyped.
 */
function isolateExecutionTimeout(duration: `${number}s`): object {
  return { isolateExecutionTimeout: duration };
}

/**
 * The video workflow against the real Temporal server with stand-in activities, for orderings
 * that the api cannot pin down: here each activity can be held until the test lets it go.
 */
describe('video pipeline workflow (stand-in activities)', () => {
  let connection: NativeConnection;
  let clientConnection: Connection;
  let client: Client;

  beforeAll(async () => {
    const { temporalAddress } = inject('stack');
    connection = await NativeConnection.connect({ address: temporalAddress });
    clientConnection = await Connection.connect({ address: temporalAddress });
    client = new Client({ connection: clientConnection });
  });
  afterAll(async () => {
    await clientConnection?.close();
    await connection?.close();
  });

  it('a retry approved while the failure is still being published resumes production instead of spinning', async () => {
    const failurePublishing = deferred();
    const releasePublish = deferred();
    const retryBooking = deferred();
    const releaseRetry = deferred();
    const renders: number[] = [];
    const ok = async () => undefined;
    const activities: VideoActivities & WebhookActivities = {
      recordTransition: ok,
      writeScript: async () => [{ visual_description: 'A lighthouse', narration: 'It shines.' }],
      refineScript: async () => ({ sceneCount: 1 }),
      planProduction: async () => ({ sceneIds: ['s1'], charges: [] }),
      approveProduction: async ({ isRetry }) => {
        if (!isRetry) return;
        retryBooking.resolve();
        await releaseRetry.promise;
      },
      generateSceneImage: ok,
      narrateScene: ok,
      curate: ok,
      render: async ({ run }) => {
        renders.push(run);
        if (run === 1)
          throw ApplicationFailure.nonRetryable('Injected timeout in rendering', 'RENDER_TIMEOUT');
      },
      refund: ok,
      applySceneEdit: async () => ({ sceneId: null }),
      clearScenes: ok,
      purgeVideo: ok,
      publishVideoEvent: async ({ event }) => {
        if (event !== 'video.failed') return;
        failurePublishing.resolve();
        await releasePublish.promise;
      },
    };
    const taskQueue = `wf-spec-${randomUUID()}`;
    const worker = await Worker.create({
      connection,
      taskQueue,
      workflowsPath: path.join(REPO_ROOT, 'libs', 'workflows', 'src', 'workflows.ts'),
      activities,
      // A workflow task that never yields is cut off quickly instead of holding the spec.
      ...isolateExecutionTimeout('2s'),
    });
    const videoId = randomUUID();
    const input: VideoWorkflowInput = { videoId, accountId: randomUUID(), autoApprove: true };

    const outcome = await worker.runUntil(async () => {
      const handle = await client.workflow.start('videoPipelineWorkflow', {
        taskQueue,
        workflowId: workflowIds.video(videoId),
        args: [input],
      });
      await failurePublishing.promise;
      // The video is failed (its row says so) while fail() still publishes video.failed: a client
      // retries right then, and the approval is still booking when the publication returns.
      const retry = handle.executeUpdate(approveUpdate);
      await retryBooking.promise;
      releasePublish.resolve();
      await new Promise((r) => setTimeout(r, 500));
      releaseRetry.resolve();
      return { retried: await retry, result: await handle.result() };
    });

    expect(outcome).toEqual({ retried: { run: 2 }, result: { videoId, status: 'completed' } });
    expect(renders).toEqual([1, 2]);
  }, 60_000);
});
