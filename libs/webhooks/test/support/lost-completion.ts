// A delivery whose attempt was made and recorded but whose activity's completion never reached
// the workflow (its worker killed, or its start-to-close timeout fired while it committed):
// the lost-completion spec and scripts/record-lost-completion-history.ts run it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { AccountRepository } from '@vidgen/auth';
import { loadConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import { createWebhookActivities } from '@vidgen/webhooks';
import {
  type DeliveryAttemptReport,
  type WebhookDeliveryInput,
  type WebhookDeliveryResult,
  workflowIds,
  workflowsPath,
} from '@vidgen/workflows';

/**
 * Lets this process's POSTs trust the test CA: the worker's processes get it through
 * NODE_EXTRA_CA_CERTS, which is read only when a process starts.
 */
export function trustTestCa(caPath: string): void {
  tls.setDefaultCACertificates([...tls.getCACertificates('default'), readFileSync(caPath, 'utf8')]);
}

export interface LostCompletionRun {
  deliveryId: string;
  webhookId: string;
  result: WebhookDeliveryResult;
  /** What deliverWebhookAttempt returned for the attempts whose completion was lost. */
  lost: DeliveryAttemptReport[];
  history: Awaited<ReturnType<WorkflowHandle['fetchHistory']>>;
}

/**
 * Makes a webhook to `url` and a delivery of it, then runs the delivery's workflow on a worker of
 * its own with the real activities, except that the completion of attempt 1 is lost: the real
 * deliverWebhookAttempt POSTs and records it, then the activity fails as if its worker had gone.
 */
export async function deliverWithLostCompletion(options: {
  db: Db;
  databaseUrl: string;
  temporalAddress: string;
  url: string;
}): Promise<LostCompletionRun> {
  const { db } = options;
  const base = loadConfig({ ...process.env, DATABASE_URL: options.databaseUrl });
  const taskQueue = `lost-completion-${randomUUID()}`;
  const config = {
    ...base,
    temporal: { ...base.temporal, taskQueue },
    webhooks: { ...base.webhooks, allowPrivateNetworks: true, disableAfterFailures: 1 },
  };
  const account = await new AccountRepository(db).create({ name: `lost-${randomUUID()}`, plan: 'pro' });
  const webhook = await db
    .insertInto('webhooks')
    .values({ account_id: account.id, url: options.url, event: 'video.completed', secret: 'lost-secret' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const video = await db
    .insertInto('videos')
    .values({ account_id: account.id, prompt: 'Tides', scene_count: 1, options: '{}', status: 'completed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: webhook.id,
      account_id: account.id,
      video_id: video.id,
      event: 'video.completed',
      occurrence_key: 'completed',
      payload: JSON.stringify({ event: 'video.completed', video_id: video.id, data: {}, created_at: 0 }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const clientConnection = await Connection.connect({ address: options.temporalAddress });
  const workerConnection = await NativeConnection.connect({ address: options.temporalAddress });
  try {
    const client = new Client({ connection: clientConnection });
    const real = createWebhookActivities({ db, client, config });
    const lost: DeliveryAttemptReport[] = [];
    const worker = await Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowsPath: workflowsPath(),
      activities: {
        ...real,
        async deliverWebhookAttempt(input: Parameters<typeof real.deliverWebhookAttempt>[0]) {
          const report = await real.deliverWebhookAttempt(input);
          if (input.attempt !== 1) return report;
          lost.push(report);
          throw ApplicationFailure.nonRetryable('the worker was lost before it reported the attempt');
        },
      },
    });
    const input: WebhookDeliveryInput = {
      deliveryId: delivery.id,
      backoff: { baseSeconds: 0.2, factor: 2 },
      timeoutSeconds: 2,
    };
    const workflowId = workflowIds.webhookDelivery(delivery.id);
    const result = await worker.runUntil(
      client.workflow.execute('webhookDeliveryWorkflow', { taskQueue, workflowId, args: [input] }),
    );
    const history = await client.workflow.getHandle(workflowId).fetchHistory();
    return { deliveryId: delivery.id, webhookId: webhook.id, result, lost, history };
  } finally {
    await clientConnection.close();
    await workerConnection.close();
  }
}
