import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/common';
import { Worker } from '@temporalio/worker';
import { REPO_ROOT } from '@vidgen/devstack';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  DeliveryAttemptOutcome,
  DeliveryAttemptReport,
  FirstAttempt,
  RecordedAttempt,
  WebhookDeliveryActivities,
  WebhookDeliveryInput,
  WebhookDeliveryResult,
} from '../src';
import { connectTemporal } from './support/stand-ins';

type Call = [name: string, input: Record<string, unknown>];

const sent = (kind: 'delivered' | 'failed', statusCode: number): DeliveryAttemptOutcome => ({
  kind,
  startedAt: new Date().toISOString(),
  durationMs: 5,
  statusCode,
  error: null,
  retryAfterSeconds: null,
});

/**
 * The delivery workflow against stand-in activities: what it asks of the bookkeeping activities
 * when the attempt's own activity recorded everything, could not, or never answered.
 */
describe('webhook delivery workflow (stand-in activities)', () => {
  let temporal: Awaited<ReturnType<typeof connectTemporal>>;

  beforeAll(async () => {
    temporal = await connectTemporal(inject('stack').temporalAddress);
  });
  afterAll(async () => {
    await temporal?.close();
  });

  async function deliver(
    attempt: (input: { attempt: number; run: number | null }) => Promise<DeliveryAttemptReport>,
    first?: FirstAttempt,
    /** What the bookkeeping record finds already recorded for an attempt; nothing by default. */
    recordedBefore: (input: { attempt: number }) => RecordedAttempt | null = () => null,
  ): Promise<{ result: WebhookDeliveryResult; calls: Call[]; startedAt: number }> {
    const calls: Call[] = [];
    const log =
      <T>(name: string, answer: (input: never) => T) =>
      async (input: never): Promise<Awaited<T>> => {
        calls.push([name, { ...(input as object), calledAt: Date.now() }]);
        return await answer(input);
      };
    const activities: WebhookDeliveryActivities = {
      deliverWebhookAttempt: log('deliverWebhookAttempt', (input: { attempt: number; run: number | null }) =>
        attempt(input),
      ),
      beginWebhookDeliveryRun: log('beginWebhookDeliveryRun', () => ({ run: 7 })),
      recordWebhookDeliveryAttempt: log('recordWebhookDeliveryAttempt', (input: { attempt: number }) => ({
        earlier: recordedBefore(input),
      })),
      cancelWebhookDeliveryRun: log('cancelWebhookDeliveryRun', () => undefined),
    };
    const taskQueue = `delivery-spec-${randomUUID()}`;
    const worker = await Worker.create({
      connection: temporal.connection,
      taskQueue,
      workflowsPath: path.join(REPO_ROOT, 'libs', 'workflows', 'src', 'workflows.ts'),
      activities,
    });
    const input: WebhookDeliveryInput = {
      deliveryId: randomUUID(),
      backoff: { baseSeconds: 0.1, factor: 2 },
      timeoutSeconds: 1,
      ...(first && { first }),
    };
    const startedAt = Date.now();
    const result = await worker.runUntil(
      temporal.client.workflow.execute('webhookDeliveryWorkflow', {
        taskQueue,
        workflowId: `webhook-delivery-${input.deliveryId}`,
        args: [input],
      }) as Promise<WebhookDeliveryResult>,
    );
    return { result, calls, startedAt };
  }

  const names = (calls: Call[]) => calls.map(([name]) => name);

  it('a delivered attempt that recorded itself needs no bookkeeping activity', async () => {
    const { result, calls } = await deliver(async () => ({
      run: 3,
      outcome: sent('delivered', 204),
      recorded: true,
    }));
    expect(result).toMatchObject({ run: 3, status: 'succeeded', attempts: 1 });
    expect(names(calls)).toEqual(['deliverWebhookAttempt']);
    expect(calls[0]![1]).toMatchObject({ attempt: 1, run: null });
  }, 60_000);

  it('retries on the schedule, passing the run on; an attempt that could not write itself down is recorded by the workflow', async () => {
    const { result, calls } = await deliver(async ({ attempt }) =>
      attempt === 1
        ? { run: 2, outcome: sent('failed', 500), recorded: true }
        : { run: 2, outcome: sent('delivered', 200), recorded: false },
    );
    expect(result).toMatchObject({ run: 2, status: 'succeeded', attempts: 2 });
    expect(names(calls)).toEqual([
      'deliverWebhookAttempt',
      'deliverWebhookAttempt',
      'recordWebhookDeliveryAttempt',
    ]);
    expect(calls[1]![1]).toMatchObject({ attempt: 2, run: 2 });
    // The POST was made: recorded as delivered, never as a failure of the attempt.
    expect(calls[2]![1]).toMatchObject({
      run: 2,
      attempt: 2,
      final: 'succeeded',
      nextRetryAt: null,
      outcome: { kind: 'delivered', statusCode: 200 },
    });
  }, 60_000);

  it('an attempt whose activity failed is numbered by the begin activity and recorded as a failed attempt', async () => {
    const { result, calls } = await deliver(async ({ attempt }) => {
      if (attempt === 1) throw ApplicationFailure.nonRetryable('database unreachable', 'DATABASE_ERROR');
      return { run: 7, outcome: sent('delivered', 200), recorded: true };
    });
    expect(result).toMatchObject({ run: 7, status: 'succeeded', attempts: 2 });
    expect(names(calls)).toEqual([
      'deliverWebhookAttempt',
      'beginWebhookDeliveryRun',
      'recordWebhookDeliveryAttempt',
      'deliverWebhookAttempt',
    ]);
    const recorded = calls[2]![1] as {
      final: unknown;
      nextRetryAt: string;
      outcome: { kind: string; error: string; startedAt: string };
    };
    expect(recorded).toMatchObject({
      run: 7,
      attempt: 1,
      final: null,
      outcome: { kind: 'failed', statusCode: null },
    });
    expect(recorded.outcome.error).toMatch(/database unreachable/);
    // A retry follows on the schedule: its time is written down with the failed attempt.
    expect(Date.parse(recorded.nextRetryAt)).toBeGreaterThan(Date.parse(recorded.outcome.startedAt));
    expect(calls[3]![1]).toMatchObject({ attempt: 2, run: 7 });
  }, 60_000);

  it('gives up after four failed attempts, the last one final', async () => {
    const { result, calls } = await deliver(async () => ({
      run: 1,
      outcome: sent('failed', 503),
      recorded: true,
    }));
    expect(result).toMatchObject({ run: 1, status: 'failed', attempts: 4 });
    expect(names(calls)).toEqual(Array(4).fill('deliverWebhookAttempt'));
    expect(calls.map(([, input]) => input.attempt)).toEqual([1, 2, 3, 4]);
  }, 60_000);

  it('a cancellation the attempt could not write down is written by the cancel activity', async () => {
    const { result, calls } = await deliver(async () => ({
      run: 4,
      outcome: { kind: 'cancelled', reason: 'the webhook is inactive' },
      recorded: false,
    }));
    expect(result).toMatchObject({ run: 4, status: 'cancelled', attempts: 0 });
    expect(names(calls)).toEqual(['deliverWebhookAttempt', 'cancelWebhookDeliveryRun']);
  }, 60_000);

  describe("going on from the publisher's first attempt", () => {
    it('ends at once when the first attempt was final, with no activity', async () => {
      const { result, calls } = await deliver(
        async () => {
          throw new Error('no attempt is due');
        },
        { run: 1, final: 'succeeded', nextRetryAt: null },
      );
      expect(result).toMatchObject({ run: 1, status: 'succeeded', attempts: 1 });
      expect(calls).toEqual([]);
    }, 60_000);

    it('makes attempt 2 of run 1 when the written-down retry is due, not before', async () => {
      const nextRetryAt = new Date(Date.now() + 1500).toISOString();
      const { result, calls } = await deliver(
        async ({ run }) => ({ run: run!, outcome: sent('delivered', 200), recorded: true }),
        { run: 1, final: null, nextRetryAt },
      );
      expect(result).toMatchObject({ run: 1, status: 'succeeded', attempts: 2 });
      expect(names(calls)).toEqual(['deliverWebhookAttempt']);
      expect(calls[0]![1]).toMatchObject({ attempt: 2, run: 1 });
      expect(Number(calls[0]![1].calledAt)).toBeGreaterThanOrEqual(Date.parse(nextRetryAt));
    }, 60_000);

    it("counts the publisher's attempt among the four", async () => {
      const { result, calls } = await deliver(
        async ({ run }) => ({ run: run!, outcome: sent('failed', 503), recorded: true }),
        { run: 1, final: null, nextRetryAt: new Date().toISOString() },
      );
      expect(result).toMatchObject({ run: 1, status: 'failed', attempts: 4 });
      expect(calls.map(([, input]) => input.attempt)).toEqual([2, 3, 4]);
    }, 60_000);
  });

  describe('going on from what PostgreSQL recorded first (docs/decisions/0052-recorded-outcome-wins.md)', () => {
    const recordedAs = (
      attempt: number,
      outcome: DeliveryAttemptOutcome,
      final: RecordedAttempt['final'],
      nextRetryAt: string | null = null,
    ): RecordedAttempt => ({ attempt, outcome: outcome as RecordedAttempt['outcome'], final, nextRetryAt });

    it('an attempt whose 2xx was recorded before its completion was lost ends the run delivered, with no second POST', async () => {
      const { result, calls } = await deliver(
        async ({ attempt }) => {
          if (attempt === 1) throw ApplicationFailure.nonRetryable('the worker was lost');
          return { run: 7, outcome: sent('failed', 500), recorded: true };
        },
        undefined,
        ({ attempt }) => (attempt === 1 ? recordedAs(1, sent('delivered', 200), 'succeeded') : null),
      );
      expect(result).toMatchObject({ run: 7, status: 'succeeded', attempts: 1 });
      expect(names(calls)).toEqual([
        'deliverWebhookAttempt',
        'beginWebhookDeliveryRun',
        'recordWebhookDeliveryAttempt',
      ]);
    }, 60_000);

    it('a failed attempt recorded before is retried when its recorded retry is due', async () => {
      const nextRetryAt = new Date(Date.now() + 1500).toISOString();
      const { result, calls } = await deliver(
        async ({ attempt }) => {
          if (attempt === 1) throw ApplicationFailure.nonRetryable('the worker was lost');
          return { run: 7, outcome: sent('delivered', 200), recorded: true };
        },
        undefined,
        ({ attempt }) => (attempt === 1 ? recordedAs(1, sent('failed', 503), null, nextRetryAt) : null),
      );
      expect(result).toMatchObject({ run: 7, status: 'succeeded', attempts: 2 });
      expect(names(calls)).toEqual([
        'deliverWebhookAttempt',
        'beginWebhookDeliveryRun',
        'recordWebhookDeliveryAttempt',
        'deliverWebhookAttempt',
      ]);
      expect(Number(calls[3]![1].calledAt)).toBeGreaterThanOrEqual(Date.parse(nextRetryAt));
    }, 60_000);

    it('an attempt after its run ended takes the end as recorded', async () => {
      const { result, calls } = await deliver(async ({ attempt }) =>
        attempt === 1
          ? { run: 2, outcome: sent('failed', 500), recorded: true }
          : {
              run: 2,
              outcome: sent('failed', 503),
              recorded: true,
              earlier: recordedAs(4, sent('failed', 503), 'failed'),
            },
      );
      expect(result).toMatchObject({ run: 2, status: 'failed', attempts: 4 });
      expect(names(calls)).toEqual(['deliverWebhookAttempt', 'deliverWebhookAttempt']);
    }, 60_000);
  });
});
