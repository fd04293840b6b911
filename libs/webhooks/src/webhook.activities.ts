import { ApplicationFailure } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import { heartbeating } from '@vidgen/activity-kit';
import { type AssetUrlSigner, loadAssetUrlSigner } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import { toIsoZ, toUnixSeconds } from '@vidgen/core';
import type { Db } from '@vidgen/db';
import { webhookAttempts } from '@vidgen/metrics';
import { toVideoRecord, VideoRepository } from '@vidgen/videos';
import {
  attemptVerdict,
  type DeliveryAttemptOutcome,
  type FirstAttempt,
  PUBLISHER_RUN_ID,
  type RecordedAttempt,
  retryDelayMs,
  WEBHOOK_MAX_ATTEMPTS,
  type WebhookActivities,
  type WebhookBackoffSettings,
  type WebhookDeliveryActivities,
} from '@vidgen/workflows';
import { z } from 'zod';
import { deliveryAssetIds, withAssetLinks } from './delivery-links';
import { parseRetryAfter } from './retry-after';
import { WebhookRepository } from './webhook.repository';
import { WebhookDeliveryWorkflows } from './webhook-delivery.client';
import {
  type DeliveryAttempt,
  type DeliveryTarget,
  type OccurrenceDelivery,
  WebhookDeliveryRepository,
} from './webhook-delivery.repository';
import { WEBHOOK_EVENTS } from './webhook-events';
import { applyAttemptToWebhook } from './webhook-health';
import { sendWebhook } from './webhook-sender';
import { signWebhookPayload, WEBHOOK_HEADERS } from './webhook-signature';

export interface WebhookActivityDeps {
  db: Db;
  /** Starts the delivery workflows; the worker's own client. */
  client: Client;
  /**
   * A client on the connection of this process's worker of the main task queue, while it runs:
   * delivery workflows started through it ask for an eager start, Temporal handing their first
   * workflow task straight back to this worker (docs/decisions/0042-webhook-arrival-time.md).
   */
  workerClient?: () => Client | undefined;
  config: Pick<AppConfig, 'webhooks' | 'assets' | 'publicBaseUrl' | 'temporal'>;
}

/** Activity inputs are checked at entry; bad input is non-retryable, since a retry cannot fix it. */
function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw ApplicationFailure.nonRetryable(`Invalid activity input: ${parsed.error.message}`, 'INVALID_INPUT');
  }
  return parsed.data;
}

const uuid = z.string().uuid();
const inputs = {
  publish: z.object({
    videoId: uuid,
    event: z.enum(WEBHOOK_EVENTS),
    occurrenceKey: z.string().min(1).max(200),
  }),
  begin: z.object({ deliveryId: uuid, runId: z.string().min(1).max(100) }),
  deliver: z.object({
    deliveryId: uuid,
    runId: z.string().min(1).max(100),
    run: z.number().int().positive().nullable(),
    attempt: z.number().int().positive(),
    timeoutSeconds: z.number().positive().max(600),
    backoff: z.object({ baseSeconds: z.number().positive(), factor: z.number().positive() }),
    jitter: z.number().min(0).max(1),
  }),
  attempt: z.object({
    deliveryId: uuid,
    run: z.number().int().positive(),
    attempt: z.number().int().positive(),
    timeoutSeconds: z.number().positive().max(600),
  }),
  record: z.object({
    deliveryId: uuid,
    run: z.number().int().positive(),
    attempt: z.number().int().positive(),
    outcome: z.object({
      kind: z.enum(['delivered', 'failed', 'gone']),
      startedAt: z.string().min(1),
      durationMs: z.number().min(0),
      statusCode: z.number().int().nullable(),
      error: z.string().nullable(),
      retryAfterSeconds: z.number().nullable(),
    }),
    nextRetryAt: z.string().nullable(),
    final: z.enum(['succeeded', 'failed']).nullable(),
  }),
  cancel: z.object({ deliveryId: uuid, run: z.number().int().positive(), reason: z.string() }),
};

const USER_AGENT = 'vidgen-webhooks/1';

type SentOutcome = Exclude<DeliveryAttemptOutcome, { kind: 'cancelled' }>;
/** Delivery workflows started at once by one publish. */
const START_CONCURRENCY = 8;
/** First attempts in flight at once by one publish. */
const FIRST_ATTEMPT_CONCURRENCY = 32;

export function createWebhookActivities(
  deps: WebhookActivityDeps,
): WebhookActivities & WebhookDeliveryActivities {
  const { db, config } = deps;
  const videos = new VideoRepository(db);
  const webhooks = new WebhookRepository(db);
  const deliveries = new WebhookDeliveryRepository(db);
  const workflows = new WebhookDeliveryWorkflows(
    deps.client,
    config.temporal.taskQueue,
    config.webhooks,
    deps.workerClient,
  );

  // Asset URLs in the payload are signed exactly as the api signs them (same key, base URL and TTL).
  let signer: Promise<AssetUrlSigner> | undefined;
  const assetSigner = () => {
    signer ??= loadAssetUrlSigner(db, config).catch((err) => {
      signer = undefined;
      throw err;
    });
    return signer;
  };

  const activities: WebhookActivities & WebhookDeliveryActivities = {
    /**
     * Exactly one delivery per (occurrence, webhook): the rows are inserted in one transaction
     * under their unique key. Then each delivery's first attempt is made from here and written
     * down, and its workflow started under its id to go on from it (deliverFirst). A retry of
     * this activity inserts nothing new, makes no attempt a run has begun, and finds the started
     * workflows.
     */
    async publishVideoEvent(raw) {
      const input = parse(inputs.publish, raw);
      const sign = await assetSigner();
      const accountId = await deliveries.transaction(async (trx) => {
        const current = await videos.findForWorkflow(input.videoId, trx);
        if (!current) throw ApplicationFailure.nonRetryable(`Video ${input.videoId} not found`, 'NOT_FOUND');
        const targets = await webhooks.activeFor(current.accountId, input.event, trx);
        if (targets.length === 0) return current.accountId;
        const occurredAt = await videos.events.loggedAt(
          current.accountId,
          current.id,
          input.occurrenceKey,
          trx,
        );
        // The video as the event left it: a retry may have started since (fail() publishes after
        // the failure is logged) and must not show in the failure's delivery. Events logged
        // before records were kept have none; the video as it is stands in for them.
        const video =
          (await videos.events.recordOf(current.accountId, current.id, input.occurrenceKey, trx)) ?? current;
        const payload = JSON.stringify({
          event: input.event,
          video_id: video.id,
          data: toVideoRecord(video, (assetId) => (assetId ? sign.url(assetId) : null)),
          created_at: occurredAt ? toUnixSeconds(occurredAt) : Math.floor(Date.now() / 1000),
        });
        const assetIds = deliveryAssetIds(video);
        await deliveries.insertMissing(
          targets.map((w) => ({
            webhookId: w.id,
            accountId: video.accountId,
            videoId: video.id,
            event: input.event,
            occurrenceKey: input.occurrenceKey,
            payload,
            assetIds,
          })),
          trx,
        );
        return current.accountId;
      });
      const pending = await deliveries.forOccurrence(accountId, input.videoId, input.occurrenceKey);
      // The POSTs can take up to the webhook timeout: a publish lost with its worker is noticed by its heartbeat.
      await heartbeating(() => deliverFirst(pending));
    },

    async beginWebhookDeliveryRun(raw) {
      const input = parse(inputs.begin, raw);
      return { run: await beginRun(input.deliveryId, input.runId) };
    },

    async deliverWebhookAttempt(raw) {
      const input = parse(inputs.deliver, raw);
      // The run is numbered on the first attempt, while the delivery is read for the POST. A later
      // attempt first looks for what is recorded of it: an attempt whose completion was lost (its
      // 2xx recorded) or a run that has ended is never POSTed again
      // (docs/decisions/0052-recorded-outcome-wins.md).
      const [run, target, stored] = await Promise.all([
        input.run ?? beginRun(input.deliveryId, input.runId),
        deliveries.target(input.deliveryId),
        input.run === null
          ? undefined
          : deliveries.recordedBefore(input.deliveryId, input.run, input.attempt),
      ]);
      if (stored) {
        const earlier = asRecorded(stored);
        return { run, outcome: earlier.outcome, recorded: true, earlier };
      }
      const reason = cancelReason(target);
      if (reason !== undefined) {
        await deliveries.cancelRun(input.deliveryId);
        return { run, outcome: { kind: 'cancelled', reason }, recorded: true };
      }
      const outcome = await post(target!, input.timeoutSeconds);
      try {
        const { earlier } = await record({
          deliveryId: input.deliveryId,
          run,
          attempt: input.attempt,
          outcome,
          ...consequence(outcome, input.attempt, input.backoff, input.jitter),
        });
        if (earlier) return { run, outcome: earlier.outcome, recorded: true, earlier };
        return { run, outcome, recorded: true };
      } catch {
        // The POST was made: never report it as an attempt that failed. The workflow writes it
        // down with its bookkeeping activity, which retries until PostgreSQL answers.
        return { run, outcome, recorded: false };
      }
    },

    async attemptWebhookDelivery(raw): Promise<DeliveryAttemptOutcome> {
      const input = parse(inputs.attempt, raw);
      const target = await deliveries.target(input.deliveryId);
      const reason = cancelReason(target);
      if (reason !== undefined) return { kind: 'cancelled', reason };
      return post(target!, input.timeoutSeconds);
    },

    async recordWebhookDeliveryAttempt(raw) {
      const { earlier } = await record(parse(inputs.record, raw));
      return { earlier };
    },

    async cancelWebhookDeliveryRun(raw) {
      const input = parse(inputs.cancel, raw);
      await deliveries.cancelRun(input.deliveryId);
    },
  };
  return activities;

  async function beginRun(deliveryId: string, runId: string): Promise<number> {
    const run = await deliveries.beginRun(deliveryId, runId);
    if (run === undefined)
      throw ApplicationFailure.nonRetryable(`Delivery ${deliveryId} not found`, 'NOT_FOUND');
    return run;
  }

  /** Why nothing is sent to this delivery's webhook any more; undefined while it is to be sent. */
  function cancelReason(target: DeliveryTarget | undefined): string | undefined {
    if (!target) return 'the delivery no longer exists';
    if (target.webhookDeleted) return 'the webhook was deleted';
    if (!target.webhookActive) return 'the webhook is inactive';
    return undefined;
  }

  /** One signed POST of the delivery. */
  async function post(target: DeliveryTarget, timeoutSeconds: number): Promise<SentOutcome> {
    // Fresh asset links, timestamp and signature on every attempt; the delivery id and the
    // rest of the payload stay the same. The links come from the ids of the assets the
    // delivery's video owns, never from the payload's text (it holds the client's prompt).
    const sign = await assetSigner();
    const body = withAssetLinks(target.payload, target.assetIds, (id) => sign.url(id));
    const startedAt = new Date().toISOString();
    const timestamp = Math.floor(Date.now() / 1000);
    const sent = await sendWebhook({
      url: target.url,
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        [WEBHOOK_HEADERS.deliveryId]: target.id,
        [WEBHOOK_HEADERS.event]: target.event,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        [WEBHOOK_HEADERS.signature]: signWebhookPayload(target.secret, timestamp, body),
      },
      timeoutMs: timeoutSeconds * 1000,
      allowPrivateNetworks: config.webhooks.allowPrivateNetworks,
    });
    const status = sent.statusCode;
    // Any answer but a 2xx is a failed attempt, retried on the schedule; 410 Gone included
    // (docs/webhooks.md: only a run that ends on a 410 sets the webhook inactive).
    const kind = status !== null && status >= 200 && status < 300 ? 'delivered' : 'failed';
    return {
      kind,
      startedAt,
      durationMs: sent.durationMs,
      statusCode: status,
      error: sent.error,
      retryAfterSeconds: kind === 'failed' ? parseRetryAfter(sent.retryAfter) : null,
    };
  }

  /**
   * Appends the attempt (once: by run and attempt) and projects it onto the delivery; with
   * `final`, closes the run and applies its consequence to the webhook, in one transaction.
   * `written` says whether this call wrote it; `earlier` is the record of the attempt that was
   * there first, which stands: nothing else moves (docs/decisions/0052-recorded-outcome-wins.md).
   */
  async function record(
    input: z.infer<typeof inputs.record>,
    claimFirstRun = false,
  ): Promise<{ written: boolean; earlier: RecordedAttempt | null }> {
    const o = input.outcome;
    const result = await deliveries.transaction(async (trx) => {
      // The publisher's attempt begins the first run with it, or is not written down at all.
      if (claimFirstRun && !(await deliveries.beginFirstRun(input.deliveryId, trx)))
        return { written: false, earlier: null };
      const earlier = await deliveries.insertAttempt(
        {
          deliveryId: input.deliveryId,
          run: input.run,
          attempt: input.attempt,
          outcome: o.kind === 'delivered' ? 'succeeded' : 'failed',
          attemptedAt: o.startedAt,
          durationMs: Math.round(o.durationMs),
          statusCode: o.statusCode,
          error: o.error,
          nextRetryAt: input.nextRetryAt,
        },
        trx,
      );
      // Recorded already (a retried activity, or one whose completion was lost): that record
      // stands, and nothing else moves twice for one attempt.
      if (earlier) return { written: false, earlier: asRecorded(earlier) };
      const webhook = await deliveries.settle(
        input.deliveryId,
        { final: input.final, nextRetryAt: input.nextRetryAt },
        trx,
      );
      // The run had ended (settle leaves a final run as it is): its webhook was answered for then.
      if (!webhook) return { written: true, earlier: null };
      // 'gone' is what attempts before 410s were retried returned; their runs end on it too.
      const answeredGone = o.kind === 'gone' || o.statusCode === 410;
      await applyAttemptToWebhook(
        webhooks,
        webhook,
        { gone: answeredGone && input.final === 'failed', final: input.final },
        config.webhooks.disableAfterFailures,
        trx,
      );
      return { written: true, earlier: null };
    });
    // Counted once per attempt, by the activity run that recorded it.
    // A 410 is counted apart ('gone') though it is a failed attempt like any other.
    if (result.written) {
      webhookAttempts.inc({
        outcome:
          o.kind === 'delivered'
            ? 'delivered'
            : o.kind === 'gone' || o.statusCode === 410
              ? 'gone'
              : 'failed',
      });
    }
    return result;
  }

  /**
   * The first attempts of a publish's deliveries, made here rather than by their workflows: the
   * POSTs go out the moment the deliveries exist, instead of after a workflow start and its first
   * task each (docs/decisions/0042-webhook-arrival-time.md). Each attempt is written down with the
   * run it begins (beginFirstRun) before its workflow starts, which goes on from it: retries on the
   * schedule, or nothing when it was final. A delivery whose first run has begun (a retried
   * publish) is not attempted again; its workflow starts from what was written down. A webhook
   * deleted or set inactive gets no attempt here: its workflow cancels the run.
   */
  async function deliverFirst(pending: OccurrenceDelivery[]): Promise<void> {
    const targets = await deliveries.targets(pending.filter((d) => d.runs === 0).map((d) => d.id));
    const starts = lanes(START_CONCURRENCY);
    const attempts = lanes(FIRST_ATTEMPT_CONCURRENCY);
    const done = await Promise.allSettled(
      pending.map(async (d) => {
        const target = targets.get(d.id);
        const first =
          d.runs === 0 && target && cancelReason(target) === undefined
            ? await attempts(() => attemptFirst(target))
            : firstRunOf(d);
        const runId = await starts(() => workflows.startFirst(d, first));
        // The run is named where the redelivery looks for the run it waits to close.
        if (runId && first) await deliveries.nameFirstRun(d.id, runId);
      }),
    );
    const failed = done.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** The publisher's attempt of one delivery: POSTed, then written down as its first run's first. */
  async function attemptFirst(target: DeliveryTarget): Promise<FirstAttempt | undefined> {
    const { timeoutSeconds, backoff } = workflows.attemptSettings;
    const outcome = await post(target, timeoutSeconds);
    const { final, nextRetryAt } = consequence(outcome, 1, backoff, Math.random());
    // A failure to write it down fails the publish, whose retry finds the run not begun and
    // attempts again: the POST was made, so the receiver may see the delivery id twice.
    const { written } = await record(
      { deliveryId: target.id, run: 1, attempt: 1, outcome, nextRetryAt, final },
      true,
    );
    if (written) return { run: 1, final, nextRetryAt };
    // Another run of this publish began the first run meanwhile: go on from what it wrote.
    const now = await deliveries.runState(target.id);
    return now && firstRunOf(now);
  }

  /** Where a first run the publisher began stands, for the workflow to go on from; undefined otherwise. */
  function firstRunOf(d: OccurrenceDelivery): FirstAttempt | undefined {
    if (d.runs !== 1 || d.currentRunId !== PUBLISHER_RUN_ID) return undefined;
    if (d.status === 'succeeded' || d.status === 'failed')
      return { run: 1, final: d.status, nextRetryAt: null };
    // Pending its retry, or cancelled since (the next attempt finds the webhook gone and says so).
    return { run: 1, final: null, nextRetryAt: d.nextRetryAt };
  }
}

/** An attempt as recorded, as the workflow goes on from it: a 2xx ended its run, as did a failure with no retry due. */
function asRecorded(a: DeliveryAttempt): RecordedAttempt {
  const iso = (raw: string) => new Date(toIsoZ(raw)).toISOString();
  const kind = a.outcome === 'succeeded' ? 'delivered' : 'failed';
  return {
    attempt: a.attempt,
    outcome: {
      kind,
      startedAt: iso(a.attemptedAt),
      durationMs: a.durationMs ?? 0,
      statusCode: a.statusCode,
      error: a.error,
      retryAfterSeconds: null,
    },
    final: kind === 'delivered' ? 'succeeded' : a.nextRetryAt === null ? 'failed' : null,
    nextRetryAt: a.nextRetryAt === null ? null : iso(a.nextRetryAt),
  };
}

/**
 * What an attempt's outcome means for its run: final (succeeded, or failed for good), or the time
 * of the next attempt, drawn with `jitter` on the delivery's backoff (a receiver's Retry-After
 * may lengthen it).
 */
function consequence(
  outcome: SentOutcome,
  attempt: number,
  backoff: WebhookBackoffSettings,
  jitter: number,
): { final: 'succeeded' | 'failed' | null; nextRetryAt: string | null } {
  const final = attemptVerdict(outcome.kind, attempt, WEBHOOK_MAX_ATTEMPTS);
  if (final !== null) return { final, nextRetryAt: null };
  const delayMs = retryDelayMs(attempt - 1, backoff, jitter, outcome.retryAfterSeconds);
  return { final, nextRetryAt: new Date(Date.now() + delayMs).toISOString() };
}

/** Runs the functions given to it at most `n` at a time, in the order given. */
function lanes(n: number): <T>(fn: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (fn) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
