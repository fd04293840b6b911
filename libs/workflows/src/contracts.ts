import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/** One task queue carries workflows and activities; a deployment may run several worker processes on it. */
export const DEFAULT_TASK_QUEUE = 'vidgen';

/** Custom search attributes; temporal/search-attributes.json registers the same names on the dev server. */
export const SearchAttributes = {
  status: defineSearchAttributeKey('VidgenStatus', SearchAttributeType.KEYWORD),
  accountId: defineSearchAttributeKey('VidgenAccountId', SearchAttributeType.KEYWORD),
  stage: defineSearchAttributeKey('VidgenStage', SearchAttributeType.KEYWORD),
} as const;

export const workflowIds = {
  video: (videoId: string) => `video-${videoId}`,
  webhookDelivery: (deliveryId: string) => `webhook-delivery-${deliveryId}`,
};
