import { AccountRepository } from '@vidgen/auth';
import { toIsoZ } from '@vidgen/core';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from '@vidgen/db';
import {
  type NewDeliveryAttempt,
  WebhookDeliveryAttemptRepository,
  WebhookDeliveryLogRepository,
  WebhookDeliveryRepository,
} from '@vidgen/webhooks';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';

/** A delivery pending its first attempt: an account, a webhook, a video and the delivery row. */
async function pendingDelivery(): Promise<{ accountId: string; webhookId: string; deliveryId: string }> {
  const db = testDb();
  const accountId = (
    await new AccountRepository(db).create({ name: `deliveries-${Date.now()}`, plan: 'free' })
  ).id;
  const webhook = await db
    .insertInto('webhooks')
    .values({
      account_id: accountId,
      url: 'https://hooks.example.com/in',
      event: 'video.completed',
      secret: 's',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const video = await db
    .insertInto('videos')
    .values({ account_id: accountId, prompt: 'Tides', scene_count: 1, options: '{}', status: 'completed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const delivery = await db
    .insertInto('webhook_deliveries')
    .values({
      webhook_id: webhook.id,
      account_id: accountId,
      video_id: video.id,
      event: 'video.completed',
      occurrence_key: 'completed',
      payload: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { accountId, webhookId: webhook.id, deliveryId: delivery.id };
}

/**
 * Runs `between` once, right after the first read of `webhook_deliveries` has returned and before
 * the reader's next statement: a writer committing at the worst moment for the reader.
 */
function afterFirstDeliveryRead(between: () => Promise<void>): KyselyPlugin {
  const deliveryReads = new WeakSet<object>();
  let done = false;
  return {
    transformQuery(args: PluginTransformQueryArgs) {
      const node = args.node as {
        kind: string;
        from?: { froms: { table?: { identifier?: { name: string } } }[] };
      };
      const table =
        node.kind === 'SelectQueryNode' ? node.from?.froms[0]?.table?.identifier?.name : undefined;
      if (table === 'webhook_deliveries') deliveryReads.add(args.queryId);
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      if (!done && deliveryReads.has(args.queryId)) {
        done = true;
        await between();
      }
      return args.result;
    },
  };
}

describe('webhook deliveries on PostgreSQL', () => {
  it('lists a delivery and its attempts from one snapshot while an attempt commits between the reads', async () => {
    const { accountId, webhookId, deliveryId } = await pendingDelivery();
    const writer = new WebhookDeliveryRepository(testDb());
    const attempts = new WebhookDeliveryAttemptRepository(testDb());
    const nextRetryAt = new Date(Date.now() + 60_000).toISOString();
    const recordAttempt = () =>
      writer.transaction(async (trx) => {
        await attempts.insert(
          {
            deliveryId,
            run: 1,
            attempt: 1,
            outcome: 'failed',
            attemptedAt: new Date().toISOString(),
            durationMs: 12,
            statusCode: 500,
            error: null,
            nextRetryAt,
          },
          trx,
        );
        await writer.settle(deliveryId, { final: null, nextRetryAt }, trx);
      });

    const reader = new WebhookDeliveryLogRepository(
      testDb().withPlugin(afterFirstDeliveryRead(recordAttempt)),
    );
    const [seen] = await reader.list(accountId, webhookId, { limit: 10 });
    // The attempt committed while the list was under way: the list shows the state before it,
    // never the attempt beside a delivery that has no next retry.
    expect(seen!.attempts).toHaveLength(0);
    expect(seen!.nextRetryAt).toBeNull();

    const [after] = await reader.list(accountId, webhookId, { limit: 10 });
    expect(after!.attempts.map((a) => a.statusCode)).toEqual([500]);
    expect(Date.parse(toIsoZ(after!.nextRetryAt!))).toBe(Date.parse(nextRetryAt));
    const found = await reader.find(accountId, webhookId, deliveryId);
    expect(found!.attempts).toHaveLength(1);
    expect(found!.nextRetryAt).toBe(after!.nextRetryAt);
  });

  /** Attempt 1 of run 1, answered 200. */
  const delivered = (deliveryId: string): NewDeliveryAttempt => ({
    deliveryId,
    run: 1,
    attempt: 1,
    outcome: 'succeeded',
    attemptedAt: new Date().toISOString(),
    durationMs: 40,
    statusCode: 200,
    error: null,
    nextRetryAt: null,
  });
  /** The same attempt as a workflow that never heard from it writes it down. */
  const lost = (deliveryId: string): NewDeliveryAttempt => ({
    ...delivered(deliveryId),
    outcome: 'failed',
    durationMs: 30_000,
    statusCode: null,
    error: 'the attempt did not finish (worker lost or stalled)',
    nextRetryAt: new Date(Date.now() + 5000).toISOString(),
  });

  it('an attempt recorded again under its key gets back the attempt recorded first, unchanged', async () => {
    const { deliveryId } = await pendingDelivery();
    const repo = new WebhookDeliveryRepository(testDb());
    const attempts = new WebhookDeliveryAttemptRepository(testDb());
    expect(await repo.transaction((trx) => attempts.insert(delivered(deliveryId), trx))).toBeUndefined();
    const stored = await repo.transaction((trx) => attempts.insert(lost(deliveryId), trx));
    expect(stored).toMatchObject({ run: 1, attempt: 1, outcome: 'succeeded', statusCode: 200, error: null });
    expect(stored!.nextRetryAt).toBeNull();
    const rows = await testDb()
      .selectFrom('webhook_delivery_attempts')
      .select(['outcome', 'status_code'])
      .where('delivery_id', '=', deliveryId)
      .execute();
    expect(rows).toEqual([{ outcome: 'succeeded', status_code: 200 }]);
  });

  it('a second record of an attempt waits for the first one still committing and gets it back', async () => {
    const { deliveryId } = await pendingDelivery();
    const repo = new WebhookDeliveryRepository(testDb());
    const attempts = new WebhookDeliveryAttemptRepository(testDb());
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let written!: () => void;
    const insertedFirst = new Promise<void>((r) => {
      written = r;
    });
    // The attempt's own record, its transaction held open after the insert (waiting on a lock).
    const first = repo.transaction(async (trx) => {
      await attempts.insert(delivered(deliveryId), trx);
      written();
      await held;
    });
    await insertedFirst;
    let secondDone = false;
    const second = repo
      .transaction((trx) => attempts.insert(lost(deliveryId), trx))
      .finally(() => {
        secondDone = true;
      });
    await new Promise((r) => setTimeout(r, 300));
    expect(secondDone).toBe(false);
    release();
    await first;
    expect(await second).toMatchObject({ outcome: 'succeeded', statusCode: 200 });
  });

  it('settling a run that has already ended changes nothing', async () => {
    const { deliveryId } = await pendingDelivery();
    const db = testDb();
    const repo = new WebhookDeliveryRepository(db);
    expect(await repo.beginRun(deliveryId, 'run-one')).toBe(1);
    for (const final of ['succeeded', 'failed'] as const) {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending' })
        .where('id', '=', deliveryId)
        .execute();
      const webhook = await repo.transaction((trx) =>
        repo.settle(deliveryId, { final, nextRetryAt: null }, trx),
      );
      expect(webhook).toBeDefined();
      const row = () =>
        db
          .selectFrom('webhook_deliveries')
          .select(['status', 'runs', 'next_retry_at', 'updated_at'])
          .where('id', '=', deliveryId)
          .executeTakeFirstOrThrow();
      const ended = await row();
      expect(ended.status).toBe(final);
      // A late attempt's consequence: pending its retry, or the other final state.
      for (const late of [
        { final: null, nextRetryAt: new Date(Date.now() + 5000).toISOString() },
        { final: final === 'succeeded' ? ('failed' as const) : ('succeeded' as const), nextRetryAt: null },
      ]) {
        expect(await repo.transaction((trx) => repo.settle(deliveryId, late, trx))).toBeUndefined();
        expect(await row()).toEqual(ended);
      }
    }
  });
});
