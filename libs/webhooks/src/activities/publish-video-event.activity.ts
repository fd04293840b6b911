import { ApplicationFailure } from '@temporalio/activity';
import { heartbeating } from '@vidgen/activity-kit';
import type { AssetUrlSigner } from '@vidgen/assets';
import { toUnixSeconds } from '@vidgen/core';
import { toVideoRecord, type VideoProgressService, type VideoRepository } from '@vidgen/videos';
import type { WebhookActivities } from '@vidgen/workflows';
import { deliveryAssetIds } from '../delivery-links';
import type { WebhookRepository } from '../webhook.repository';
import type { WebhookDeliveryRepository } from '../webhook-delivery.repository';
import { parseInput, schemas } from './activity-inputs';
import { createFirstAttempts, type FirstAttemptDeps } from './first-attempts';

export interface PublishDeps extends FirstAttemptDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'events'>;
  webhooks: Pick<WebhookRepository, 'activeFor'>;
  deliveries: FirstAttemptDeps['deliveries'] &
    Pick<WebhookDeliveryRepository, 'transaction' | 'insertMissing' | 'forOccurrence'>;
  assetSigner: () => Promise<AssetUrlSigner>;
  /** The progress a running video's record shows (video.stage_changed); null without it. */
  progress?: Pick<VideoProgressService, 'of'>;
}

/**
 * Events published while the video's media work waits for the publish: their first attempts are
 * left to the delivery workflows, so a slow receiver never holds a stage back (the POST of a
 * stage's start could otherwise take up to the webhook timeout before the stage begins).
 */
const ATTEMPTED_BY_WORKFLOWS: ReadonlySet<string> = new Set(['video.stage_changed']);

/** The publisher of a video's event: its deliveries, each one's first attempt, and their workflows. */
export function createPublishVideoEventActivity(deps: PublishDeps): WebhookActivities {
  const { videos, webhooks, deliveries } = deps;
  const deliverFirst = createFirstAttempts(deps);

  return {
    /**
     * Exactly one delivery per (occurrence, webhook): the rows are inserted in one transaction
     * under their unique key. Then each delivery's first attempt is made from here and written
     * down, and its workflow started under its id to go on from it (deliverFirst). A retry of
     * this activity inserts nothing new, makes no attempt a run has begun, and finds the started
     * workflows.
     */
    async publishVideoEvent(raw) {
      const input = parseInput(schemas.publish, raw);
      const sign = await deps.assetSigner();
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
        const progress = (await deps.progress?.of([video]))?.get(video.id) ?? null;
        const payload = JSON.stringify({
          event: input.event,
          video_id: video.id,
          data: toVideoRecord(video, (assetId) => (assetId ? sign.url(assetId) : null), null, progress),
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
      await heartbeating(() => deliverFirst(pending, { attempt: !ATTEMPTED_BY_WORKFLOWS.has(input.event) }));
    },
  };
}
