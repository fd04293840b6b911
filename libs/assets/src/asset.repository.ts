import {
  type AssetsTable,
  type AttributionRow,
  beforeCursor,
  type Database,
  type Db,
  type Selectable,
  sql,
  type Transaction,
} from '@vidgen/db';

export const ASSET_TYPES = ['video', 'audio', 'thumbnail', 'image', 'narration', 'subtitles'] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_SOURCES = ['upload', 'import', 'generated', 'stock'] as const;
export type AssetSource = (typeof ASSET_SOURCES)[number];

/** A third-party work in a file (docs/api.md#assets): artwork, a stock photo or clip. */
export type Attribution = AttributionRow;

export interface Asset {
  id: string;
  accountId: string;
  /** Null for an asset the client uploaded or imported: it belongs to the account. */
  videoId: string | null;
  source: AssetSource;
  name: string | null;
  sceneId: string | null;
  type: AssetType;
  path: string;
  mimeType: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  /** English names of what a picture shows; [] for nothing in particular; null when unknown. */
  depicts: string[] | null;
  /** Every third-party work in the file; [] when there is none. */
  attribution: Attribution[];
  createdAt: string;
}

export interface NewAsset {
  /** Given when the file was named after the asset before the row existed (a client's file). */
  id?: string;
  accountId: string;
  /** Null for a client's upload or import. */
  videoId: string | null;
  source?: AssetSource;
  name?: string | null;
  sceneId?: string | null;
  type: AssetType;
  path: string;
  mimeType: string;
  sizeBytes: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
  /** Default null: unknown (a client's file, or not a picture). */
  depicts?: string[] | null;
  /** Default []. */
  attribution?: Attribution[];
}

const COLUMNS = [
  'id',
  'account_id',
  'video_id',
  'scene_id',
  'type',
  'source',
  'name',
  'path',
  'mime_type',
  'size_bytes',
  'width',
  'height',
  'duration_seconds',
  'depicts',
  'attribution',
  'created_at',
] as const;
type Row = Pick<Selectable<AssetsTable>, (typeof COLUMNS)[number]>;

export class AssetRepository {
  constructor(private readonly db: Db) {}

  async insert(asset: NewAsset, trx?: Transaction<Database>): Promise<Asset> {
    const row = await (trx ?? this.db)
      .insertInto('assets')
      .values({
        ...(asset.id ? { id: asset.id } : {}),
        account_id: asset.accountId,
        source: asset.source ?? 'generated',
        name: asset.name ?? null,
        video_id: asset.videoId,
        scene_id: asset.sceneId ?? null,
        type: asset.type,
        path: asset.path,
        mime_type: asset.mimeType,
        size_bytes: asset.sizeBytes,
        width: asset.width ?? null,
        height: asset.height ?? null,
        duration_seconds: asset.durationSeconds ?? null,
        depicts: asset.depicts == null ? null : JSON.stringify(asset.depicts),
        attribution: JSON.stringify(asset.attribution ?? []),
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

  /**
   * The live assets among `ids`, their rows share-locked until the transaction ends: a video
   * that starts to use them holds them against a concurrent delete (which locks for update).
   */
  async findShared(
    accountId: string,
    ids: readonly string[],
    trx: Transaction<Database>,
  ): Promise<Map<string, Asset>> {
    if (ids.length === 0) return new Map();
    const rows = await trx
      .selectFrom('assets')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('id', 'in', [...new Set(ids)])
      .where('deleted_at', 'is', null)
      .forShare()
      .execute();
    return new Map(rows.map((r) => [r.id, toAsset(r)]));
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
    filter: {
      videoId?: string;
      type?: AssetType;
      source?: AssetSource;
      limit: number;
      cursor?: { createdAt: string; id: string };
    },
  ): Promise<Asset[]> {
    let q = this.db
      .selectFrom('assets')
      .select(COLUMNS)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null);
    if (filter.videoId) q = q.where('video_id', '=', filter.videoId);
    if (filter.type) q = q.where('type', '=', filter.type);
    if (filter.source) q = q.where('source', '=', filter.source);
    if (filter.cursor) q = q.where(beforeCursor(filter.cursor));
    const rows = await q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    return rows.map(toAsset);
  }

  async rename(accountId: string, id: string, name: string | null): Promise<Asset | undefined> {
    const row = await this.db
      .updateTable('assets')
      .set({ name, updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row && toAsset(row);
  }

  /**
   * Locks a live asset's row until the transaction ends, so a delete and a video that starts
   * to use the asset cannot pass each other; false when there is no such asset.
   */
  async lock(accountId: string, id: string, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx
      .selectFrom('assets')
      .select('id')
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
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

  /**
   * Marks the video's assets deleted, except those in `keep` (assets another video still
   * references); returns the storage keys of the ones it marked.
   */
  async markVideoDeleted(
    accountId: string,
    videoId: string,
    trx?: Transaction<Database>,
    keep: readonly string[] = [],
  ): Promise<string[]> {
    let q = (trx ?? this.db)
      .updateTable('assets')
      .set({ deleted_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('video_id', '=', videoId)
      .where('deleted_at', 'is', null);
    if (keep.length > 0) q = q.where('id', 'not in', [...keep]);
    const rows = await q.returning('path').execute();
    return rows.map((r) => r.path);
  }
}

function toAsset(row: Row): Asset {
  return {
    id: row.id,
    accountId: row.account_id,
    videoId: row.video_id,
    sceneId: row.scene_id,
    type: row.type,
    source: row.source,
    name: row.name,
    path: row.path,
    mimeType: row.mime_type,
    sizeBytes: Number(row.size_bytes),
    width: row.width,
    height: row.height,
    durationSeconds: row.duration_seconds,
    depicts: row.depicts,
    attribution: row.attribution,
    createdAt: row.created_at,
  };
}
