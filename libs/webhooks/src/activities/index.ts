import type { Client } from '@temporalio/client';
import { type AssetUrlSigner, loadAssetUrlSigner } from '@vidgen/assets';
import type { AppConfig } from '@vidgen/config';
import type { Db } from '@vidgen/db';
import {
  BatchRepository,
  VideoProgressRepository,
  VideoProgressService,
  VideoRepository,
} from '@vidgen/videos';
import type { BatchEventActivities, WebhookActivities, WebhookDeliveryActivities } from '@vidgen/workflows';
import { WebhookRepository } from '../webhook.repository';
import { WebhookDeliveryWorkflows } from '../webhook-delivery.client';
import { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import { WebhookDeliveryAttemptRepository } from '../webhook-delivery-attempt.repository';
import { createAttemptRecorder } from './attempt-record';
import { createBeginWebhookDeliveryRunActivity } from './begin-webhook-delivery-run.activity';
import { createCancelWebhookDeliveryRunActivity } from './cancel-webhook-delivery-run.activity';
import { createDeliverWebhookAttemptActivity } from './deliver-webhook-attempt.activity';
import { createPublishBatchEventActivity } from './publish-batch-event.activity';
import { createPublishVideoEventActivity } from './publish-video-event.activity';
import { createRecordWebhookDeliveryAttemptActivity } from './record-webhook-delivery-attempt.activity';
import { createSignedPost } from './signed-post';

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

/** Asset URLs in a payload are signed exactly as the api signs them: its key, loaded once on first use. */
function lazyAssetSigner(db: Db, config: WebhookActivityDeps['config']): () => Promise<AssetUrlSigner> {
  let signer: Promise<AssetUrlSigner> | undefined;
  return () => {
    signer ??= loadAssetUrlSigner(db, config).catch((err) => {
      signer = undefined;
      throw err;
    });
    return signer;
  };
}

/**
 * Every webhook activity, one file per activity over the worker's dependencies: the publisher of
 * a video's event (which also makes each delivery's first attempt) and the delivery workflow's
 * attempt and bookkeeping activities. Whether an attempt ends its run or when the next is due is
 * attemptConsequence's answer (@vidgen/workflows), here as in the workflow.
 */
export function createWebhookActivities(
  deps: WebhookActivityDeps,
): WebhookActivities & WebhookDeliveryActivities & BatchEventActivities {
  const { db, config } = deps;
  const webhooks = new WebhookRepository(db);
  const deliveries = new WebhookDeliveryRepository(db);
  const attempts = new WebhookDeliveryAttemptRepository(db);
  const workflows = new WebhookDeliveryWorkflows(
    deps.client,
    config.temporal.taskQueue,
    config.webhooks,
    deps.workerClient,
  );
  const assetSigner = lazyAssetSigner(db, config);
  const post = createSignedPost({ assetSigner, allowPrivateNetworks: config.webhooks.allowPrivateNetworks });
  const record = createAttemptRecorder({
    deliveries,
    attempts,
    webhooks,
    disableAfterFailures: config.webhooks.disableAfterFailures,
  });
  const begin = createBeginWebhookDeliveryRunActivity({ deliveries });
  return {
    ...createPublishVideoEventActivity({
      videos: new VideoRepository(db),
      progress: new VideoProgressService(new VideoProgressRepository(db)),
      webhooks,
      deliveries,
      workflows,
      assetSigner,
      post,
      record,
    }),
    ...createPublishBatchEventActivity({
      batches: new BatchRepository(db),
      webhooks,
      deliveries,
      workflows,
      post,
      record,
    }),
    ...begin,
    ...createDeliverWebhookAttemptActivity({
      deliveries,
      attempts,
      beginRun: begin.beginWebhookDeliveryRun,
      post,
      record,
    }),
    ...createRecordWebhookDeliveryAttemptActivity({ record }),
    ...createCancelWebhookDeliveryRunActivity({ deliveries }),
  };
}
