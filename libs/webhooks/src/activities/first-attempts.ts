import { attemptConsequence, type FirstAttempt, mapBounded, PUBLISHER_RUN_ID } from '@vidgen/workflows';
import type { WebhookDeliveryWorkflows } from '../webhook-delivery.client';
import type {
  DeliveryTarget,
  OccurrenceDelivery,
  WebhookDeliveryRepository,
} from '../webhook-delivery.repository';
import type { RecordAttempt } from './attempt-record';
import { cancelReason, type SignedPost } from './signed-post';

/** Delivery workflows started at once by one publish (32 measured worse: bench/JOURNAL.md, 2026-11-26). */
export const START_CONCURRENCY = 8;
/** First attempts in flight at once by one publish. */
export const FIRST_ATTEMPT_CONCURRENCY = 32;

export interface FirstAttemptDeps {
  deliveries: Pick<WebhookDeliveryRepository, 'targets' | 'runState' | 'nameFirstRun'>;
  workflows: Pick<WebhookDeliveryWorkflows, 'startFirst' | 'attemptSettings'>;
  post: SignedPost;
  record: RecordAttempt;
}

/**
 * The first attempts of a publish's deliveries, made by the publisher rather than by their
 * workflows: the POSTs go out the moment the deliveries exist, instead of after a workflow start
 * and its first task each (docs/decisions/0042-webhook-arrival-time.md). Each attempt is written
 * down with the run it begins (beginFirstRun) before its workflow starts, which goes on from it:
 * retries on the schedule, or nothing when it was final. A delivery whose first run has begun (a
 * retried publish) is not attempted again; its workflow starts from what was written down. A
 * webhook deleted or set inactive gets no attempt here: its workflow cancels the run.
 */
export function createFirstAttempts(
  deps: FirstAttemptDeps,
): (pending: readonly OccurrenceDelivery[], options?: { attempt?: boolean }) => Promise<void> {
  const { deliveries, workflows } = deps;

  /** The publisher's attempt of one delivery: POSTed, then written down as its first run's first. */
  async function attemptFirst(target: DeliveryTarget): Promise<FirstAttempt | undefined> {
    const { timeoutSeconds, backoff } = workflows.attemptSettings;
    const outcome = await deps.post(target, timeoutSeconds);
    const { final, nextRetryAt } = attemptConsequence(outcome, 1, backoff, Math.random(), Date.now());
    // A failure to write it down fails the publish, whose retry finds the run not begun and
    // attempts again: the POST was made, so the receiver may see the delivery id twice.
    const { written } = await deps.record(
      { deliveryId: target.id, run: 1, attempt: 1, outcome, nextRetryAt, final },
      { claimFirstRun: true },
    );
    if (written) return { run: 1, final, nextRetryAt };
    // Another run of this publish began the first run meanwhile: go on from what it wrote.
    const now = await deliveries.runState(target.id);
    return now && firstRunOf(now);
  }

  // attempt false: the workflows make every first attempt (a publish that must not wait for receivers).
  return async (pending, { attempt = true } = {}) => {
    const fresh = attempt ? pending.filter((d) => d.runs === 0) : [];
    const targets = await deliveries.targets(fresh.map((d) => d.id));
    const toAttempt = fresh.flatMap((d) => {
      const target = d.runs === 0 ? targets.get(d.id) : undefined;
      return target && cancelReason(target) === undefined ? [target] : [];
    });
    // The POSTs and the starts are bounded apart, so a POST never waits for another delivery's
    // workflow start, and each start waits only for its own delivery's attempt.
    const firsts = new Map(toAttempt.map((t) => [t.id, later<FirstAttempt | undefined>()]));
    const attempted = mapBounded(toAttempt, FIRST_ATTEMPT_CONCURRENCY, async (target) => {
      const first = firsts.get(target.id)!;
      first.resolve(attemptFirst(target));
      await first.promise;
    }).catch((err: unknown) => {
      // After a failure no further attempt starts: their workflows do not start either (the
      // publish's retry attempts and starts them).
      for (const first of firsts.values()) first.reject(err);
      throw err;
    });
    const started = mapBounded(pending, START_CONCURRENCY, async (d) => {
      const first = firsts.has(d.id) ? await firsts.get(d.id)!.promise : firstRunOf(d);
      const runId = await workflows.startFirst(d, first);
      // The run is named where the redelivery looks for the run it waits to close.
      if (runId && first) await deliveries.nameFirstRun(d.id, runId);
    });
    // Settles once nothing is in flight, then fails with the first failure.
    const failed = (await Promise.allSettled([attempted, started])).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

/** Where a first run the publisher began stands, for the workflow to go on from; undefined otherwise. */
function firstRunOf(d: OccurrenceDelivery): FirstAttempt | undefined {
  if (d.runs !== 1 || d.currentRunId !== PUBLISHER_RUN_ID) return undefined;
  if (d.status === 'succeeded' || d.status === 'failed')
    return { run: 1, final: d.status, nextRetryAt: null };
  // Pending its retry, or cancelled since (the next attempt finds the webhook gone and says so).
  return { run: 1, final: null, nextRetryAt: d.nextRetryAt };
}

/** A promise settled by whoever holds it; a rejection nobody awaits is not an unhandled one. */
function later<T>(): {
  promise: Promise<T>;
  resolve: (value: Promise<T>) => void;
  reject: (err: unknown) => void;
} {
  let resolve!: (value: Promise<T>) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
