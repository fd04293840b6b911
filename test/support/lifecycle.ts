import { existsSync } from 'node:fs';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { LedgerRepository, LedgerService } from '@vidgen/ledger';
import { repeatedFacts } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { expect, inject } from 'vitest';
import { type ApiClient, type ApiResponse, testDb } from './api';
import { atGate, createVideo, events, finished, waitForVideo } from './videos';

export const PRODUCTION_STATUSES = ['visualising', 'narrating', 'curating', 'rendering'];

/** The asset id inside a signed content URL (`…/assets/<id>/content?expires=…`). */
export function assetIdOf(url: string | null): string | null {
  if (!url) return null;
  const m = /\/assets\/([0-9a-f-]{36})\/content/.exec(new URL(url).pathname);
  if (!m) throw new Error(`not an asset content URL: ${url}`);
  return m[1]!;
}

export function expectError(res: ApiResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.body?.error?.code, res.text).toBe(code);
}

export async function balanceOf(accountId: string): Promise<number> {
  const row = await testDb()
    .selectFrom('accounts')
    .select('credits_balance')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.credits_balance;
}

export async function grant(accountId: string, amount: number): Promise<void> {
  await new LedgerService(new LedgerRepository(testDb())).grant(accountId, amount);
}

/** The ledger events that name a video, oldest first (read straight from the table: they must outlive the video). */
export async function ledgerOf(videoId: string) {
  return testDb()
    .selectFrom('ledger_events')
    .select(['id', 'kind', 'amount', 'item', 'idempotency_key'])
    .where('video_id', '=', videoId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Paths of a video's asset files on the shared stack's disk, deleted or not. */
export async function assetFilesOf(videoId: string): Promise<string[]> {
  const root = path.join(inject('stack').dataDir, 'shared', 'assets');
  const rows = await testDb().selectFrom('assets').select('path').where('video_id', '=', videoId).execute();
  return rows.map((r) => path.join(root, r.path));
}

export function existingFiles(files: string[]): string[] {
  return files.filter((f) => existsSync(f));
}

/**
 * The event log of a video, checked for what every log must satisfy: seq runs 1..n without
 * gaps, no key was appended twice, and no fact (a stage start, a refund, a scene's image) is
 * recorded twice within one run.
 */
export async function cleanLog(api: ApiClient, videoId: string): Promise<any[]> {
  return checkLog(videoId, await events(api, videoId));
}

/** The checks of cleanLog over a log however it was fetched (the typed client's cleanLog too). */
export async function checkLog<E extends LogEvent>(videoId: string, log: E[]): Promise<E[]> {
  expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
  const keys = await testDb()
    .selectFrom('video_events')
    .select('key')
    .where('video_id', '=', videoId)
    .orderBy('seq')
    .execute();
  expect(keys).toHaveLength(log.length);
  expect(new Set(keys.map((k) => k.key)).size).toBe(keys.length);
  expect(repeatedFacts(log)).toEqual([]);
  return log;
}

interface LogEvent {
  seq: number;
  type: string;
  status?: string | null;
  stage?: string | null;
  data?: Record<string, unknown> | null;
}

/** Events after the last one of `type`. */
export function after<E extends { type: string }>(log: E[], type: string): E[] {
  const i = log.map((e) => e.type).lastIndexOf(type);
  expect(i, `no ${type} event`).toBeGreaterThanOrEqual(0);
  return log.slice(i + 1);
}

export const stagesStarted = (log: { type: string; status?: string | null }[]) =>
  log.filter((e) => e.type === 'stage_started').map((e) => e.status as string);

export async function scenesOf(api: ApiClient, videoId: string): Promise<any[]> {
  const res = await api.get(`/videos/${videoId}/scenes`);
  expect(res.status).toBe(200);
  return res.body;
}

export async function toGate(api: ApiClient, body: Record<string, unknown>): Promise<any> {
  const created = await createVideo(api, body);
  const gated = await waitForVideo(api, created.id, atGate);
  expect(gated).toMatchObject({ status: 'pending', awaiting_approval: true });
  return gated;
}

/** Approves a video at the gate and waits until it has finished (completed or failed). */
export async function approveAndFinish(api: ApiClient, videoId: string): Promise<any> {
  const res = await api.post(`/videos/${videoId}/approve`);
  expect(res.status, res.text).toBe(200);
  return waitForVideo(api, videoId, finished, 150_000);
}

let temporal: Promise<Client> | undefined;

/** The video's workflow as Temporal describes it. */
async function describeWorkflow(videoId: string) {
  temporal ??= Connection.connect({ address: inject('stack').temporalAddress }).then(
    (connection) => new Client({ connection }),
  );
  const client = await temporal;
  return client.workflow.getHandle(workflowIds.video(videoId)).describe();
}

/** Status of the video's workflow as Temporal reports it (RUNNING, COMPLETED, …). */
export async function workflowStatus(videoId: string): Promise<string> {
  return (await describeWorkflow(videoId)).status.name;
}

/** The task queue the video's workflow runs on. */
export async function workflowTaskQueue(videoId: string): Promise<string> {
  return (await describeWorkflow(videoId)).taskQueue;
}

export async function closeTemporal(): Promise<void> {
  if (!temporal) return;
  const client = await temporal;
  temporal = undefined;
  await client.connection.close();
}

/** Runs `fn` once and shares its promise between concurrent tests. */
export function shared<T>(fn: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= fn();
    return p;
  };
}
