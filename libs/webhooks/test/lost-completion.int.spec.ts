import { HttpsReceiver, makeCertificates, type TestCertificates } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { deliverWithLostCompletion, trustTestCa } from './support/lost-completion';

/**
 * An attempt that was POSTed and recorded, whose activity's completion then never reached the
 * workflow (docs/decisions/0052-recorded-outcome-wins.md): the workflow goes on from what was
 * recorded. Real activities, PostgreSQL, Temporal and an HTTPS receiver.
 */
describe('a delivery attempt whose completion was lost', () => {
  let certs: TestCertificates;
  let receiver: HttpsReceiver;

  beforeAll(async () => {
    certs = makeCertificates();
    trustTestCa(certs.caPath);
    receiver = new HttpsReceiver(certs);
    await receiver.start();
  });
  afterAll(async () => {
    await receiver?.stop();
    certs?.cleanup();
  });

  it('a delivered webhook whose completion was lost is not POSTed again and stays delivered', async () => {
    // Any POST after the first fails: a second one would reopen the run and fail it.
    const route = receiver.route([{ status: 200 }, { status: 500 }]);
    const db = testDb();
    const { deliveryId, webhookId, result, lost } = await deliverWithLostCompletion({
      db,
      databaseUrl: inject('stack').databaseUrl,
      temporalAddress: inject('stack').temporalAddress,
      url: route.url,
    });
    // The attempt was made and written down before its completion was lost.
    expect(lost).toEqual([expect.objectContaining({ run: 1, recorded: true })]);
    expect(lost[0]!.outcome).toMatchObject({ kind: 'delivered', statusCode: 200 });

    expect(route.received).toHaveLength(1);
    expect(result).toMatchObject({ deliveryId, run: 1, status: 'succeeded', attempts: 1 });
    const delivery = await db
      .selectFrom('webhook_deliveries')
      .select(['status', 'runs', 'next_retry_at'])
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(delivery).toEqual({ status: 'succeeded', runs: 1, next_retry_at: null });
    const attempts = await db
      .selectFrom('webhook_delivery_attempts')
      .select(['run', 'attempt', 'outcome', 'status_code'])
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .execute();
    expect(attempts).toEqual([{ run: 1, attempt: 1, outcome: 'succeeded', status_code: 200 }]);
    // A failed run would count here, and with WEBHOOK_DISABLE_AFTER_FAILURES 1 set it inactive.
    const webhook = await db
      .selectFrom('webhooks')
      .select(['consecutive_failures', 'is_active'])
      .where('id', '=', webhookId)
      .executeTakeFirstOrThrow();
    expect(webhook).toEqual({ consecutive_failures: 0, is_active: true });
  }, 120_000);
});
