import type { Database, Transaction } from '@vidgen/db';
import type { WebhookRepository } from './webhook.repository';

/** How a recorded attempt left its delivery: a 410 Gone, and whether the run ended (and how). */
export interface AttemptResult {
  gone: boolean;
  final: 'succeeded' | 'failed' | null;
}

/**
 * What one recorded delivery attempt does to its webhook (docs/webhooks.md): a 410 Gone sets
 * it inactive at once; a delivered run clears its count of exhausted runs; an exhausted run
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
  if (result.gone) {
    await webhooks.deactivate(accountId, webhookId, trx);
  } else if (result.final === 'succeeded') {
    await webhooks.clearFailures(accountId, webhookId, trx);
  } else if (result.final === 'failed') {
    const failures = await webhooks.countFailure(accountId, webhookId, trx);
    if (failures >= disableAfterFailures) await webhooks.deactivate(accountId, webhookId, trx);
  }
}
