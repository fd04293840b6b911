import { type Database, type Db, sql, type Transaction } from '@vidgen/db';
import type { FailureReason, Stage, VideoStatus } from '@vidgen/workflows';
import type { Video, VideoEvent } from './video.types';
import { toVideo, VIDEO_COLUMNS, type VideoRow } from './video-row';
import { ownedVideo } from './video-scope';

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

/**
 * Events that keep the video as they left it (`record`): those a webhook delivery describes, so
 * a delivery tells of the video as it failed, completed, reached the gate or changed stage, not
 * of a run started since.
 */
const RECORDED_TYPES = new Set(['failed', 'completed', 'awaiting_approval', 'stage_started']);

/** The append-only event log of a video (part of the video aggregate; reached as `videos.events`). */
export class VideoEventRepository {
  constructor(private readonly db: Db) {}

  /** The log in order; `afterSeq`: only the events after that one (an event stream's resume). */
  async list(accountId: string, videoId: string, afterSeq = 0): Promise<VideoEvent[]> {
    const rows = await this.db
      .selectFrom('video_events')
      .select(['id', 'seq', 'type', 'status', 'stage', 'data', 'created_at'])
      .where('video_id', '=', videoId)
      .where('seq', '>', afterSeq)
      .where(ownedVideo(accountId, videoId))
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

  /** The newest event that set the video's status: its place in the log and its type. */
  async lastStatusChange(
    accountId: string,
    videoId: string,
  ): Promise<{ seq: number; type: string } | undefined> {
    return this.db
      .selectFrom('video_events')
      .select(['seq', 'type'])
      .where('video_id', '=', videoId)
      .where('status', 'is not', null)
      .where(ownedVideo(accountId, videoId))
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The event appended under `key`: when it was logged and its data. */
  private byKey(accountId: string, videoId: string, key: string, trx?: Tx) {
    return (trx ?? this.db)
      .selectFrom('video_events')
      .select(['created_at', 'data'])
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('key', '=', key)
      .executeTakeFirst();
  }

  /**
   * The video as the event under `key` left it (events of RECORDED_TYPES), or undefined for
   * other events, events logged before records were kept, and keys never logged.
   */
  async recordOf(accountId: string, videoId: string, key: string, trx?: Tx): Promise<Video | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('video_events')
      .select('record')
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.record ? toVideo(row.record as VideoRow) : undefined;
  }

  /** When the event with this key was logged, if it was. */
  async loggedAt(accountId: string, videoId: string, key: string, trx?: Tx): Promise<string | undefined> {
    return (await this.byKey(accountId, videoId, key, trx))?.created_at;
  }

  /** The data of the event appended under `key`, or undefined when there is none. */
  async data(
    accountId: string,
    videoId: string,
    key: string,
    trx?: Tx,
  ): Promise<Record<string, unknown> | undefined> {
    const row = await this.byKey(accountId, videoId, key, trx);
    return row && ((row.data ?? {}) as Record<string, unknown>);
  }

  /**
   * Locks the video row until the transaction ends (the lock `record` takes first): a check of
   * the log followed by a write under it cannot interleave with another such pair.
   */
  async lock(accountId: string, videoId: string, trx: Tx): Promise<void> {
    await trx
      .selectFrom('videos')
      .select('id')
      .where('id', '=', videoId)
      .where('account_id', '=', accountId)
      .forNoKeyUpdate()
      .executeTakeFirstOrThrow();
  }

  /**
   * The stage that the event under `key` ended, with its wall time so far: the stage whose
   * `stage_started` is the last of `boundaries` logged before that event. Undefined when the
   * event ended none (the one before it was already a completion, a failure or the gate).
   */
  async stageEndedBy(
    accountId: string,
    videoId: string,
    key: string,
    boundaries: readonly string[],
  ): Promise<{ stage: string; seconds: number } | undefined> {
    const row = await this.db
      .selectFrom('video_events')
      .select([
        'type',
        'stage',
        sql<string>`extract(epoch from clock_timestamp() - created_at)`.as('seconds'),
      ])
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('type', 'in', boundaries)
      .where('seq', '<', (eb) =>
        eb.selectFrom('video_events').select('seq').where('video_id', '=', videoId).where('key', '=', key),
      )
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row?.type !== 'stage_started' || !row.stage) return undefined;
    return { stage: row.stage, seconds: Number(row.seconds) };
  }

  /**
   * Narration credits spent on narration that was made for a script since replaced: what each
   * regenerate's `scenes_cleared` event found still held for narration after giving back what
   * was never made. They paid for narration that was spoken, so they back no later script's.
   */
  async narrationSpent(accountId: string, videoId: string, trx?: Tx): Promise<number> {
    const row = await (trx ?? this.db)
      .selectFrom('video_events')
      .select(sql<string | null>`sum((data->>'narration_credits_spent')::int)`.as('spent'))
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('type', '=', 'scenes_cleared')
      .executeTakeFirst();
    return Number(row?.spent ?? 0);
  }

  async has(accountId: string, videoId: string, key: string, trx?: Tx): Promise<boolean> {
    return (await this.loggedAt(accountId, videoId, key, trx)) !== undefined;
  }

  /**
   * Appends one event and projects it onto the video row, in one transaction. The video row
   * is locked first; an event whose key was already appended changes nothing, which makes
   * every activity that records progress safe to retry or replay. Returns false for a repeat.
   */
  async record(accountId: string, videoId: string, t: Transition, outer?: Tx): Promise<boolean> {
    const run = async (trx: Tx): Promise<boolean> => {
      await this.lock(accountId, videoId, trx);
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
      const s = t.set ?? {};
      const projected = await trx
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
        .returning(VIDEO_COLUMNS)
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
          record: RECORDED_TYPES.has(t.type) ? JSON.stringify(projected) : null,
        })
        .execute();
      return true;
    };
    return outer ? run(outer) : this.db.transaction().execute(run);
  }
}
