import { verifyWebhook } from '@vidgen/client';
import type { Db } from '@vidgen/db';
import { repeatedFacts } from '../event-facts';
import type { Route } from '../https-receiver';
import type { BatchResult } from './drill-run';

/** What the drill proves afterwards; each check returns findings (empty: it holds) and counts. */
export interface DrillFindings {
  stuck: string[];
  withoutCause: string[];
  duplicateVideos: string[];
  duplicateEvents: string[];
  ledger: string[];
  deliveries: string[];
  databaseFrozen: string[];
}

export interface DrillCounts {
  videos: number;
  completed: number;
  failed: number;
  events: number;
  ledger_events: number;
  deliveries: number;
  delivery_attempts_max: number;
  retried_deliveries: number;
  freeze_probes: number;
  freeze_probe_max_ms: number;
}

export interface DrillHook {
  accountId: string;
  id: string;
  event: 'video.completed' | 'video.failed';
  secret: string;
  route: Route;
}

const FROZEN_ANSWER_MS = 5000;

export function videoFindings(batches: BatchResult[]): Pick<DrillFindings, 'stuck' | 'withoutCause'> {
  const videos = batches.flatMap((b) => b.videos);
  return {
    stuck: videos
      .filter((v) => v.status !== 'completed' && v.status !== 'failed')
      .map((v) => `video ${v.index} (${v.id ?? 'never created'}) ended the drill ${v.status ?? 'unseen'}`),
    withoutCause: videos
      .filter((v) => v.status === 'failed' && !(v.failureReason?.code && v.failureReason.message))
      .map((v) => `video ${v.id} failed without a cause: ${JSON.stringify(v.failureReason)}`),
  };
}

/** Every video row of the drill's database: none left running, one per prompt (no duplicate create). */
export async function databaseVideoFindings(
  db: Db,
): Promise<Pick<DrillFindings, 'stuck' | 'duplicateVideos'>> {
  const rows = await db.selectFrom('videos').select(['id', 'account_id', 'prompt', 'status']).execute();
  const byPrompt = new Map<string, string[]>();
  for (const r of rows)
    byPrompt.set(`${r.account_id}|${r.prompt}`, [
      ...(byPrompt.get(`${r.account_id}|${r.prompt}`) ?? []),
      r.id,
    ]);
  return {
    stuck: rows
      .filter((r) => r.status !== 'completed' && r.status !== 'failed')
      .map((r) => `video row ${r.id} is ${r.status}`),
    duplicateVideos: [...byPrompt]
      .filter(([, ids]) => ids.length > 1)
      .map(([k, ids]) => `${ids.length} videos for ${k}`),
  };
}

/**
 * Each event log: seq 1..n, no key twice, and no fact (a stage start, an image, a refund, a
 * completion) twice within one production run — the same rule as the specs' checkLog.
 */
export async function eventFindings(db: Db): Promise<{ findings: string[]; events: number }> {
  const rows = await db
    .selectFrom('video_events')
    .select(['video_id', 'seq', 'key', 'type', 'status', 'stage', 'data'])
    .orderBy('video_id')
    .orderBy('seq')
    .execute();
  const findings: string[] = [];
  const logs = new Map<string, typeof rows>();
  for (const r of rows) logs.set(r.video_id, [...(logs.get(r.video_id) ?? []), r]);
  for (const [videoId, log] of logs) {
    if (log.some((e, i) => e.seq !== i + 1)) findings.push(`${videoId}: seq is not 1..${log.length}`);
    if (new Set(log.map((e) => e.key)).size !== log.length) findings.push(`${videoId}: a key appended twice`);
    for (const [fact, n] of repeatedFacts(log)) findings.push(`${videoId}: ${fact} recorded ${n} times`);
  }
  return { findings, events: rows.length };
}

/**
 * docs/credits.md: balance = sum of the account's ledger events; per video and item at most one
 * charge per production run and never more refunded than charged; refunds only for items that
 * failed (an image that does not exist, narration of a video that failed narrating), and each
 * such failure refunded; the video record's charged and refunded credits match the ledger.
 */
export async function ledgerFindings(
  db: Db,
  accountIds: string[],
): Promise<{ findings: string[]; events: number }> {
  const findings: string[] = [];
  const events = await db
    .selectFrom('ledger_events')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const a of await db
    .selectFrom('accounts')
    .select(['id', 'credits_balance'])
    .where('id', 'in', accountIds)
    .execute()) {
    const own = events.filter((e) => e.account_id === a.id);
    const sum = own.reduce((s, e) => s + e.amount, 0);
    if (sum !== a.credits_balance)
      findings.push(`account ${a.id}: balance ${a.credits_balance}, ledger sums to ${sum}`);
    if (own.at(-1) && own.at(-1)!.balance_after !== a.credits_balance)
      findings.push(
        `account ${a.id}: last balance_after ${own.at(-1)!.balance_after} ≠ balance ${a.credits_balance}`,
      );
  }
  const videos = await db
    .selectFrom('videos')
    .select(['id', 'status', 'failure_reason', 'credits_charged', 'credits_refunded'])
    .where('account_id', 'in', accountIds)
    .execute();
  const runs = await db
    .selectFrom('video_events')
    .select(['video_id'])
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('type', 'in', ['approved', 'retry_approved'])
    .groupBy('video_id')
    .execute();
  const scenes = await db.selectFrom('scenes').select(['id', 'image_asset_id']).execute();
  const imageOf = new Map(scenes.map((s) => [s.id, s.image_asset_id]));
  for (const v of videos) {
    const own = events.filter((e) => e.video_id === v.id);
    const approvals = Number(runs.find((r) => r.video_id === v.id)?.n ?? 0);
    const stage = (v.failure_reason as { stage?: string } | null)?.stage;
    const items = new Set(own.map((e) => e.item ?? ''));
    for (const item of items) {
      const charges = own.filter((e) => e.item === item && e.kind === 'charged');
      const refunds = own.filter((e) => e.item === item && e.kind === 'refunded');
      const charged = -charges.reduce((s, e) => s + e.amount, 0);
      const refunded = refunds.reduce((s, e) => s + e.amount, 0);
      if (charges.length > approvals)
        findings.push(`${v.id} ${item}: charged ${charges.length} times in ${approvals} runs`);
      if (refunded > charged) findings.push(`${v.id} ${item}: refunded ${refunded}, charged ${charged}`);
      if (refunds.length > 0) {
        const failedItem =
          v.status === 'failed' &&
          (item === 'narration'
            ? stage === 'narrating'
            : item.startsWith('image:') && !imageOf.get(item.slice(6)));
        if (!failedItem)
          findings.push(`${v.id} ${item}: refunded though it did not fail (${v.status}, ${stage})`);
      }
    }
    const refundedItems = own.filter((e) => e.kind === 'refunded').map((e) => e.item);
    if (v.status === 'failed' && stage === 'narrating' && !refundedItems.includes('narration'))
      findings.push(`${v.id}: narration failed and was not refunded`);
    if (
      v.status === 'failed' &&
      stage === 'visualising' &&
      !refundedItems.some((i) => i?.startsWith('image:'))
    )
      findings.push(`${v.id}: images failed and none was refunded`);
    const charged = -own.filter((e) => e.kind === 'charged').reduce((s, e) => s + e.amount, 0);
    const refunded = own.filter((e) => e.kind === 'refunded').reduce((s, e) => s + e.amount, 0);
    if (charged !== v.credits_charged || refunded !== v.credits_refunded)
      findings.push(
        `${v.id}: record says ${v.credits_charged} charged / ${v.credits_refunded} refunded, ledger ${charged} / ${refunded}`,
      );
  }
  return { findings, events: events.length };
}

/**
 * Each finished video's event reached its account's webhook for that event: 1–4 requests, all
 * with one delivery id (the one the service recorded), each signature verifying, and the
 * delivery recorded as succeeded. Nothing reached a webhook of another event.
 */
export async function deliveryFindings(
  db: Db,
  hooks: DrillHook[],
  batches: BatchResult[],
): Promise<{ findings: string[]; deliveries: number; maxAttempts: number; retried: number }> {
  const findings: string[] = [];
  let deliveries = 0;
  let maxAttempts = 0;
  let retried = 0;
  const accountIdOf = new Map(
    (await db.selectFrom('videos').select(['id', 'account_id']).execute()).map((r) => [r.id, r.account_id]),
  );
  for (const v of batches.flatMap((b) => b.videos)) {
    if (!v.id || (v.status !== 'completed' && v.status !== 'failed')) continue;
    for (const hook of hooks.filter((h) => h.accountId === accountIdOf.get(v.id!))) {
      const got = hook.route.received.filter(
        (r) => (JSON.parse(r.rawBody.toString()) as { video_id: string }).video_id === v.id,
      );
      const wanted = hook.event === `video.${v.status}`;
      if (!wanted) {
        if (got.length > 0) findings.push(`${v.id}: ${hook.event} delivered for a ${v.status} video`);
        continue;
      }
      deliveries++;
      maxAttempts = Math.max(maxAttempts, got.length);
      if (got.length > 1) retried++;
      const what = `${v.id} ${hook.event}`;
      if (got.length < 1 || got.length > 4) findings.push(`${what}: ${got.length} attempts received`);
      const ids = new Set(got.map((r) => r.headers['x-service-delivery-id']));
      if (ids.size > 1) findings.push(`${what}: ${ids.size} delivery ids (${[...ids].join(', ')})`);
      // Checked as the receiver did on arrival: the drill outlasts the 5-minute tolerance.
      const verifies = (r: (typeof got)[number]) =>
        verifyWebhook(hook.secret, r.headers, r.rawBody, { nowSeconds: Math.floor(r.receivedAt / 1000) });
      if (!got.every(verifies)) findings.push(`${what}: a signature does not verify`);
      const rows = await db
        .selectFrom('webhook_deliveries')
        .select(['id', 'status'])
        .where('webhook_id', '=', hook.id)
        .where('video_id', '=', v.id)
        .execute();
      if (rows.length !== 1) findings.push(`${what}: ${rows.length} deliveries recorded`);
      else if (rows[0]!.status !== 'succeeded') findings.push(`${what}: delivery ${rows[0]!.status}`);
      else if (got.length > 0 && !ids.has(rows[0]!.id))
        findings.push(`${what}: received ids ≠ recorded ${rows[0]!.id}`);
    }
  }
  return { findings, deliveries, maxAttempts, retried };
}

/** While PostgreSQL was frozen every request answered 500 DATABASE_ERROR within 5 s. */
export function frozenFindings(batches: BatchResult[]): string[] {
  const froze = batches.some((b) => b.disruptions.some((d) => d.kind === 'postgres-freeze'));
  const probes = batches.flatMap((b) => b.freezeProbes);
  if (froze && probes.length === 0) return ['no request was answered while the database was frozen'];
  return probes
    .filter((p) => p.status !== 500 || p.code !== 'DATABASE_ERROR' || p.ms >= FROZEN_ANSWER_MS)
    .map((p) => `while frozen: ${p.status} ${p.code ?? ''} after ${Math.round(p.ms)} ms`);
}

/** Waits (bounded) until `expected` deliveries exist and none is still pending. */
export async function settleDeliveries(db: Db, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select('status')
      .execute()
      .catch(() => undefined);
    if (rows && rows.length >= expected && rows.every((r) => r.status !== 'pending')) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}
