import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approveUpdate, WORKER_LOST_FAILURE_TYPE } from '../src';
import { connectTemporal, deferred, runVideoWorkflow, settled, standIns } from './support/stand-ins';

/**
 * The video workflow against the real Temporal server with stand-in activities, for orderings
 * that the api cannot pin down: here each activity can be held until the test lets it go.
 */
describe('video pipeline workflow (stand-in activities)', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;

  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  it('a retry approved while the failure is still being published resumes production instead of spinning', async () => {
    const failurePublishing = deferred();
    const releasePublish = deferred();
    const retryBooking = deferred();
    const releaseRetry = deferred();
    const renders: number[] = [];
    const activities = standIns({
      approveProduction: async ({ isRetry }) => {
        if (!isRetry) return;
        retryBooking.resolve();
        await releaseRetry.promise;
      },
      // A workflow started today renders as segments and ends with their join.
      joinSegments: async ({ run }) => {
        renders.push(run);
        if (run === 1)
          throw ApplicationFailure.nonRetryable('Injected timeout in rendering', 'RENDER_TIMEOUT');
      },
      publishVideoEvent: async ({ event }) => {
        if (event !== 'video.failed') return;
        failurePublishing.resolve();
        await releasePublish.promise;
      },
    });
    const videoId = randomUUID();
    const outcome = await runVideoWorkflow(
      temporal,
      activities,
      { autoApprove: true, videoId },
      async (handle) => {
        await failurePublishing.promise;
        // The video is failed (its row says so) while fail() still publishes video.failed: a client
        // retries right then, and the approval is still booking when the publication returns.
        const retry = handle.executeUpdate(approveUpdate);
        await retryBooking.promise;
        releasePublish.resolve();
        await new Promise((r) => setTimeout(r, 500));
        releaseRetry.resolve();
        return { retried: await retry, result: await handle.result() };
      },
    );

    expect(outcome).toEqual({ retried: { run: 2 }, result: { videoId, status: 'completed' } });
    expect(renders).toEqual([1, 2]);
  }, 60_000);

  it('dispatches a scene activity again when its last attempt was lost with its worker or found PostgreSQL unreachable', async () => {
    const calls = { images: 0, narrations: 0 };
    const activities = standIns({
      generateSceneImage: async () => {
        if (++calls.images === 1)
          throw ApplicationFailure.nonRetryable('worker gone', WORKER_LOST_FAILURE_TYPE);
      },
      narrateScene: async () => {
        if (++calls.narrations === 1)
          throw ApplicationFailure.nonRetryable('database unreachable', 'DatabaseUnavailableError');
      },
    });
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, settled);
    expect(state.phase).toBe('completed');
    expect(calls).toEqual({ images: 2, narrations: 2 });
  }, 60_000);

  it('fails the video, without dispatching it again, when a scene activity itself failed', async () => {
    let images = 0;
    const activities = standIns({
      generateSceneImage: async () => {
        images++;
        throw ApplicationFailure.nonRetryable('content filter', 'PROVIDER_ERROR');
      },
    });
    const state = await runVideoWorkflow(temporal, activities, { autoApprove: true }, settled);
    expect(state).toMatchObject({ phase: 'failed', failedStage: 'visualising' });
    expect(images).toBe(1);
  }, 60_000);
});
