import { type Db, sql } from '@vidgen/db';
import { type FailureReason, IN_PROGRESS_STATUSES } from '@vidgen/workflows';

/** One row of the operator lists (`vidgen ops failed|stuck`), across every account. */
export interface OpsVideo {
  id: string;
  accountId: string;
  status: string;
  stage: string | null;
  failureReason: FailureReason | null;
  /** Raw timestamptz text, as every repository returns it. */
  updatedAt: string;
}

export interface OpsPage {
  videos: OpsVideo[];
  /** Pass back as `after` for the next page; undefined on the last one. */
  next: { updatedAt: string; id: string } | undefined;
}

/**
 * Operator queries over all accounts. Deliberately outside VideoRepository, whose every query
 * is scoped to one account: only the admin CLI reaches this. Pages run oldest change first with
 * a keyset on (updated_at, id), so a long list never loads at once nor skips a row.
 */
export class VideoOpsRepository {
  constructor(private readonly db: Db) {}

  /** Videos that failed (their last change is the failure) at or after `sinceSeconds` ago. */
  failed(
    filter: { sinceSeconds: number; code?: string },
    page: { after?: OpsPage['next']; limit: number },
  ): Promise<OpsPage> {
    return this.page(page, (q) =>
      q
        .where('status', '=', 'failed')
        .where('updated_at', '>=', sql<string>`now() - make_interval(secs => ${filter.sinceSeconds})`)
        .$if(filter.code !== undefined, (w) =>
          w.where(sql<string>`failure_reason->>'code'`, '=', filter.code ?? ''),
        ),
    );
  }

  /**
   * Videos in progress (queued or in a stage; not waiting at the review gate) whose last
   * change is older than `olderThanSeconds`: each stage logs its start and end, so a video
   * that has not changed for long is stuck or its worker is.
   */
  stuck(
    filter: { olderThanSeconds: number },
    page: { after?: OpsPage['next']; limit: number },
  ): Promise<OpsPage> {
    return this.page(page, (q) =>
      q
        .where('awaiting_approval', '=', false)
        .where('status', 'in', [...IN_PROGRESS_STATUSES])
        .where('updated_at', '<', sql<string>`now() - make_interval(secs => ${filter.olderThanSeconds})`),
    );
  }

  private async page(
    page: { after?: OpsPage['next']; limit: number },
    where: (q: ReturnType<VideoOpsRepository['base']>) => ReturnType<VideoOpsRepository['base']>,
  ): Promise<OpsPage> {
    let q = where(this.base());
    const after = page.after;
    if (after) {
      q = q.where((eb) =>
        eb.or([
          eb('updated_at', '>', after.updatedAt),
          eb.and([eb('updated_at', '=', after.updatedAt), eb('id', '>', after.id)]),
        ]),
      );
    }
    const rows = await q.orderBy('updated_at').orderBy('id').limit(page.limit).execute();
    const videos = rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      status: r.status,
      stage: r.stage,
      failureReason: (r.failure_reason ?? null) as FailureReason | null,
      updatedAt: r.updated_at,
    }));
    const last = videos.at(-1);
    return {
      videos,
      next: last && rows.length === page.limit ? { updatedAt: last.updatedAt, id: last.id } : undefined,
    };
  }

  private base() {
    return this.db
      .selectFrom('videos')
      .select(['id', 'account_id', 'status', 'stage', 'failure_reason', 'updated_at'])
      .where('deleted_at', 'is', null);
  }
}
