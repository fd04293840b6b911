import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { AccountRepository } from '@vidgen/auth';
import { loadConfig } from '@vidgen/config';
import { VideoRepository, videoOptions } from '@vidgen/videos';
import { createWebhookActivities } from '@vidgen/webhooks';
import { eventKeys, type WebhookDeliveryInput } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../../test/support/api';

/**
 * publishVideoEvent against the real database and Temporal server, called as Temporal calls it:
 * what a delivery holds is the event's own state, and the publisher's first attempts
 * (docs/decisions/0042-webhook-arrival-time.md). The webhook points at a loopback address with
 * private networks refused, so each attempt fails at once without leaving the machine and is
 * written down as a failed attempt due for a retry. The delivery workflows go to a queue no
 * worker polls: what they were started with is read back.
 */
describe('publishing a video event on PostgreSQL', () => {
  const env = new MockActivityEnvironment();
  const taskQueue = `first-attempt-${randomUUID()}`;
  let connection: Connection;
  let client: Client;
  const started = new Set<string>();

  beforeAll(async () => {
    connection = await Connection.connect({ address: inject('stack').temporalAddress });
    client = new Client({ connection });
  });
  afterAll(async () => {
    for (const id of started)
      await client.workflow
        .getHandle(id)
        .terminate('test over')
        .catch(() => undefined);
    await connection?.close();
  });

  async function setUp() {
    const db = testDb();
    const base = loadConfig({ ...process.env, DATABASE_URL: inject('stack').databaseUrl });
    const config = {
      ...base,
      temporal: { ...base.temporal, taskQueue },
      webhooks: { ...base.webhooks, allowPrivateNetworks: false },
    };
    const videos = new VideoRepository(db);
    const account = await new AccountRepository(db).create({ name: `first-${randomUUID()}`, plan: 'pro' });
    await db
      .insertInto('webhooks')
      .values({ account_id: account.id, url: 'https://127.0.0.1:9/in', event: 'video.failed', secret: 's' })
      .execute();
    const video = await videos.create(account.id, {
      prompt: 'Tides and the moon.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: null,
    });
    const occurrenceKey = eventKeys.run.stageFailed(1, 'visualising');
    const reason = {
      code: 'IMAGE_GENERATION_ERROR',
      message: 'Image generation failed for scene 1',
      stage: 'visualising',
    };
    await videos.events.record(account.id, video.id, {
      key: occurrenceKey,
      type: 'failed',
      status: 'failed',
      stage: 'visualising',
      awaitingApproval: false,
      failureReason: reason as never,
    });
    const publish = (c: Client = client) =>
      env.run(() =>
        createWebhookActivities({ db, client: c, config }).publishVideoEvent({
          videoId: video.id,
          event: 'video.failed',
          occurrenceKey,
        }),
      );
    const delivery = async () => {
      const row = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'runs', 'status', 'next_retry_at', 'current_run_id'])
        .where('account_id', '=', account.id)
        .executeTakeFirstOrThrow();
      const attempts = await db
        .selectFrom('webhook_delivery_attempts')
        .select(['run', 'attempt', 'outcome', 'next_retry_at'])
        .where('delivery_id', '=', row.id)
        .execute();
      started.add(`webhook-delivery-${row.id}`);
      return { ...row, attempts };
    };
    /**
     * The input the delivery's workflow was started with, and its run id, once it is checked that
     * the delivery names that run as its current one.
     */
    const workflowStart = async (d: { id: string; current_run_id: string | null }) => {
      const handle = client.workflow.getHandle(`webhook-delivery-${d.id}`);
      const history = await handle.fetchHistory();
      const attrs = history.events![0]!.workflowExecutionStartedEventAttributes!;
      const { payloadConverter } = client.options.loadedDataConverter;
      const input = payloadConverter.fromPayload<WebhookDeliveryInput>(attrs.input!.payloads![0]!);
      const { runId } = await handle.describe();
      expect(d.current_run_id).toBe(runId);
      return { input, runId };
    };
    return { db, videos, account, video, reason, publish, delivery, workflowStart };
  }

  it('describes the video as it failed, not the retry that started while it was being published', async () => {
    const { db, videos, account, video, reason, publish } = await setUp();
    // The client's retry is approved before fail() got to publish (the approval's own transition).
    await videos.events.record(account.id, video.id, {
      key: eventKeys.run.approved(2),
      type: 'retry_approved',
      status: 'visualising',
      stage: 'visualising',
      awaitingApproval: false,
      failureReason: null,
    });
    expect((await videos.find(account.id, video.id))?.status).toBe('visualising');

    await publish();
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'payload'])
      .where('account_id', '=', account.id)
      .execute();
    for (const r of rows) started.add(`webhook-delivery-${r.id}`);
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(rows[0]!.payload);
    expect(payload.event).toBe('video.failed');
    expect(payload.data.status).toBe('failed');
    expect(payload.data.stage).toBe('visualising');
    expect(payload.data.failure_reason).toEqual(reason);
  });

  it('makes and writes down the first attempt, then starts the workflow to go on from it, named as its run', async () => {
    const { publish, delivery, workflowStart } = await setUp();
    await publish();
    const d = await delivery();
    expect(d).toMatchObject({ runs: 1, status: 'pending' });
    expect(d.attempts).toEqual([expect.objectContaining({ run: 1, attempt: 1, outcome: 'failed' })]);
    expect(d.next_retry_at).not.toBeNull();
    const { input, runId } = await workflowStart(d);
    expect(input.first).toEqual({
      run: 1,
      final: null,
      nextRetryAt: new Date(d.next_retry_at!).toISOString(),
    });

    // A retried publish attempts nothing again and starts nothing new.
    await publish();
    const again = await delivery();
    expect(again.attempts).toHaveLength(1);
    expect(again).toMatchObject({ runs: 1, current_run_id: runId });
  });

  it('two publishes of one occurrence at once make one attempt', async () => {
    const { publish, delivery, workflowStart } = await setUp();
    await Promise.all([publish(), publish()]);
    const d = await delivery();
    expect(d.attempts).toHaveLength(1);
    expect(d.runs).toBe(1);
    const { input } = await workflowStart(d);
    expect(input.first).toMatchObject({ run: 1, final: null });
  });

  it('a publish that wrote its attempt down but could not start the workflow is retried from what it wrote', async () => {
    const { publish, delivery, workflowStart } = await setUp();
    const unreachable = {
      workflow: {
        start: async () => {
          throw new Error('Temporal unavailable');
        },
      },
    } as unknown as Client;
    await expect(publish(unreachable)).rejects.toThrow('Temporal unavailable');
    const written = await delivery();
    expect(written.attempts).toHaveLength(1);
    expect(written).toMatchObject({ runs: 1, current_run_id: 'publisher' });

    await publish();
    const d = await delivery();
    expect(d.attempts).toHaveLength(1);
    const { input } = await workflowStart(d);
    expect(input.first).toEqual({
      run: 1,
      final: null,
      nextRetryAt: new Date(written.next_retry_at!).toISOString(),
    });
  });
});
