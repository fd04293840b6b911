import { MaxConcurrentVideosError } from '@vidgen/core';
import { beforeCursor, type Database, type Db, sql, type Transaction } from '@vidgen/db';
import { type FailureReason, IN_PROGRESS_STATUSES, type Stage, type VideoStatus } from '@vidgen/workflows';
import type { Scene, Video, VideoEvent, VideoOptions } from './video.types';

type Tx = Transaction<Database>;

export interface Transition {
  key: string;
  type: string;
  status?: VideoStatus;
  stage?: Stage | null;
  awaitingApproval?: boolean;
  failureReason?: FailureReason | null;
  data?: Record<string, unknown>;
  /** Further columns projected in the same transaction. */
  set?: Partial<{
    credits_charged_delta: number;
    credits_refunded_delta: number;
    video_asset_id: string | null;
    audio_asset_id: string | null;
    thumbnail_asset_id: string | null;
    subtitles_asset_id: string | null;
    scene_count: number;
  }>;
}

const VIDEO_COLUMNS = [
  'id',
  'account_id',
  'prompt',
  'status',
  'stage',
  'awaiting_approval',
  'scene_count',
  'options',
  'failure_reason',
  'credits_charged',
  'credits_refunded',
  'video_asset_id',
  'audio_asset_id',
  'thumbnail_asset_id',
  'subtitles_asset_id',
  'created_at',
  'updated_at',
] as const;

const SCENE_COLUMNS = [
  'id',
  'video_id',
  'position',
  'visual_description',
  'narration',
  'image_asset_id',
  'narration_asset_id',
  'narration_seconds',
  'created_at',
  'updated_at',
] as const;

export class VideoRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /**
   * Inserts a video and its first event, unless the account already has `limit` videos in
   * progress. The account row is locked for the count and the insert, so concurrent creates
   * on one account queue behind each other and no fourth video slips past a limit of three.
   */
  async createWithinLimit(
    input: { accountId: string; prompt: string; sceneCount: number; options: VideoOptions; faults: unknown },
    limit: number,
    /** Runs after the slot check, before the insert, in the same transaction (the daily quota). */
    beforeInsert?: (trx: Tx) => Promise<void>,
  ): Promise<Video> {
    return this.transaction(async (trx) => {
      await trx
        .selectFrom('accounts')
        .select('id')
        .where('id', '=', input.accountId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      const inProgress = await this.countInProgress(input.accountId, trx);
      if (inProgress >= limit) throw new MaxConcurrentVideosError(limit);
      await beforeInsert?.(trx);
      const row = await trx
        .insertInto('videos')
        .values({
          account_id: input.accountId,
          prompt: input.prompt,
          scene_count: input.sceneCount,
          options: JSON.stringify(input.options),
          faults: input.faults ? JSON.stringify(input.faults) : null,
          updated_at: sql`now()`,
        })
        .returning(VIDEO_COLUMNS)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('video_events')
        .values({
          video_id: row.id,
          seq: 1,
          key: 'created',
          type: 'created',
          status: 'pending',
          data: JSON.stringify({
            prompt: input.prompt,
            scene_count: input.sceneCount,
            options: input.options,
          }),
        })
        .execute();
      return toVideo(row);
    });
  }

  async countInProgress(accountId: string, trx?: Tx, excludeVideoId?: string): Promise<number> {
    let q = (trx ?? this.db)
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', IN_PROGRESS_STATUSES as VideoStatus[])
      // A video at the review gate waits for its owner, not for us: it holds no slot until approved.
      .where('awaiting_approval', '=', false);
    if (excludeVideoId) q = q.where('id', '!=', excludeVideoId);
    const { n } = await q.executeTakeFirstOrThrow();
    return Number(n);
  }

  async find(accountId: string, id: string): Promise<Video | undefined> {
    const row = await this.db
      .selectFrom('videos')
      .select(VIDEO_COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toVideo(row);
  }

  /** Worker-side lookup by id: the workflow that owns the video is the caller, not a tenant. */
  async findForWorkflow(id: string, trx?: Tx): Promise<(Video & { faults: unknown }) | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('videos')
      .select([...VIDEO_COLUMNS, 'faults'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { ...toVideo(row), faults: row.faults };
  }

  async list(
    accountId: string,
    filter: { limit: number; status?: VideoStatus; cursor?: { createdAt: string; id: string } },
  ): Promise<Video[]> {
    let q = this.db
      .selectFrom('videos')
      .select(VIDEO_COLUMNS)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null);
    if (filter.status) q = q.where('status', '=', filter.status);
    if (filter.cursor) q = q.where(beforeCursor(filter.cursor));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toVideo);
  }

  async scenes(videoId: string, trx?: Tx): Promise<Scene[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('scenes')
      .select(SCENE_COLUMNS)
      .where('video_id', '=', videoId)
      .orderBy('position')
      .execute();
    return rows.map(toScene);
  }

  /** Scene count and total narration characters of each video, in one grouped query. */
  async sceneTotals(
    videoIds: readonly string[],
  ): Promise<Map<string, { scenes: number; narrationChars: number }>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('scenes')
      .select([
        'video_id',
        sql<number>`count(*)::int`.as('scenes'),
        sql<number>`sum(length(narration))::int`.as('chars'),
      ])
      .where('video_id', 'in', videoIds)
      .groupBy('video_id')
      .execute();
    return new Map(rows.map((r) => [r.video_id, { scenes: r.scenes, narrationChars: r.chars }]));
  }

  async events(videoId: string): Promise<VideoEvent[]> {
    const rows = await this.db
      .selectFrom('video_events')
      .select(['id', 'seq', 'type', 'status', 'stage', 'data', 'created_at'])
      .where('video_id', '=', videoId)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      type: r.type,
      status: r.status,
      stage: r.stage,
      data: (r.data ?? {}) as Record<string, unknown>,
      createdAt: r.created_at,
    }));
  }

  /**
   * Appends one event and projects it onto the video row, in one transaction. The video row
   * is locked first; an event whose key was already appended changes nothing, which makes
   * every activity that records progress safe to retry or replay. Returns false for a repeat.
   */
  async recordTransition(videoId: string, t: Transition, outer?: Tx): Promise<boolean> {
    const run = async (trx: Tx): Promise<boolean> => {
      await trx
        .selectFrom('videos')
        .select('id')
        .where('id', '=', videoId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      const existing = await trx
        .selectFrom('video_events')
        .select('id')
        .where('video_id', '=', videoId)
        .where('key', '=', t.key)
        .executeTakeFirst();
      if (existing) return false;
      const { seq } = await trx
        .selectFrom('video_events')
        .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), eb.lit(0)).as('seq'))
        .where('video_id', '=', videoId)
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('video_events')
        .values({
          video_id: videoId,
          seq: Number(seq) + 1,
          key: t.key,
          type: t.type,
          status: t.status ?? null,
          stage: t.stage ?? null,
          data: JSON.stringify(
            t.failureReason ? { ...t.data, failure_reason: t.failureReason } : (t.data ?? {}),
          ),
        })
        .execute();
      const s = t.set ?? {};
      await trx
        .updateTable('videos')
        .set((eb) => ({
          updated_at: sql`now()`,
          ...(t.status !== undefined && { status: t.status }),
          ...(t.stage !== undefined && { stage: t.stage }),
          ...(t.awaitingApproval !== undefined && { awaiting_approval: t.awaitingApproval }),
          ...(t.failureReason !== undefined && {
            failure_reason: t.failureReason === null ? null : JSON.stringify(t.failureReason),
          }),
          ...(s.credits_charged_delta && {
            credits_charged: eb('credits_charged', '+', s.credits_charged_delta),
          }),
          ...(s.credits_refunded_delta && {
            credits_refunded: eb('credits_refunded', '+', s.credits_refunded_delta),
          }),
          ...(s.video_asset_id !== undefined && { video_asset_id: s.video_asset_id }),
          ...(s.audio_asset_id !== undefined && { audio_asset_id: s.audio_asset_id }),
          ...(s.thumbnail_asset_id !== undefined && { thumbnail_asset_id: s.thumbnail_asset_id }),
          ...(s.subtitles_asset_id !== undefined && { subtitles_asset_id: s.subtitles_asset_id }),
          ...(s.scene_count !== undefined && { scene_count: s.scene_count }),
        }))
        .where('id', '=', videoId)
        .execute();
      return true;
    };
    return outer ? run(outer) : this.transaction(run);
  }

  /** The data of the event appended under `key`, or undefined when there is none. */
  async eventData(videoId: string, key: string, trx?: Tx): Promise<Record<string, unknown> | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('video_events')
      .select('data')
      .where('video_id', '=', videoId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row && ((row.data ?? {}) as Record<string, unknown>);
  }

  async hasEvent(videoId: string, key: string, trx?: Tx): Promise<boolean> {
    const row = await (trx ?? this.db)
      .selectFrom('video_events')
      .select('id')
      .where('video_id', '=', videoId)
      .where('key', '=', key)
      .executeTakeFirst();
    return Boolean(row);
  }

  async replaceScenes(
    trx: Tx,
    videoId: string,
    scenes: { visual_description: string; narration: string }[],
  ): Promise<void> {
    await trx.deleteFrom('scenes').where('video_id', '=', videoId).execute();
    if (scenes.length === 0) return;
    await trx
      .insertInto('scenes')
      .values(
        scenes.map((s, i) => ({
          video_id: videoId,
          position: i + 1,
          visual_description: s.visual_description,
          narration: s.narration,
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }

  async setSceneImage(trx: Tx, sceneId: string, assetId: string): Promise<void> {
    await trx
      .updateTable('scenes')
      .set({ image_asset_id: assetId, updated_at: sql`now()` })
      .where('id', '=', sceneId)
      .execute();
  }

  async setSceneNarration(trx: Tx, sceneId: string, assetId: string, seconds: number): Promise<void> {
    await trx
      .updateTable('scenes')
      .set({ narration_asset_id: assetId, narration_seconds: seconds, updated_at: sql`now()` })
      .where('id', '=', sceneId)
      .execute();
  }

  async updateSceneText(
    trx: Tx,
    videoId: string,
    sceneId: string,
    patch: { visual_description?: string; narration?: string },
  ): Promise<boolean> {
    const res = await trx
      .updateTable('scenes')
      .set({ ...patch, updated_at: sql`now()` })
      .where('video_id', '=', videoId)
      .where('id', '=', sceneId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Inserts a scene at `position` (1-based; default last), shifting later scenes; returns its id. */
  async insertScene(
    trx: Tx,
    videoId: string,
    scene: { visual_description: string; narration: string },
    position?: number,
  ): Promise<string> {
    const existing = await this.scenes(videoId, trx);
    const at = Math.min(Math.max(position ?? existing.length + 1, 1), existing.length + 1);
    await this.renumber(
      trx,
      existing.filter((s) => s.position >= at).map((s) => ({ id: s.id, position: s.position + 1 })),
    );
    const row = await trx
      .insertInto('scenes')
      .values({
        video_id: videoId,
        position: at,
        visual_description: scene.visual_description,
        narration: scene.narration,
        updated_at: sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async deleteScene(trx: Tx, videoId: string, sceneId: string): Promise<boolean> {
    const res = await trx
      .deleteFrom('scenes')
      .where('video_id', '=', videoId)
      .where('id', '=', sceneId)
      .executeTakeFirst();
    if (res.numDeletedRows === 0n) return false;
    const rest = await this.scenes(videoId, trx);
    await this.renumber(
      trx,
      rest.map((s, i) => ({ id: s.id, position: i + 1 })),
    );
    return true;
  }

  private async renumber(trx: Tx, moves: { id: string; position: number }[]): Promise<void> {
    for (const m of moves) {
      await trx.updateTable('scenes').set({ position: m.position }).where('id', '=', m.id).execute();
    }
  }

  async markWorkflowStarted(videoId: string): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ workflow_started_at: new Date() })
      .where('id', '=', videoId)
      .where('workflow_started_at', 'is', null)
      .execute();
  }

  /** Videos whose row committed but whose workflow start was never confirmed (e.g. the api died in between). */
  async unstarted(
    olderThanSeconds: number,
  ): Promise<{ id: string; accountId: string; autoApprove: boolean; faults: unknown }[]> {
    const rows = await this.db
      .selectFrom('videos')
      .select(['id', 'account_id', 'options', 'faults'])
      .where('workflow_started_at', 'is', null)
      .where('deleted_at', 'is', null)
      .where('created_at', '<', new Date(Date.now() - olderThanSeconds * 1000).toISOString())
      .orderBy('created_at')
      .limit(100)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      autoApprove: (r.options as VideoOptions).auto_approve,
      faults: r.faults,
    }));
  }

  /** Removes every reference to a deleted asset from its video and scenes. */
  async detachAsset(trx: Tx, videoId: string, assetId: string): Promise<void> {
    for (const column of [
      'video_asset_id',
      'audio_asset_id',
      'thumbnail_asset_id',
      'subtitles_asset_id',
    ] as const) {
      await trx
        .updateTable('videos')
        .set({ [column]: null })
        .where('id', '=', videoId)
        .where(column, '=', assetId)
        .execute();
    }
    for (const column of ['image_asset_id', 'narration_asset_id'] as const) {
      await trx
        .updateTable('scenes')
        .set({ [column]: null })
        .where('video_id', '=', videoId)
        .where(column, '=', assetId)
        .execute();
    }
  }

  async softDelete(trx: Tx, videoId: string): Promise<void> {
    await trx
      .updateTable('videos')
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', videoId)
      .execute();
  }
}

type VideoRow = {
  id: string;
  account_id: string;
  prompt: string;
  status: VideoStatus;
  stage: string | null;
  awaiting_approval: boolean;
  scene_count: number;
  options: unknown;
  failure_reason: unknown;
  credits_charged: number;
  credits_refunded: number;
  video_asset_id: string | null;
  audio_asset_id: string | null;
  thumbnail_asset_id: string | null;
  subtitles_asset_id: string | null;
  created_at: string;
  updated_at: string;
};

function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    accountId: row.account_id,
    prompt: row.prompt,
    status: row.status,
    stage: row.stage as Stage | null,
    awaitingApproval: row.awaiting_approval,
    sceneCount: row.scene_count,
    options: row.options as VideoOptions,
    failureReason: (row.failure_reason as FailureReason | null) ?? null,
    creditsCharged: row.credits_charged,
    creditsRefunded: row.credits_refunded,
    videoAssetId: row.video_asset_id,
    audioAssetId: row.audio_asset_id,
    thumbnailAssetId: row.thumbnail_asset_id,
    subtitlesAssetId: row.subtitles_asset_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toScene(row: {
  id: string;
  video_id: string;
  position: number;
  visual_description: string;
  narration: string;
  image_asset_id: string | null;
  narration_asset_id: string | null;
  narration_seconds: number | null;
  created_at: string;
  updated_at: string;
}): Scene {
  return {
    id: row.id,
    videoId: row.video_id,
    position: row.position,
    visualDescription: row.visual_description,
    narration: row.narration,
    imageAssetId: row.image_asset_id,
    narrationAssetId: row.narration_asset_id,
    narrationSeconds: row.narration_seconds,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
