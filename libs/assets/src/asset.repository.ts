import {
  type AssetsTable,
  beforeCursor,
  type Database,
  type Db,
  type Selectable,
  sql,
  type Transaction,
} from '@vidgen/db';

export const ASSET_TYPES = ['video', 'audio', 'thumbnail', 'image', 'narration', 'subtitles'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export interface Asset {
  id: string;
  accountId: string;
  videoId: string;
  sceneId: string | null;
  type: AssetType;
  path: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  createdAt: string;
}

export interface NewAsset {
  accountId: string;
  videoId: string;
  sceneId?: string | null;
  type: AssetType;
  path: string;
  mimeType: string;
  sizeBytes: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

const COLUMNS = [
  'id',
  'account_id',
  'video_id',
  'scene_id',
  'type',
  'path',
  'mime_type',
  'size_bytes',
  'width',
  'height',
  'duration_seconds',
  'created_at',
] as const;
type Row = Pick<Selectable<AssetsTable>, (typeof COLUMNS)[number]>;

export class AssetRepository {
  constructor(private readonly db: Db) {}

  async insert(asset: NewAsset, trx?: Transaction<Database>): Promise<Asset> {
    const row = await (trx ?? this.db)
      .insertInto('assets')
      .values({
        account_id: asset.accountId,
        video_id: asset.videoId,
        scene_id: asset.sceneId ?? null,
        type: asset.type,
        path: asset.path,
        mime_type: asset.mimeType,
        size_bytes: asset.sizeBytes,
        width: asset.width ?? null,
        height: asset.height ?? null,
        duration_seconds: asset.durationSeconds ?? null,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAsset(row);
  }

  async find(accountId: string, id: string): Promise<Asset | undefined> {
    const row = await this.db
      .selectFrom('assets')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toAsset(row);
  }

  /** For signed URLs: the signature proves the caller was given this asset, so no account is needed. */
  async findForSignedUrl(id: string): Promise<Asset | undefined> {
    const row = await this.db
      .selectFrom('assets')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && toAsset(row);
  }

  async list(
    accountId: string,
    filter: { videoId?: string; type?: AssetType; limit: number; cursor?: { createdAt: string; id: string } },
  ): Promise<Asset[]> {
    let q = this.db
      .selectFrom('assets')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null);
    if (filter.videoId) q = q.where('video_id', '=', filter.videoId);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.cursor) q = q.where(beforeCursor(filter.cursor));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toAsset);
  }

  async markDeleted(accountId: string, id: string, trx?: Transaction<Database>): Promise<boolean> {
    const res = await (trx ?? this.db)
      .updateTable('assets')
      .set({ deleted_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async markVideoDeleted(accountId: string, videoId: string, trx?: Transaction<Database>): Promise<void> {
    await (trx ?? this.db)
      .updateTable('assets')
      .set({ deleted_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('video_id', '=', videoId)
      .where('deleted_at', 'is', null)
      .execute();
  }
}

function toAsset(row: Row): Asset {
  return {
    id: row.id,
    accountId: row.account_id,
    videoId: row.video_id,
    sceneId: row.scene_id,
    type: row.type,
    path: row.path,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    width: row.width,
    height: row.height,
    durationSeconds: row.duration_seconds,
    createdAt: row.created_at,
  };
}
