import { type WorkflowHandle, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { approveUpdate, regenerateUpdate, type VideoActivities, type WebhookActivities } from '../src';
import { connectTemporal, deferred, runVideoWorkflow, standIns } from './support/stand-ins';

describe('gate steps (stand-in activities)', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;

  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  it('answers only once the new script is on record, also when the first gate row was written but not yet reported', async () => {
    const firstGateWritten = deferred();
    const reportFirstGate = deferred();
    const log: string[] = [];
    const activities = standIns({
      recordTransition: async ({ key }) => {
        log.push(key);
        if (key === 'script1:awaiting_approval') {
          // The row is in the database (a client can see the gate) before the workflow hears back.
          firstGateWritten.resolve();
          await reportFirstGate.promise;
        }
      },
      writeScript: async ({ scriptVersion }) => {
        log.push(`write script ${scriptVersion}`);
        return [{ visual_description: 'A lighthouse', narration: 'It shines.' }];
      },
    });
    const logWhenAnswered = await runVideoWorkflow(
      temporal,
      activities,
      { autoApprove: false },
      async (handle) => {
        await firstGateWritten.promise;
        const regenerate = handle.executeUpdate(regenerateUpdate, { args: [{ feedback: 'More light' }] });
        await new Promise((r) => setTimeout(r, 500));
        reportFirstGate.resolve();
        await regenerate;
        const seen = [...log];
        await handle.terminate('spec done');
        return seen;
      },
    );

    expect(logWhenAnswered).toContain('write script 2');
    expect(logWhenAnswered.at(-1)).toBe('script2:awaiting_approval');
  }, 60_000);

  /** Runs a video workflow at the gate against the stand-ins and hands its handle to `fn`. */
  function atGate<T>(
    activities: VideoActivities & WebhookActivities,
    fn: (handle: WorkflowHandle) => Promise<T>,
  ): Promise<T> {
    return runVideoWorkflow(temporal, activities, { autoApprove: false }, async (handle) => {
      try {
        while ((await handle.query<{ phase: string }>('state')).phase !== 'gate') {
          await new Promise((r) => setTimeout(r, 100));
        }
        return await fn(handle);
      } finally {
        await handle.terminate('spec done').catch(() => undefined);
      }
    });
  }

  /** An approval whose transaction commits but whose answer never arrives (every attempt of the gate proxy fails). */
  const lostAnswer = async () => {
    throw ApplicationFailure.retryable('connection terminated after COMMIT', 'DATABASE_ERROR');
  };

  it('an approval whose answer was lost after it committed follows the database: production starts', async () => {
    const renders: number[] = [];
    const settled: string[] = [];
    const activities = standIns({
      approveProduction: lostAnswer,
      settleOutcome: async ({ doneKey, abandonedKey }) => {
        settled.push(`${doneKey} / ${abandonedKey}`);
        return { done: true };
      },
      // A workflow started today renders as segments and ends with their join.
      joinSegments: async ({ run }) => {
        renders.push(run);
      },
    });
    const outcome = await atGate(activities, async (handle) => {
      const approved = await handle.executeUpdate(approveUpdate);
      return { approved, result: await handle.result() };
    });
    expect(settled).toEqual(['run1:approved / run1:approval_abandoned']);
    expect(outcome.approved).toEqual({ run: 1 });
    expect(outcome.result).toMatchObject({ status: 'completed' });
    expect(renders).toEqual([1]);
  }, 60_000);

  it('an approval settled as not made fails the update, stays at the gate, and the next approval books a new run', async () => {
    let attempts = 0;
    const approvals: number[] = [];
    const activities = standIns({
      approveProduction: async ({ run }) => {
        attempts++;
        if (run === 1) return lostAnswer();
        approvals.push(run);
      },
      settleOutcome: async () => ({ done: false }),
    });
    const outcome = await atGate(activities, async (handle) => {
      const first = await handle.executeUpdate(approveUpdate).catch((e) => e);
      const state = await handle.query('state');
      const second = await handle.executeUpdate(approveUpdate);
      return { first, state, second, result: await handle.result() };
    });
    expect(outcome.first).toBeInstanceOf(WorkflowUpdateFailedError);
    expect(attempts).toBeGreaterThanOrEqual(6);
    expect(outcome.state).toMatchObject({ phase: 'gate', run: 1 });
    expect(outcome.second).toEqual({ run: 2 });
    expect(approvals).toEqual([2]);
    expect(outcome.result).toMatchObject({ status: 'completed' });
  }, 60_000);

  it('a regenerate refused for want of a slot answers MAX_CONCURRENT_VIDEOS and leaves the script alone', async () => {
    const written: number[] = [];
    const activities = standIns({
      writeScript: async ({ scriptVersion }) => {
        written.push(scriptVersion);
        return [{ visual_description: 'A lighthouse', narration: 'It shines.' }];
      },
      beginRegeneration: async () => {
        throw ApplicationFailure.nonRetryable('At most 3 videos can be in progress', 'MAX_CONCURRENT_VIDEOS');
      },
    });
    const outcome = await atGate(activities, async (handle) => {
      const refused = await handle
        .executeUpdate(regenerateUpdate, { args: [{ feedback: '' }] })
        .catch((e) => e);
      return { refused, state: await handle.query('state') };
    });
    expect(outcome.refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((outcome.refused as WorkflowUpdateFailedError).cause).toMatchObject({
      type: 'MAX_CONCURRENT_VIDEOS',
    });
    expect(outcome.state).toMatchObject({ phase: 'gate' });
    expect(written).toEqual([1]);
  }, 60_000);
});
