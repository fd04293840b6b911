import { type Database, type Db, sql, type Transaction } from '@vidgen/db';
import { type CreateKey, keyColumns } from '../create-key';
import type { NewVideo } from '../video.repository';

type Tx = Transaction<Database>;

export type BatchStatus = 'running' | 'completed' | 'cancelled';
export type BatchRowStatus = 'waiting' | 'in_progress' | 'completed' | 'failed' | 'cancelled';

export interface BatchCounts {
  total: number;
  waiting: number;
  inProgress: number;
  completed: number;
  failed: number;
  cancelled: number;
}

export interface Batch extends BatchCounts {
  id: string;
  accountId: string;
  templateId: string;
  status: BatchStatus;
  createdAt: string;
  completedAt: string | null;
}

export interface BatchRow {
  index: number;
  status: BatchRowStatus;
  videoId: string | null;
  variables: Record<string, string>;
  metadata: unknown;
}

export interface NewBatchRow {
  variables: Record<string, string>;
  metadata: unknown;
  /** The row's video as it will be stored (VideoService.prepare). */
  video: NewVideo;
}

/**
 * A row's status, derived from its video: a row holds no status of its own but `cancelled`
 * (a row cancelled before it started). A video deleted before it completed counts as failed.
 */
const ROW_STATUS = sql<BatchRowStatus>`case
  when r.video_id is null then (case when r.cancelled then 'cancelled' else 'waiting' end)
  when v.status = 'completed' then 'completed'
  when v.status = 'failed' or v.deleted_at is not null then 'failed'
  else 'in_progress' end`;

interface CountRow {
  total: number;
  waiting: number;
  in_progress: number;
  completed: number;
  failed: number;
  cancelled: number;
}

function toCounts(c: CountRow | undefined): BatchCounts {
  return {
    total: Number(c?.total ?? 0),
    waiting: Number(c?.waiting ?? 0),
    inProgress: Number(c?.in_progress ?? 0),
    completed: Number(c?.completed ?? 0),
    failed: Number(c?.failed ?? 0),
    cancelled: Number(c?.cancelled ?? 0),
  };
}

/**
 * Batches and their rows. Every query takes the account id first (rows are reached through
 * their batch, which names the account) and the transaction last.
 */
export class BatchRepository {
  constructor(readonly db: Db) {}

  transaction<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async create(
    accountId: string,
    templateId: string,
    rows: readonly NewBatchRow[],
    trx: Tx,
    idempotency?: CreateKey,
    /** The task queue its workflow is started on (0086). */
    taskQueue?: string,
  ): Promise<string> {
    const { id } = await trx
      .insertInto('batches')
      .values({
        account_id: accountId,
        template_id: templateId,
        total: rows.length,
        ...keyColumns(idempotency),
        task_queue: taskQueue ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // In slices: PostgreSQL takes at most 65535 parameters in one statement.
    for (let start = 0; start < rows.length; start += 1000) {
      await trx
        .insertInto('batch_rows')
        .values(
          rows.slice(start, start + 1000).map((r, i) => ({
            batch_id: id,
            index: start + i,
            variables: JSON.stringify(r.variables),
            metadata: r.metadata === undefined ? null : JSON.stringify(r.metadata),
            request: JSON.stringify(r.video),
          })),
        )
        .execute();
    }
    return id;
  }

  async find(accountId: string, id: string, trx?: Tx): Promise<Batch | undefined> {
    return (await this.select(accountId, { id }, trx))[0];
  }

  /** Newest first. */
  async list(
    accountId: string,
    q: { limit: number; cursor?: { createdAt: string; id: string } },
  ): Promise<Batch[]> {
    return this.select(accountId, { limit: q.limit, cursor: q.cursor });
  }

  private async select(
    accountId: string,
    q: { id?: string; limit?: number; cursor?: { createdAt: string; id: string } },
    trx?: Tx,
  ): Promise<Batch[]> {
    const rows = await sql<{
      id: string;
      account_id: string;
      template_id: string;
      status: BatchStatus;
      created_at: string;
      completed_at: string | null;
      counts: CountRow;
    }>`
      select b.id, b.account_id, b.template_id, b.status, b.created_at, b.completed_at,
        (select json_build_object(
            'total', count(*),
            'waiting', count(*) filter (where s.status = 'waiting'),
            'in_progress', count(*) filter (where s.status = 'in_progress'),
            'completed', count(*) filter (where s.status = 'completed'),
            'failed', count(*) filter (where s.status = 'failed'),
            'cancelled', count(*) filter (where s.status = 'cancelled'))
          from (select ${ROW_STATUS} as status from batch_rows r left join videos v on v.id = r.video_id
                where r.batch_id = b.id) s) as counts
      from batches b
      where b.account_id = ${accountId}
        ${q.id ? sql`and b.id = ${q.id}` : sql``}
        ${q.cursor ? sql`and (b.created_at, b.id) < (${q.cursor.createdAt}::timestamptz, ${q.cursor.id}::uuid)` : sql``}
      order by b.created_at desc, b.id desc
      ${q.limit ? sql`limit ${q.limit}` : sql``}`.execute(trx ?? this.db);
    return rows.rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      templateId: r.template_id,
      status: r.status,
      createdAt: r.created_at,
      completedAt: r.completed_at,
      ...toCounts(r.counts),
    }));
  }

  /** A page of the batch's rows in order of index, after the row `after`. */
  async rows(accountId: string, batchId: string, q: { limit: number; after?: number }): Promise<BatchRow[]> {
    const rows = await sql<{
      index: number;
      status: BatchRowStatus;
      video_id: string | null;
      variables: Record<string, string>;
      metadata: unknown;
    }>`
      select r.index, ${ROW_STATUS} as status, r.video_id, r.variables, r.metadata
      from batch_rows r
      join batches b on b.id = r.batch_id and b.account_id = ${accountId}
      left join videos v on v.id = r.video_id
      where r.batch_id = ${batchId} and r.index > ${q.after ?? -1}
      order by r.index
      limit ${q.limit}`.execute(this.db);
    return rows.rows.map((r) => ({
      index: r.index,
      status: r.status,
      videoId: r.video_id,
      variables: r.variables,
      metadata: r.metadata,
    }));
  }

  /** The batch's status, its row locked until the transaction ends: looks and cancels queue behind each other. */
  async lockStatus(accountId: string, batchId: string, trx: Tx): Promise<BatchStatus | undefined> {
    const row = await trx
      .selectFrom('batches')
      .select('status')
      .where('account_id', '=', accountId)
      .where('id', '=', batchId)
      .forUpdate()
      .executeTakeFirst();
    return row?.status;
  }

  /** The next rows not started and not cancelled, in order of index. */
  async waitingRows(
    accountId: string,
    batchId: string,
    limit: number,
    trx: Tx,
  ): Promise<{ index: number; video: NewVideo }[]> {
    const rows = await trx
      .selectFrom('batch_rows as r')
      .innerJoin('batches as b', 'b.id', 'r.batch_id')
      .select(['r.index', 'r.request'])
      .where('b.account_id', '=', accountId)
      .where('r.batch_id', '=', batchId)
      .where('r.video_id', 'is', null)
      .where('r.cancelled', '=', false)
      .orderBy('r.index')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ index: r.index, video: r.request as unknown as NewVideo }));
  }

  /** Records the row's video; only a row without one (a second look cannot give it another). */
  async setVideo(
    accountId: string,
    batchId: string,
    index: number,
    videoId: string,
    trx: Tx,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('batch_rows')
      .set({ video_id: videoId, started_at: sql`now()` })
      .where('batch_id', '=', batchId)
      .where('index', '=', index)
      .where('video_id', 'is', null)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('batches').select('id').where('id', '=', batchId).where('account_id', '=', accountId),
        ),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  async counts(accountId: string, batchId: string, trx?: Tx): Promise<BatchCounts> {
    return (await this.find(accountId, batchId, trx)) ?? toCounts(undefined);
  }

  async setStatus(accountId: string, batchId: string, status: BatchStatus, trx: Tx): Promise<void> {
    await trx
      .updateTable('batches')
      .set({ status, ...(status === 'completed' && { completed_at: sql`now()` }) })
      .where('account_id', '=', accountId)
      .where('id', '=', batchId)
      .execute();
  }

  /**
   * Rows not started are cancelled; rows started go on. Returns how many rows this call
   * cancelled: each row turns once, so what they took is given back once.
   */
  async cancelWaiting(accountId: string, batchId: string, trx: Tx): Promise<number> {
    const res = await trx
      .updateTable('batch_rows')
      .set({ cancelled: true })
      .where('batch_id', '=', batchId)
      .where('video_id', 'is', null)
      .where('cancelled', '=', false)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('batches').select('id').where('id', '=', batchId).where('account_id', '=', accountId),
        ),
      )
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** The batch's videos whose workflow start is not confirmed yet. */
  async unstartedVideos(
    accountId: string,
    batchId: string,
  ): Promise<{ id: string; autoApprove: boolean; faults: unknown }[]> {
    const rows = await this.db
      .selectFrom('batch_rows as r')
      .innerJoin('videos as v', 'v.id', 'r.video_id')
      .select(['v.id', 'v.options', 'v.faults'])
      .where('v.account_id', '=', accountId)
      .where('r.batch_id', '=', batchId)
      .where('v.workflow_started_at', 'is', null)
      .where('v.deleted_at', 'is', null)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      autoApprove: (r.options as { auto_approve?: boolean }).auto_approve === true,
      faults: r.faults,
    }));
  }

  async markWorkflowStarted(accountId: string, batchId: string): Promise<void> {
    await this.db
      .updateTable('batches')
      .set({ workflow_started_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', batchId)
      .where('workflow_started_at', 'is', null)
      .execute();
  }

  /**
   * Running batches whose workflow start was never confirmed (the api died in between), with the
   * task queue it goes to (null: a row made before queues were written).
   */
  async unstarted(
    olderThanSeconds: number,
  ): Promise<{ id: string; accountId: string; taskQueue: string | null }[]> {
    const rows = await this.db
      .selectFrom('batches')
      .select(['id', 'account_id', 'task_queue'])
      .where('workflow_started_at', 'is', null)
      .where('status', '=', 'running')
      .where('created_at', '<', new Date(Date.now() - olderThanSeconds * 1000).toISOString())
      .orderBy('created_at')
      .limit(100)
      .execute();
    return rows.map((r) => ({ id: r.id, accountId: r.account_id, taskQueue: r.task_queue }));
  }
}
