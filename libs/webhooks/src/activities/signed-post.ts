import type { AssetUrlSigner } from '@vidgen/assets';
import type { SentAttemptOutcome } from '@vidgen/workflows';
import { withAssetLinks } from '../delivery-links';
import { parseRetryAfter } from '../retry-after';
import type { DeliveryTarget } from '../webhook-delivery.repository';
import { sendWebhook } from '../webhook-sender';
import { signWebhookPayload, WEBHOOK_HEADERS } from '../webhook-signature';

const USER_AGENT = 'vidgen-webhooks/1';

export interface SignedPostDeps {
  /** Signs the payload's asset links exactly as the api signs them (same key, base URL and TTL). */
  assetSigner: () => Promise<AssetUrlSigner>;
  /** WEBHOOK_ALLOW_PRIVATE_NETWORKS */
  allowPrivateNetworks: boolean;
}

/** One signed POST of a delivery, with the SSRF check on the address actually connected to. */
export type SignedPost = (target: DeliveryTarget, timeoutSeconds: number) => Promise<SentAttemptOutcome>;

export function createSignedPost(deps: SignedPostDeps): SignedPost {
  return async (target, timeoutSeconds) => {
    // Fresh asset links, timestamp and signature on every attempt; the delivery id and the
    // rest of the payload stay the same. The links come from the ids of the assets the
    // delivery's video owns, never from the payload's text (it holds the client's prompt).
    const sign = await deps.assetSigner();
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
      allowPrivateNetworks: deps.allowPrivateNetworks,
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
  };
}

/** Why nothing is sent to this delivery's webhook any more; undefined while it is to be sent. */
export function cancelReason(target: DeliveryTarget | undefined): string | undefined {
  if (!target) return 'the delivery no longer exists';
  if (target.webhookDeleted) return 'the webhook was deleted';
  if (!target.webhookActive) return 'the webhook is inactive';
  return undefined;
}
