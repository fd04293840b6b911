/** A webhook subscribes to exactly one of these (docs/webhooks.md). */
export const WEBHOOK_EVENTS = [
  'video.completed',
  'video.failed',
  'batch.completed',
  'video.awaiting_approval',
  'video.stage_changed',
  'video.preview_ready',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}
