import { type Database, type Db, sql, type Transaction } from '@vidgen/db';
import { ownedVideo } from '../video-scope';

type Tx = Transaction<Database>;

/**
 * What the review gate shows beside the scenes: the video's draft (`videos.preview`) and the
 * contact sheet last drawn of its storyboard (`videos.storyboard_sheet`). A draft moves from
 * rendering to ready or failed only while it is the video's current one and still rendering, so
 * an edit that made it stale, or a newer draft, is never overwritten by an older one finishing.
 */
export class VideoPreviewRepository {
  constructor(private readonly db: Db) {}

  /** A new draft, rendering: it replaces whatever draft the video showed. */
  async begin(accountId: string, videoId: string, draft: string, trx: Tx): Promise<void> {
    await trx
      .updateTable('videos')
      .set({
        preview: sql<string>`jsonb_build_object('status', 'rendering', 'draft', ${draft}::text, 'asset_id', null,
          'created_at', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.US'))`,
        updated_at: sql`now()`,
      })
      .where('id', '=', videoId)
      .where('account_id', '=', accountId)
      .execute();
  }

  /** The draft `draft` ends: ready with its file, or failed. False when it is no longer the one rendering. */
  async finish(
    accountId: string,
    videoId: string,
    draft: string,
    outcome: { assetId: string } | 'failed',
    trx: Tx,
  ): Promise<boolean> {
    const next =
      outcome === 'failed'
        ? sql<string>`jsonb_set(preview, '{status}', '"failed"')`
        : sql<string>`jsonb_set(jsonb_set(preview, '{status}', '"ready"'), '{asset_id}', to_jsonb(${outcome.assetId}::text))`;
    const res = await trx
      .updateTable('videos')
      .set({ preview: next, updated_at: sql`now()` })
      .where('id', '=', videoId)
      .where('account_id', '=', accountId)
      .where(sql<boolean>`preview->>'draft' = ${draft} and preview->>'status' = 'rendering'`)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** The scenes changed: the draft no longer shows them. */
  async markStale(accountId: string, videoId: string, trx: Tx): Promise<void> {
    await trx
      .updateTable('videos')
      .set({ preview: sql<string>`jsonb_set(preview, '{status}', '"stale"')`, updated_at: sql`now()` })
      .where('id', '=', videoId)
      .where('account_id', '=', accountId)
      .where(sql<boolean>`preview->>'status' in ('ready', 'rendering')`)
      .execute();
  }

  /** The contact sheet drawn for the pictures `fingerprint` names, if it is the last one drawn. */
  async sheet(accountId: string, videoId: string, fingerprint: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('videos')
      .select(sql<string | null>`storyboard_sheet->>'asset_id'`.as('asset_id'))
      .where('id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where(sql<boolean>`storyboard_sheet->>'fingerprint' = ${fingerprint}`)
      .executeTakeFirst();
    return row?.asset_id ?? null;
  }

  async setSheet(accountId: string, videoId: string, fingerprint: string, assetId: string, trx?: Tx) {
    await (trx ?? this.db)
      .updateTable('videos')
      .set({ storyboard_sheet: JSON.stringify({ fingerprint, asset_id: assetId }) })
      .where('id', '=', videoId)
      .where('account_id', '=', accountId)
      .execute();
  }
}
