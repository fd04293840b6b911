import { randomUUID } from 'node:crypto';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approveUpdate } from '../src';
import { connectTemporal, deferred, runVideoWorkflow, standIns } from './support/stand-ins';

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
});
