import type { Database, Db, Selectable, Transaction, WebhookDeliveryAttemptsTable } from '@vidgen/db';

type Tx = Transaction<Database>;

/** One attempt of a delivery's run, as `webhook_delivery_attempts` holds it. */
export interface DeliveryAttempt {
  run: number;
  attempt: number;
  outcome: 'succeeded' | 'failed';
  attemptedAt: string;
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
  nextRetryAt: string | null;
}

export type NewDeliveryAttempt = DeliveryAttempt & { deliveryId: string };

/** The columns a DeliveryAttempt is read from. */
export const ATTEMPT_COLUMNS = [
  'run',
  'attempt',
  'outcome',
  'attempted_at',
  'duration_ms',
  'status_code',
  'error',
  'next_retry_at',
] as const;

export function toDeliveryAttempt(
  a: Pick<Selectable<WebhookDeliveryAttemptsTable>, (typeof ATTEMPT_COLUMNS)[number]>,
): DeliveryAttempt {
  return {
    run: a.run,
    attempt: a.attempt,
    outcome: a.outcome,
    attemptedAt: a.attempted_at,
    durationMs: a.duration_ms,
    statusCode: a.status_code,
    error: a.error,
    nextRetryAt: a.next_retry_at,
  };
}

/**
 * The attempts of delivery runs (append-only: no UPDATE or DELETE path), one row per
 * (delivery, run, attempt). Worker-side: the delivery workflow owns its delivery, so no tenant
 * is involved; the account's reads go through WebhookDeliveryLogRepository.
 */
export class WebhookDeliveryAttemptRepository {
  constructor(private readonly db: Db) {}

  /**
   * Appends one attempt, once per (delivery, run, attempt): undefined when this call wrote it;
   * otherwise the attempt already recorded under that key, which stands
   * (docs/decisions/0052-recorded-outcome-wins.md). A record still being committed is waited for.
   */
  async insert(attempt: NewDeliveryAttempt, trx: Tx): Promise<DeliveryAttempt | undefined> {
    const inserted = await trx
      .insertInto('webhook_delivery_attempts')
      .values({
        delivery_id: attempt.deliveryId,
        run: attempt.run,
        attempt: attempt.attempt,
        outcome: attempt.outcome,
        attempted_at: attempt.attemptedAt,
        duration_ms: attempt.durationMs,
        status_code: attempt.statusCode,
        error: attempt.error,
        next_retry_at: attempt.nextRetryAt,
      })
      .onConflict((oc) => oc.columns(['delivery_id', 'run', 'attempt']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return undefined;
    // The conflicting row has committed (the insert waited for it): this statement sees it.
    const stored = await trx
      .selectFrom('webhook_delivery_attempts')
      .select(ATTEMPT_COLUMNS)
      .where('delivery_id', '=', attempt.deliveryId)
      .where('run', '=', attempt.run)
      .where('attempt', '=', attempt.attempt)
      .executeTakeFirstOrThrow();
    return toDeliveryAttempt(stored);
  }

  /**
   * What is already recorded for an attempt about to be made: the attempt itself, or, once the
   * delivery says its run is over (succeeded or failed), the last attempt of that run. Undefined
   * while neither is the case: the attempt is to be made.
   */
  async recordedBefore(
    deliveryId: string,
    run: number,
    attempt: number,
  ): Promise<DeliveryAttempt | undefined> {
    const row = await this.db
      .selectFrom('webhook_delivery_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select(ATTEMPT_COLUMNS.map((c) => `a.${c}` as const))
      .where('a.delivery_id', '=', deliveryId)
      .where('a.run', '=', run)
      .where((eb) =>
        eb.or([
          eb('a.attempt', '=', attempt),
          eb.and([eb('d.runs', '=', run), eb('d.status', 'in', ['succeeded', 'failed'])]),
        ]),
      )
      .orderBy('a.attempt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row && toDeliveryAttempt(row);
  }
}
