import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import type { Asset, AssetRepository, AssetStorage, AssetType, NewAsset } from '@vidgen/assets';
import type { Database, Transaction } from '@vidgen/db';
import type { ActiveFault, Stage } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import type { Transition } from '../video-event.repository';
import { providerFailure } from './failures';
import { injectFaults } from './fault-injection';
import { loadVideo } from './video-loader';

export interface MediaStepDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'events'>;
  assets: Pick<AssetRepository, 'insert'>;
  storage: Pick<AssetStorage, 'put'>;
}

/** A finished file of a step, moved into storage as one asset of the video. */
export interface StepFile {
  source: string;
  name: string;
  type: AssetType;
  mimeType: string;
  sceneId?: string;
  width?: number;
  height?: number;
  durationSeconds?: number;
}

/** One media step of production: what it works on, how it makes its files, and how it is recorded. */
export interface MediaStep<Target, Made> {
  videoId: string;
  /** What the step works on, or undefined when an earlier run produced it already: reused, not redone. */
  load(video: WorkflowVideo): Promise<Target | undefined>;
  /** The injected faults that apply to this call. */
  fault: (target: Target) => { stage: Stage; fault: ActiveFault };
  /** The scratch folder the step works in; removed when the step ends, whatever happened. */
  workDir(video: WorkflowVideo): Promise<string>;
  /** Makes the files (the provider call), cancelled with the activity. */
  make(target: Target, dir: string, signal: AbortSignal): Promise<Made>;
  files(made: Made, target: Target): StepFile[];
  /**
   * Inside the step's one transaction, once its asset rows are in: points the video or scene at
   * them and returns the event that records the step (keyed, so it is recorded once).
   */
  record(target: Target, made: Made, assets: Asset[], trx: Transaction<Database>): Promise<Transition>;
}

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
export function createMediaStep({ videos, assets, storage }: MediaStepDeps): RunMediaStep {
  async function store(video: WorkflowVideo, file: StepFile): Promise<NewAsset> {
    const stored = await storage.put(video.accountId, video.id, file.name, file.source);
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
    };
  }

  return async function runMediaStep<Target, Made>(step: MediaStep<Target, Made>): Promise<void> {
    const video = await loadVideo(videos, step.videoId);
    const target = await step.load(video);
    if (target === undefined) return;
    const { stage, fault } = step.fault(target);
    injectFaults(stage, fault);
    const dir = await step.workDir(video);
    try {
      const made = await step.make(target, dir, Context.current().cancellationSignal).catch((err) => {
        throw providerFailure(err);
      });
      const rows: NewAsset[] = [];
      for (const file of step.files(made, target)) rows.push(await store(video, file));
      await videos.transaction(async (trx) => {
        const inserted: Asset[] = [];
        for (const row of rows) inserted.push(await assets.insert(row, trx));
        const transition = await step.record(target, made, inserted, trx);
        await videos.events.record(video.accountId, video.id, transition, trx);
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
}
