import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Context } from '@temporalio/activity';
import { heartbeating } from '@vidgen/activity-kit';
import type { Asset, AssetRepository, AssetStorage, AssetType, Attribution, NewAsset } from '@vidgen/assets';
import { type Database, isDatabaseUnavailable, type Transaction } from '@vidgen/db';
import type { ActiveFault, Stage } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import type { Transition } from '../video-event.repository';
import { providerFailure } from './failures';
import { injectFaults } from './fault-injection';
import { loadVideo } from './video-loader';

export interface MediaStepDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'events'>;
  assets: Pick<AssetRepository, 'insert'>;
  storage: Pick<AssetStorage, 'put' | 'remove'>;
  /** How long a step waits for PostgreSQL to answer again (DATABASE_WAIT_MS unless given). */
  databaseWaitMs?: number;
}

/**
 * How long a media step waits for PostgreSQL to answer again, reading what it works on or
 * recording what it made, before its attempt fails as it did without waiting
 * (docs/decisions/0083-media-steps-wait-out-a-database-outage.md).
 */
export const DATABASE_WAIT_MS = 30_000;
/** The pauses between tries while PostgreSQL does not answer; the last one repeats. */
const DATABASE_RETRY_MS = [250, 500, 1000, 2000];

/**
 * `op` tried again while PostgreSQL does not answer (frozen, restarting, unreachable: each try
 * bounded by DATABASE_TIMEOUT_MS), for up to `waitMs`; then, or when the activity is cancelled,
 * the outage's error as before. Any other error is thrown at once. `op` must be whole: a read, or
 * one transaction, which a failed try leaves as it was, but for a commit whose answer was lost.
 */
async function untilDatabaseAnswers<T>(
  op: () => Promise<T>,
  waitMs: number,
  signal: AbortSignal,
  onOutage?: () => void,
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (let tries = 0; ; tries++) {
    try {
      return await op();
    } catch (err) {
      if (!isDatabaseUnavailable(err) || signal.aborted || Date.now() >= deadline) throw err;
      onOutage?.();
      const pause = DATABASE_RETRY_MS[Math.min(tries, DATABASE_RETRY_MS.length - 1)]!;
      await sleep(Math.min(pause, deadline - Date.now()), undefined, { signal }).catch(() => undefined);
      if (signal.aborted) throw err;
    }
  }
}

/**
 * A finished file of a step, moved into storage as one asset of the video; `type: null` stores
 * it beside the video's assets without an asset row (work in progress, such as a render segment).
 */
export interface StepFile {
  source: string;
  name: string;
  type: AssetType | null;
  mimeType: string;
  sceneId?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** For a picture: what it shows and the third-party works in it. */
  depicts?: string[] | null;
  attribution?: Attribution[];
  /** `stock` for a clip or photo from the stock library; generated otherwise. */
  assetSource?: 'generated' | 'stock';
}

/** One media step of production: what it works on, how it makes its files, and how it is recorded. */
export interface MediaStep<Target, Made> {
  videoId: string;
  /** What the step works on, or undefined when an earlier run produced it already: reused, not redone. */
  load(video: WorkflowVideo): Promise<Target | undefined>;
  /** The injected faults that apply to this call, if any do. */
  fault?: (target: Target) => { stage: Stage; fault: ActiveFault };
  /** The scratch folder the step works in; removed when the step ends, whatever happened. */
  workDir(video: WorkflowVideo): Promise<string>;
  /** Makes the files (the provider call), cancelled with the activity. */
  make(target: Target, dir: string, signal: AbortSignal): Promise<Made>;
  files(made: Made, target: Target): StepFile[];
  /**
   * Inside the step's one transaction, once its asset rows are in: points the video or scene at
   * them and returns the event that records the step (keyed, so it is recorded once). `assets`:
   * the rows of the files with a type; `stored`: every file's path in storage, in `files` order.
   */
  record(
    target: Target,
    made: Made,
    assets: Asset[],
    trx: Transaction<Database>,
    stored: string[],
  ): Promise<Transition>;
  /**
   * Under the video's row lock, just before recording: true when this attempt must not write,
   * because another attempt stored the output meanwhile, or the workflow gave up on the item
   * and refunded it (an attempt that outlived its timeout). Its files are then discarded.
   */
  stale?(target: Target, trx: Transaction<Database>): Promise<boolean>;
}

/** A file moved into storage, with the asset row it gets (none when its type is null). */
type StoredFile = Omit<NewAsset, 'type'> & { type: AssetType | null };

export type RunMediaStep = <Target, Made>(step: MediaStep<Target, Made>) => Promise<void>;

/** A fresh folder under the system's temporary directory. */
export function tempDir(prefix: string): () => Promise<string> {
  return () => mkdtemp(path.join(os.tmpdir(), prefix));
}

/**
 * Runs one media step and records it once. The order is what makes a retry safe: a step whose
 * output exists is skipped; files are moved into storage before the transaction; the asset
 * rows, the references to them and the step's keyed event commit together or not at all, so a
 * retried attempt either finds the step done or redoes all of it. Provider errors become the
 * failure types the workflow maps to failure_reason codes.
 */
export function createMediaStep({
  videos,
  assets,
  storage,
  databaseWaitMs = DATABASE_WAIT_MS,
}: MediaStepDeps): RunMediaStep {
  async function store(video: WorkflowVideo, file: StepFile, attempt: string): Promise<StoredFile> {
    // Every attempt writes its own file: two asset rows never share one, whichever attempt wins.
    const ext = path.extname(file.name);
    const name = `${path.basename(file.name, ext)}-${attempt}${ext}`;
    const stored = await storage.put(video.accountId, video.id, name, file.source);
    return {
      accountId: video.accountId,
      videoId: video.id,
      sceneId: file.sceneId,
      type: file.type,
      path: stored.relativePath,
      mimeType: file.mimeType,
      sizeBytes: stored.sizeBytes,
      width: file.width,
      height: file.height,
      durationSeconds: file.durationSeconds,
      depicts: file.depicts,
      attribution: file.attribution,
      ...(file.assetSource && { source: file.assetSource }),
    };
  }

  return async function runMediaStep<Target, Made>(step: MediaStep<Target, Made>): Promise<void> {
    const ctx = Context.current();
    // What the step works on, read again while PostgreSQL does not answer (heartbeating, so the
    // wait is not taken for a lost worker) instead of failing the attempt.
    const { video, target } = await heartbeating(
      () =>
        untilDatabaseAnswers(
          async () => {
            const video = await loadVideo(videos, step.videoId);
            return { video, target: await step.load(video) };
          },
          databaseWaitMs,
          ctx.cancellationSignal,
        ),
      undefined,
      ctx,
    );
    if (target === undefined) return;
    const injected = step.fault?.(target);
    if (injected) injectFaults(injected.stage, injected.fault);
    // Heartbeats while the step works: with the proxy's heartbeat timeout, a worker that dies
    // mid-step is noticed in seconds and the step runs again elsewhere.
    await heartbeating(
      async () => {
        const dir = await step.workDir(video);
        try {
          const made = await step.make(target, dir, ctx.cancellationSignal).catch((err) => {
            throw providerFailure(err);
          });
          const attempt = `${ctx.info.attempt}${randomBytes(3).toString('hex')}`;
          const rows: StoredFile[] = [];
          for (const file of step.files(made, target)) rows.push(await store(video, file, attempt));
          // Recorded once PostgreSQL answers again, rather than made again by another attempt.
          // A try cut off by an outage may still have committed, its answer lost: the next try
          // then finds the step recorded (stale), by this very attempt, and keeps the files.
          let cutOff = false;
          const written = await untilDatabaseAnswers(
            () =>
              videos.transaction(async (trx) => {
                await videos.events.lock(video.accountId, video.id, trx);
                if (await step.stale?.(target, trx)) return false;
                const inserted: Asset[] = [];
                for (const row of rows)
                  if (row.type !== null) inserted.push(await assets.insert({ ...row, type: row.type }, trx));
                const stored = rows.map((r) => r.path);
                const transition = await step.record(target, made, inserted, trx, stored);
                await videos.events.record(video.accountId, video.id, transition, trx);
                return true;
              }),
            databaseWaitMs,
            ctx.cancellationSignal,
            () => {
              cutOff = true;
            },
          );
          if (!written && !cutOff) for (const row of rows) await storage.remove(row.path);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
      undefined,
      ctx,
    );
  };
}
