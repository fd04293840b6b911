import type { Database, Transaction } from '@vidgen/db';
import type { WebhookRepository } from './webhook.repository';

/** How a recorded attempt left its delivery: whether the run ended (and how), and on a 410 Gone. */
export interface AttemptResult {
  /** The run ended failed, its last attempt answered 410 Gone. */
  gone: boolean;
  final: 'succeeded' | 'failed' | null;
}

/**
 * What one recorded delivery attempt does to its webhook (docs/webhooks.md): a run that ends
 * failed on a 410 Gone (after its retries, like any failure) sets it inactive; a delivered run clears its count of exhausted runs; an exhausted run
 * counts one more, and the `disableAfterFailures`-th in a row sets the webhook inactive. Only
 * PATCH /callbacks/{id} activates a webhook again. Runs inside the transaction that records the
 * attempt, so a retried activity (which finds its attempt recorded) never counts twice.
 */
export async function applyAttemptToWebhook(
  webhooks: Pick<WebhookRepository, 'countFailure' | 'clearFailures' | 'deactivate'>,
  webhook: { accountId: string; webhookId: string },
  result: AttemptResult,
  disableAfterFailures: number,
  trx: Transaction<Database>,
): Promise<void> {
  const { accountId, webhookId } = webhook;
  if (result.gone && result.final === 'failed') {
    await webhooks.deactivate(accountId, webhookId, trx);
  } else if (result.final === 'succeeded') {
    await webhooks.clearFailures(accountId, webhookId, trx);
  } else if (result.final === 'failed') {
    const failures = await webhooks.countFailure(accountId, webhookId, trx);
    if (failures >= disableAfterFailures) await webhooks.deactivate(accountId, webhookId, trx);
  }
}
