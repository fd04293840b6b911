import { beforeCursor, type Database, type Db, prepared, sql, type Transaction } from '@vidgen/db';
import type { RecordWarning, ScriptSource } from '@vidgen/media';
import { eventKeys, IN_PROGRESS_STATUSES, STAGES, type VideoStatus } from '@vidgen/workflows';
import { type CreateKey, keyColumns } from './create-key';
import { VideoPreviewRepository } from './gate/video-preview.repository';
import { SceneRepository } from './scene.repository';
import type { ClientScene, Video, VideoOptions } from './video.types';
import { VideoEventRepository } from './video-event.repository';
import { toVideo, VIDEO_COLUMNS } from './video-row';

type Tx = Transaction<Database>;

/** A video as the worker loads it: the workflow that owns it is the caller, not a tenant. */
export type WorkflowVideo = Video & {
  faults: unknown;
  clientScenes: ClientScene[] | null;
  /** A translation's source language: its client scenes are translated from it, not taken as they are. */
  sourceLanguage: string | null;
};

export interface NewVideo {
  prompt: string;
  sceneCount: number;
  options: VideoOptions;
  faults: unknown;
  clientScenes?: ClientScene[];
  /** The video this one translates, whose scenes (`clientScenes`) are in `from`. */
  translation?: { sourceVideoId: string; from: string };
  idempotency?: CreateKey;
  /** The task queue its workflow is started on (0086). */
  taskQueue?: string;
}

/**
 * The video aggregate: the video row here, its scenes (`videos.scenes`) and its event log
 * (`videos.events`) in their own classes. Every query on the account's data takes the account
 * id first and the transaction last.
 */
export class VideoRepository {
  readonly scenes: SceneRepository;
  readonly events: VideoEventRepository;
  readonly previews: VideoPreviewRepository;

  /** The api's hot reads, compiled once (`prepared`). */
  private readonly findOne;
  /** Pages by shape (pageQuery), compiled on first use. */
  private readonly pages: ReturnType<VideoRepository['pageQuery']>[] = [];

  constructor(readonly db: Db) {
    this.scenes = new SceneRepository(db);
    this.events = new VideoEventRepository(db);
    this.previews = new VideoPreviewRepository(db);
    this.findOne = prepared(db, (q, accountId: string, id: string) =>
      q
        .selectFrom('videos')
        .select(VIDEO_COLUMNS)
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .where('deleted_at', 'is', null),
    );
  }

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  /** Inserts a video and its first event. The concurrency limit is the caller's (VideoSlots). */
  async create(accountId: string, input: NewVideo, trx?: Tx): Promise<Video> {
    const run = async (tx: Tx) => {
      const row = await tx
        .insertInto('videos')
        .values({
          account_id: accountId,
          prompt: input.prompt,
          scene_count: input.sceneCount,
          options: JSON.stringify(input.options),
          faults: input.faults ? JSON.stringify(input.faults) : null,
          client_scenes: input.clientScenes ? JSON.stringify(input.clientScenes) : null,
          // A translation's script is the model's, recorded when it is written.
          script_source: input.clientScenes && !input.translation ? 'client' : null,
          source_video_id: input.translation?.sourceVideoId ?? null,
          source_language: input.translation?.from ?? null,
          ...keyColumns(input.idempotency),
          task_queue: input.taskQueue ?? null,
          updated_at: sql`now()`,
        })
        .returning(VIDEO_COLUMNS)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('video_events')
        .values({
          video_id: row.id,
          seq: 1,
          key: eventKeys.created,
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
    };
    return trx ? run(trx) : this.transaction(run);
  }

  /** Videos of the account that hold a concurrency slot. */
  /** Who wrote the script just written and what the record warns of; a newer script replaces both. */
  async recordScript(
    videoId: string,
    script: { source: ScriptSource; warnings: RecordWarning[] },
  ): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({
        script_source: script.source,
        warnings: JSON.stringify(script.warnings),
        updated_at: sql`now()`,
      })
      .where('id', '=', videoId)
      .execute();
  }

  /** The account's videos in progress. */
  async countInProgress(accountId: string, opts: { excludeVideoId?: string }, trx?: Tx) {
    let q = (trx ?? this.db)
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      // A video at the review gate is `pending`, which the interface counts as in progress: it
      // holds its slot until it is deleted or fails
      // (docs/decisions/0036-review-fixes-slots-assets-credits.md).
      .where('status', 'in', IN_PROGRESS_STATUSES as VideoStatus[]);
    if (opts.excludeVideoId) q = q.where('id', '!=', opts.excludeVideoId);
    const { n } = await q.executeTakeFirstOrThrow();
    return Number(n);
  }

  /**
   * Where a video stands among its account's videos under way (scripting, refining or in
   * production; not those at the gate): `ahead`, the ones created before it; `others`, all but it,
   * older or newer. The media queue's rank of its run (media-priority.ts).
   */
  async placeInAccount(accountId: string, videoId: string): Promise<{ ahead: number; others: number }> {
    const row = await this.db
      .selectFrom('videos')
      .select([
        sql<string>`count(*) filter (where created_at < (select created_at from videos where id = ${videoId}))`.as(
          'ahead',
        ),
        sql<string>`count(*) filter (where id <> ${videoId})`.as('others'),
      ])
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .where('status', 'in', STAGES as VideoStatus[])
      .executeTakeFirstOrThrow();
    return { ahead: Number(row.ahead), others: Number(row.others) };
  }

  /**
   * Whether any live video of the account references an asset
   * (docs/decisions/0036-review-fixes-slots-assets-credits.md): as a scene's image or narration
   * (generated or the client's), as an image of the client's script before its scenes exist
   * (`client_scenes`), or as its music (`options.music.asset_id`). Whatever the video's state: a
   * failed video's retry and a video at the gate need them as much as a running one.
   */
  async usesAsset(accountId: string, assetId: string, trx?: Tx): Promise<boolean> {
    const row = await (trx ?? this.db)
      .selectFrom('videos as v')
      .select('v.id')
      .where('v.account_id', '=', accountId)
      .where('v.deleted_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb(sql<string>`v.options -> 'music' ->> 'asset_id'`, '=', assetId),
          sql<boolean>`exists (select 1 from jsonb_array_elements(coalesce(v.client_scenes, '[]'::jsonb)) as cs(scene)
            where cs.scene ->> 'image_asset_id' = ${assetId} or cs.scene ->> 'audio_asset_id' = ${assetId})`,
          eb.exists(
            eb
              .selectFrom('scenes as s')
              .select('s.id')
              .whereRef('s.video_id', '=', 'v.id')
              .where((w) =>
                w.or([
                  w('s.image_asset_id', '=', assetId),
                  w('s.narration_asset_id', '=', assetId),
                  w('s.audio_asset_id', '=', assetId),
                ]),
              ),
          ),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * The live assets a video made that another live video of the account references (as in
   * usesAsset): purging or regenerating the video that made them must leave them in place.
   */
  async assetsUsedElsewhere(accountId: string, videoId: string, trx?: Tx): Promise<string[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('assets as a')
      .select('a.id')
      .where('a.account_id', '=', accountId)
      .where('a.video_id', '=', videoId)
      .where('a.deleted_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('videos as v')
            .select('v.id')
            .where('v.account_id', '=', accountId)
            .where('v.id', '!=', videoId)
            .where('v.deleted_at', 'is', null)
            .where((w) =>
              w.or([
                w(sql<string>`v.options -> 'music' ->> 'asset_id'`, '=', sql<string>`a.id::text`),
                sql<boolean>`exists (select 1 from jsonb_array_elements(coalesce(v.client_scenes, '[]'::jsonb)) as cs(scene)
                  where cs.scene ->> 'image_asset_id' = a.id::text)`,
                w.exists(
                  w
                    .selectFrom('scenes as s')
                    .select('s.id')
                    .whereRef('s.video_id', '=', 'v.id')
                    .where((x) =>
                      x.or([
                        x('s.image_asset_id', '=', x.ref('a.id')),
                        x('s.narration_asset_id', '=', x.ref('a.id')),
                      ]),
                    ),
                ),
              ]),
            ),
        ),
      )
      .execute();
    return rows.map((r) => r.id);
  }

  async find(accountId: string, id: string): Promise<Video | undefined> {
    const [row] = await this.findOne(accountId, id);
    return row && toVideo(row);
  }

  /**
   * Worker-side lookup by id: the workflow that owns the video is the caller, not a tenant.
   * The video's `accountId` is what every later call on its data passes.
   */
  async findForWorkflow(videoId: string, trx?: Tx): Promise<WorkflowVideo | undefined> {
    const row = await (trx ?? this.db)
      .selectFrom('videos')
      .select([...VIDEO_COLUMNS, 'faults', 'client_scenes', 'source_language'])
      .where('id', '=', videoId)
      .executeTakeFirst();
    return (
      row && {
        ...toVideo(row),
        faults: row.faults,
        clientScenes: (row.client_scenes as ClientScene[] | null) ?? null,
        sourceLanguage: row.source_language,
      }
    );
  }

  async list(
    accountId: string,
    filter: { limit: number; status?: VideoStatus; cursor?: { createdAt: string; id: string } },
  ): Promise<Video[]> {
    const shape = (filter.status ? 1 : 0) | (filter.cursor ? 2 : 0);
    this.pages[shape] ??= this.pageQuery(shape);
    const rows = await this.pages[shape](
      accountId,
      filter.status,
      filter.cursor?.createdAt,
      filter.cursor?.id,
      filter.limit,
    );
    return rows.map(toVideo);
  }

  /** A page of an account's videos, newest first; `shape` bit 1 adds a status filter, bit 2 a cursor. */
  private pageQuery(shape: number) {
    return prepared(
      this.db,
      (
        db,
        accountId: string,
        status: VideoStatus | undefined,
        createdAt: string | undefined,
        id: string | undefined,
        limit: number,
      ) => {
        let q = db
          .selectFrom('videos')
          .select(VIDEO_COLUMNS)
          .where('account_id', '=', accountId)
          .where('deleted_at', 'is', null);
        if (shape & 1) q = q.where('status', '=', status!);
        if (shape & 2) q = q.where(beforeCursor({ createdAt: createdAt!, id: id! }));
        return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
      },
    );
  }

  async markWorkflowStarted(accountId: string, videoId: string): Promise<void> {
    await this.db
      .updateTable('videos')
      .set({ workflow_started_at: new Date() })
      .where('account_id', '=', accountId)
      .where('id', '=', videoId)
      .where('workflow_started_at', 'is', null)
      .execute();
  }

  /**
   * Videos whose row committed but whose workflow start was never confirmed (e.g. the api died in
   * between), with the task queue it goes to (null: a row made before queues were written).
   */
  async unstarted(
    olderThanSeconds: number,
  ): Promise<
    { id: string; accountId: string; autoApprove: boolean; faults: unknown; taskQueue: string | null }[]
  > {
    const rows = await this.db
      .selectFrom('videos')
      .select(['id', 'account_id', 'options', 'faults', 'task_queue'])
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
      taskQueue: r.task_queue,
    }));
  }

  /** Removes every reference to a deleted asset from its video and scenes. */
  async detachAsset(accountId: string, videoId: string, assetId: string, trx: Tx): Promise<void> {
    for (const column of [
      'video_asset_id',
      'audio_asset_id',
      'thumbnail_asset_id',
      'subtitles_asset_id',
    ] as const) {
      await trx
        .updateTable('videos')
        .set({ [column]: null })
        .where('account_id', '=', accountId)
        .where('id', '=', videoId)
        .where(column, '=', assetId)
        .execute();
    }
    await this.scenes.detachAsset(accountId, videoId, assetId, trx);
  }

  async softDelete(accountId: string, videoId: string, trx: Tx): Promise<void> {
    await trx
      .updateTable('videos')
      .set({ deleted_at: sql`now()`, updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', videoId)
      .execute();
  }
}
