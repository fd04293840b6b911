import {
  type AttributionRow,
  type Database,
  type Db,
  type ScenesTable,
  type Selectable,
  sql,
  type Transaction,
  type Updateable,
} from '@vidgen/db';
import type { WordTiming } from '@vidgen/media';
import type { Scene } from './video.types';
import { ownedVideo } from './video-scope';

type Tx = Transaction<Database>;

const SCENE_COLUMNS = [
  'scenes.id',
  'scenes.video_id',
  'scenes.position',
  'scenes.visual_description',
  'scenes.narration',
  'scenes.image_asset_id',
  'scenes.narration_asset_id',
  'scenes.narration_seconds',
  'scenes.audio_asset_id',
  'scenes.words',
  'scenes.search_terms',
  'scenes.storyboard_asset_id',
  'scenes.created_at',
  'scenes.updated_at',
] as const;
type SceneRow = Selectable<ScenesTable> & {
  visual_type: string | null;
  image_depicts: string[] | null;
  image_attribution: AttributionRow[] | null;
};

export interface SceneText {
  visual_description: string;
  narration: string;
  /** An image the client supplied: the scene then needs no generated one. */
  image_asset_id?: string | null;
  /** The client's own recording: the scene's narration is then not synthesised. */
  audio_asset_id?: string | null;
  /** The client's words for a stock search. */
  search_terms?: string | null;
}

/** The scenes of a video, in order (part of the video aggregate; reached as `videos.scenes`). */
export class SceneRepository {
  constructor(private readonly db: Db) {}

  async list(accountId: string, videoId: string, trx?: Tx): Promise<Scene[]> {
    const rows = await (trx ?? this.db)
      .selectFrom('scenes')
      // What the scene's picture or clip is, shows, and whose works are in it, read with the scene.
      .leftJoin('assets', 'assets.id', 'scenes.image_asset_id')
      .select([
        ...SCENE_COLUMNS,
        'assets.type as visual_type',
        'assets.depicts as image_depicts',
        'assets.attribution as image_attribution',
      ])
      .where('scenes.video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .orderBy('scenes.position')
      .execute();
    return rows.map(toScene);
  }

  /**
   * Per video of the account, in one grouped query: the scenes that still need an image (a
   * scene with the client's image needs none) and the total narration characters.
   */
  async totals(
    accountId: string,
    videoIds: readonly string[],
  ): Promise<Map<string, { imagesToMake: number; narrationChars: number }>> {
    if (videoIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('scenes')
      .innerJoin('videos', 'videos.id', 'scenes.video_id')
      .select([
        'scenes.video_id',
        sql<number>`(count(*) filter (where scenes.image_asset_id is null))::int`.as('images'),
        // What a voice synthesises: not the scenes with the client's recording, nothing at all
        // for a video made with `narrate: false`.
        sql<number>`(coalesce(sum(length(scenes.narration)) filter (where scenes.audio_asset_id is null
          and coalesce((videos.options ->> 'narrate')::boolean, true)), 0))::int`.as('chars'),
      ])
      .where('videos.account_id', '=', accountId)
      .where('scenes.video_id', 'in', videoIds)
      .groupBy('scenes.video_id')
      .execute();
    return new Map(rows.map((r) => [r.video_id, { imagesToMake: r.images, narrationChars: r.chars }]));
  }

  async replace(accountId: string, videoId: string, scenes: readonly SceneText[], trx: Tx): Promise<void> {
    await trx
      .deleteFrom('scenes')
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .execute();
    if (scenes.length === 0) return;
    await trx
      .insertInto('scenes')
      .values(
        scenes.map((s, i) => ({
          video_id: videoId,
          position: i + 1,
          visual_description: s.visual_description,
          narration: s.narration,
          image_asset_id: s.image_asset_id ?? null,
          audio_asset_id: s.audio_asset_id ?? null,
          search_terms: s.search_terms ?? null,
          updated_at: sql`now()`,
        })),
      )
      .execute();
  }

  async setImage(
    accountId: string,
    videoId: string,
    sceneId: string,
    assetId: string,
    trx: Tx,
  ): Promise<void> {
    await this.update(accountId, videoId, sceneId, { image_asset_id: assetId }, trx);
  }

  /**
   * Whether every scene of the video has its narration (its length known): none of the video's
   * narration is left to make.
   */
  async allNarrated(accountId: string, videoId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('scenes')
      .select((eb) => eb.fn.countAll<string>().as('missing'))
      .where('scenes.video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('scenes.narration_seconds', 'is', null)
      .executeTakeFirst();
    return Number(row?.missing ?? 0) === 0;
  }

  async setNarration(
    accountId: string,
    videoId: string,
    sceneId: string,
    narration: { assetId: string; seconds: number; words: readonly WordTiming[] },
    trx: Tx,
  ): Promise<void> {
    const set = {
      narration_asset_id: narration.assetId,
      narration_seconds: narration.seconds,
      words: JSON.stringify(narration.words),
    };
    await this.update(accountId, videoId, sceneId, set, trx);
  }

  /** The scene's storyboard picture, made at the review gate. */
  async setStoryboard(accountId: string, videoId: string, sceneId: string, assetId: string, trx: Tx) {
    await this.update(accountId, videoId, sceneId, { storyboard_asset_id: assetId }, trx);
  }

  /**
   * Drops the scene's storyboard picture when its asset is deleted (a deletion that did not
   * detach it, as one before the asset counted as in use); true when it was dropped.
   */
  async dropDeletedStoryboard(
    accountId: string,
    videoId: string,
    sceneId: string,
    trx: Tx,
  ): Promise<boolean> {
    const dropped = await trx
      .updateTable('scenes')
      .set({ storyboard_asset_id: null })
      .where('id', '=', sceneId)
      .where(ownedVideo(accountId, videoId))
      .where('storyboard_asset_id', 'in', (eb) =>
        eb
          .selectFrom('assets')
          .select('id')
          .where('account_id', '=', accountId)
          .where('deleted_at', 'is not', null),
      )
      .executeTakeFirst();
    return Number(dropped.numUpdatedRows) > 0;
  }

  /**
   * Returns false when the video has no such scene. New words drop the narration made for the
   * old ones (a draft's), and new words or a new description drop the storyboard picture: each
   * is made again from the scene as it now reads.
   */
  updateText(
    accountId: string,
    videoId: string,
    sceneId: string,
    patch: Partial<SceneText>,
    trx: Tx,
  ): Promise<boolean> {
    const words = patch.narration !== undefined;
    const picture = words || patch.visual_description !== undefined;
    return this.update(
      accountId,
      videoId,
      sceneId,
      {
        ...patch,
        ...(words && { narration_asset_id: null, narration_seconds: null, words: null }),
        ...(picture && { storyboard_asset_id: null }),
      },
      trx,
    );
  }

  private async update(
    accountId: string,
    videoId: string,
    sceneId: string,
    set: Updateable<ScenesTable>,
    trx: Tx,
  ): Promise<boolean> {
    const res = await trx
      .updateTable('scenes')
      .set({ ...set, updated_at: sql`now()` })
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('id', '=', sceneId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  /** Inserts a scene at `position` (1-based; default last), shifting later scenes; returns its id. */
  async insert(
    accountId: string,
    videoId: string,
    scene: SceneText,
    position: number | undefined,
    trx: Tx,
  ): Promise<string> {
    const existing = await this.list(accountId, videoId, trx);
    const at = Math.min(Math.max(position ?? existing.length + 1, 1), existing.length + 1);
    await this.renumber(
      existing.filter((s) => s.position >= at).map((s) => ({ id: s.id, position: s.position + 1 })),
      trx,
    );
    const row = await trx
      .insertInto('scenes')
      .values({
        video_id: videoId,
        position: at,
        visual_description: scene.visual_description,
        narration: scene.narration,
        image_asset_id: scene.image_asset_id ?? null,
        search_terms: scene.search_terms ?? null,
        updated_at: sql`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async delete(accountId: string, videoId: string, sceneId: string, trx: Tx): Promise<boolean> {
    const res = await trx
      .deleteFrom('scenes')
      .where('video_id', '=', videoId)
      .where(ownedVideo(accountId, videoId))
      .where('id', '=', sceneId)
      .executeTakeFirst();
    if (res.numDeletedRows === 0n) return false;
    const rest = await this.list(accountId, videoId, trx);
    await this.renumber(
      rest.map((s, i) => ({ id: s.id, position: i + 1 })),
      trx,
    );
    return true;
  }

  /**
   * A client's deleted image leaves every scene of the account that showed it: such a scene
   * gets a generated picture if its video is produced again, and its record shows no image.
   */
  async detachClientImage(accountId: string, assetId: string, trx: Tx): Promise<void> {
    await trx
      .updateTable('scenes')
      .set({ image_asset_id: null, updated_at: sql`now()` })
      .where('image_asset_id', '=', assetId)
      .where('video_id', 'in', (eb) =>
        eb.selectFrom('videos').select('id').where('account_id', '=', accountId),
      )
      .execute();
    // A scene whose recording is deleted is narrated by the voice if it is produced again.
    await trx
      .updateTable('scenes')
      .set({ audio_asset_id: null, updated_at: sql`now()` })
      .where('audio_asset_id', '=', assetId)
      .where('video_id', 'in', (eb) =>
        eb.selectFrom('videos').select('id').where('account_id', '=', accountId),
      )
      .execute();
  }

  /** Removes every reference to a deleted asset from the video's scenes. */
  async detachAsset(accountId: string, videoId: string, assetId: string, trx: Tx): Promise<void> {
    for (const column of ['image_asset_id', 'narration_asset_id', 'storyboard_asset_id'] as const) {
      await trx
        .updateTable('scenes')
        .set({ [column]: null })
        .where('video_id', '=', videoId)
        .where(ownedVideo(accountId, videoId))
        .where(column, '=', assetId)
        .execute();
    }
  }

  private async renumber(moves: { id: string; position: number }[], trx: Tx): Promise<void> {
    for (const m of moves) {
      await trx.updateTable('scenes').set({ position: m.position }).where('id', '=', m.id).execute();
    }
  }
}

function toScene(row: SceneRow): Scene {
  return {
    id: row.id,
    videoId: row.video_id,
    position: row.position,
    visualDescription: row.visual_description,
    narration: row.narration,
    imageAssetId: row.image_asset_id,
    searchTerms: row.search_terms,
    visualType: row.visual_type === 'video' ? 'video' : row.image_asset_id ? 'image' : null,
    narrationAssetId: row.narration_asset_id,
    storyboardAssetId: row.storyboard_asset_id,
    narrationSeconds: row.narration_seconds,
    audioAssetId: row.audio_asset_id,
    words: (row.words as WordTiming[] | null) ?? null,
    imageDepicts: row.image_asset_id ? row.image_depicts : null,
    imageAttribution: row.image_attribution ?? [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
