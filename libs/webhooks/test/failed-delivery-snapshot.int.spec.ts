import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { MockActivityEnvironment } from '@temporalio/testing';
import { AccountRepository } from '@vidgen/auth';
import { loadConfig } from '@vidgen/config';
import { VideoRepository, videoOptions } from '@vidgen/videos';
import { createWebhookActivities } from '@vidgen/webhooks';
import { eventKeys } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../../test/support/api';

/**
 * publishVideoEvent against the real database and Temporal server, called as Temporal calls it,
 * after the video has moved on: what a delivery holds is the event's own state.
 */
describe('a video.failed delivery on PostgreSQL', () => {
  const env = new MockActivityEnvironment();
  // A queue no worker polls: the delivery workflows started here send nothing more.
  const taskQueue = `snapshot-${randomUUID()}`;
  let connection: Connection;
  let client: Client;
  const started: string[] = [];

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

  it('describes the video as it failed, not the retry that started while it was being published', async () => {
    const db = testDb();
    const base = loadConfig({ ...process.env, DATABASE_URL: inject('stack').databaseUrl });
    const acts = createWebhookActivities({
      db,
      client,
      // The publisher's first attempt goes to a loopback address it refuses: nothing leaves the machine.
      config: {
        ...base,
        temporal: { ...base.temporal, taskQueue },
        webhooks: { ...base.webhooks, allowPrivateNetworks: false },
      },
    });
    const videos = new VideoRepository(db);
    const account = await new AccountRepository(db).create({ name: `snapshot-${Date.now()}`, plan: 'pro' });
    await db
      .insertInto('webhooks')
      .values({
        account_id: account.id,
        url: 'https://127.0.0.1:9/in',
        event: 'video.failed',
        secret: 's',
      })
      .execute();
    const video = await videos.create(account.id, {
      prompt: 'Tides and the moon.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '16:9' }),
      faults: null,
    });
    const reason = {
      code: 'IMAGE_GENERATION_ERROR',
      message: 'Image generation failed for scene 1',
      stage: 'visualising',
    };
    const failedKey = eventKeys.run.stageFailed(1, 'visualising');
    await videos.events.record(account.id, video.id, {
      key: failedKey,
      type: 'failed',
      status: 'failed',
      stage: 'visualising',
      awaitingApproval: false,
      failureReason: reason as never,
    });
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

    await env.run(() =>
      acts.publishVideoEvent({ videoId: video.id, event: 'video.failed', occurrenceKey: failedKey }),
    );
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'payload'])
      .where('account_id', '=', account.id)
      .execute();
    started.push(...rows.map((r) => `webhook-delivery-${r.id}`));
    expect(rows).toHaveLength(1);
    const payload = JSON.parse(rows[0]!.payload);
    expect(payload.event).toBe('video.failed');
    expect(payload.data.status).toBe('failed');
    expect(payload.data.stage).toBe('visualising');
    expect(payload.data.failure_reason).toEqual(reason);
  });
});
