// In-memory stand-ins for the repositories and storage the activities use, for the unit specs
// (no PostgreSQL, no Temporal server). Each records what it was asked to do.
import { ApplicationFailure, type Info } from '@temporalio/activity';
import type { Logger } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import type { Asset, AssetRepository, AssetStorage, NewAsset } from '@vidgen/assets';
import type { Database, Transaction } from '@vidgen/db';
import type { LedgerEntryInput, LedgerEvent, LedgerRepository } from '@vidgen/ledger';
import type { ScriptSource } from '@vidgen/media';
import type { ActiveFault } from '@vidgen/workflows';
import { expect } from 'vitest';
import type { VideoRepository, WorkflowVideo } from '../../src/video.repository';
import type { Scene } from '../../src/video.types';
import { videoOptions } from '../../src/video.types';
import type { Transition } from '../../src/video-event.repository';

export const ACCOUNT_ID = '00000000-0000-4000-8000-00000000000a';
export const VIDEO_ID = '00000000-0000-4000-8000-0000000000b1';
export const sceneId = (n: number) => `00000000-0000-4000-8000-0000000000c${n}`;

const quiet: Logger = { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} };

/** An activity context (attempt 1 unless told otherwise) that keeps expected failures out of the test output. */
export function activityEnv(info: Partial<Info> = {}): MockActivityEnvironment {
  return new MockActivityEnvironment(info, { logger: quiet });
}

export const NO_FAULT: ActiveFault = {
  timeout: false,
  fail: false,
  failScenes: [],
  priorAttempts: 0,
  failAttempts: 0,
};

/** The ApplicationFailure an activity call ended with (failing the test when it ended otherwise). */
export async function failureOf(call: Promise<unknown>): Promise<ApplicationFailure> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApplicationFailure);
  return err as ApplicationFailure;
}

/**
 * Stands for a transaction: the fakes never look inside it. A row lock taken straight on it
 * (lockForUpdate) chains through and finds an account.
 */
export const FAKE_TRX = new Proxy(
  {},
  {
    get: (_target, prop) =>
      prop === 'executeTakeFirst' || prop === 'executeTakeFirstOrThrow' || prop === 'execute'
        ? async () => ({ credits_balance: 0 })
        : prop === 'then'
          ? undefined
          : () => FAKE_TRX,
  },
) as Transaction<Database>;

export function aVideo(patch: Partial<WorkflowVideo> = {}): WorkflowVideo {
  return {
    id: VIDEO_ID,
    accountId: ACCOUNT_ID,
    prompt: 'Lighthouses and the sea.',
    sourceVideoId: null,
    status: 'visualising',
    stage: 'visualising',
    awaitingApproval: false,
    sceneCount: 2,
    options: videoOptions({ aspect_ratio: '16:9' }),
    failureReason: null,
    creditsCharged: 0,
    creditsRefunded: 0,
    videoAssetId: null,
    audioAssetId: null,
    thumbnailAssetId: null,
    subtitlesAssetId: null,
    scriptSource: null,
    warnings: [],
    preview: null,
    createdAt: '2025-01-01 00:00:00',
    updatedAt: '2025-01-01 00:00:00',
    faults: null,
    clientScenes: null,
    sourceLanguage: null,
    ...patch,
  };
}

export function aScene(position: number, patch: Partial<Scene> = {}): Scene {
  return {
    id: sceneId(position),
    videoId: VIDEO_ID,
    position,
    visualDescription: `A lighthouse, view ${position}`,
    narration: `Narration of scene ${position}.`,
    imageAssetId: null,
    storyboardAssetId: null,
    visualType: null,
    searchTerms: null,
    narrationAssetId: null,
    narrationSeconds: null,
    audioAssetId: null,
    words: null,
    imageDepicts: null,
    imageAttribution: [],
    createdAt: '2025-01-01 00:00:00',
    updatedAt: '2025-01-01 00:00:00',
    ...patch,
  };
}

/** A video repository over one video and its scenes; events are unique by key, as in the table. */
export function fakeVideos(video: WorkflowVideo, scenes: Scene[] = []) {
  const events: Transition[] = [];
  const calls = { transactions: 0, sceneImages: [] as { sceneId: string; assetId: string }[] };
  const repo = {
    findForWorkflow: async (id: string) => (id === video.id ? video : undefined),
    recordScript: async (id: string, script: Pick<WorkflowVideo, 'warnings'> & { source: ScriptSource }) => {
      if (id === video.id) Object.assign(video, { scriptSource: script.source, warnings: script.warnings });
    },
    transaction: async <T>(fn: (trx: Transaction<Database>) => Promise<T>) => {
      calls.transactions++;
      return fn(FAKE_TRX);
    },
    scenes: {
      list: async (accountId: string, videoId: string) =>
        accountId === video.accountId && videoId === video.id ? scenes : [],
      setImage: async (_accountId: string, _videoId: string, id: string, assetId: string) => {
        calls.sceneImages.push({ sceneId: id, assetId });
        const scene = scenes.find((s) => s.id === id);
        if (scene) scene.imageAssetId = assetId;
      },
      setNarration: async (
        _accountId: string,
        _videoId: string,
        id: string,
        narration: { assetId: string; seconds: number },
      ) => {
        const scene = scenes.find((s) => s.id === id);
        if (scene) {
          scene.narrationAssetId = narration.assetId;
          scene.narrationSeconds = narration.seconds;
        }
      },
    },
    events: {
      lock: async () => undefined,
      has: async (_accountId: string, _videoId: string, key: string) => events.some((e) => e.key === key),
      data: async (_accountId: string, _videoId: string, key: string) =>
        events.find((e) => e.key === key)?.data,
      narrationSpent: async () =>
        events
          .filter((e) => e.type === 'scenes_cleared')
          .reduce(
            (n, e) =>
              n + Number((e.data as { narration_credits_spent?: number })?.narration_credits_spent ?? 0),
            0,
          ),
      record: async (accountId: string, _videoId: string, t: Transition) => {
        if (accountId !== video.accountId) throw new Error('event recorded under another account');
        if (events.some((e) => e.key === t.key)) return false;
        events.push(t);
        return true;
      },
    },
  };
  return { videos: repo as unknown as VideoRepository, events, calls };
}

/** Asset rows and stored files, in memory. */
export function fakeAssets() {
  const rows: Asset[] = [];
  const puts: { name: string; source: string }[] = [];
  const assets = {
    insert: async (a: NewAsset) => {
      const row: Asset = {
        id: `asset-${rows.length + 1}`,
        sceneId: null,
        width: null,
        height: null,
        durationSeconds: null,
        createdAt: '2025-01-01 00:00:00',
        ...a,
      } as Asset;
      rows.push(row);
      return row;
    },
  } as unknown as AssetRepository;
  const removed: string[] = [];
  const storage = {
    put: async (_accountId: string, _videoId: string, name: string, source: string) => {
      puts.push({ name, source });
      return { relativePath: `${ACCOUNT_ID}/${VIDEO_ID}/${name}`, sizeBytes: 42 };
    },
    remove: async (relativePath: string) => {
      removed.push(relativePath);
    },
  } as unknown as AssetStorage;
  return { assets, storage, rows, puts, removed };
}

/**
 * A ledger of entries over an account that starts with `opening` credits, keyed as the real
 * one: an idempotency key the account's ledger holds is found again, and the rules of
 * appendEntry (ledger.service.ts) run over it as over the real repository.
 */
export function fakeLedger(entries: LedgerEntryInput[] = [], opening = 100) {
  const ledger = {
    heldByItem: async (accountId: string, videoId: string) => {
      const held = new Map<string, number>();
      for (const e of entries) {
        if (e.accountId !== accountId || e.videoId !== videoId || !e.item) continue;
        if (e.kind !== 'charged' && e.kind !== 'refunded') continue;
        held.set(e.item, (held.get(e.item) ?? 0) - e.amount);
      }
      return held;
    },
    lockAccount: async (accountId: string) => ({
      balance: entries.filter((e) => e.accountId === accountId).reduce((n, e) => n + e.amount, opening),
    }),
    eventByKey: async (accountId: string, key: string) =>
      entries.find((e) => e.accountId === accountId && e.idempotencyKey === key) && ({} as LedgerEvent),
    insert: async ({ balanceAfter: _, ...entry }: LedgerEntryInput & { balanceAfter: number }) => {
      entries.push(entry);
      return {} as LedgerEvent;
    },
  };
  return { ledger: ledger as unknown as LedgerRepository, entries };
}
