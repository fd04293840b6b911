import type { AssetRepository, AssetStorage } from '@vidgen/assets';
import {
  decodeCursor,
  InvalidStateError,
  NotFoundError,
  type Page,
  pageOf,
  ValidationError,
} from '@vidgen/core';
import { type Database, lockForUpdate, sql, type Transaction } from '@vidgen/db';
import { type ChargeService, productionCreditsFor } from '@vidgen/ledger';
import type { VoiceCatalogue } from '@vidgen/media';
import type { Faults, SceneEdit, VideoStatus } from '@vidgen/workflows';
import { STAGES } from '@vidgen/workflows';
import { z } from 'zod';
import type { BrandService } from './brands/brand.service';
import { type AssetReference, assertAssetReferences } from './client-assets';
import { type CreateKey, createdUnderKey } from './create-key';
import { priceNetOfGateCharges } from './gate/gate-estimate';
import { type Transcript, toTranscript } from './transcript';
import type { UnmadeRefunder } from './unmade-refund';
import type { NewVideo, VideoRepository } from './video.repository';
import type { ClientScene, Scene, Video, VideoEvent, VideoOptions } from './video.types';
import { purgeVideo } from './video-purge';
import { VideoSlots } from './video-slots';
import { type VideoWorkflowGateway, WorkflowClosedError } from './video-workflow.gateway';

export interface CreateVideoInput {
  prompt: string;
  sceneCount: number;
  options: VideoOptions;
  /** The client's own script; scripting then takes it verbatim. */
  scenes?: ClientScene[];
  /** The brand to wear; left out, the account's default brand, if any. */
  brandId?: string;
  faults?: unknown;
  /**
   * The video this one translates (`scenes` are its scenes, in `from`): the script stage translates
   * them, and the video wears the brand copy its options carry (VideoTranslationService).
   */
  translation?: { sourceVideoId: string; from: string };
  /** The Idempotency-Key the request claimed, recorded with the video (CreateKey). */
  idempotency?: CreateKey;
}

const stageFault = z
  .object({
    timeout: z.boolean().optional(),
    fail: z.boolean().optional(),
    fail_scenes: z.array(z.number().int().min(1).max(12)).optional(),
    fail_attempts: z.number().int().min(0).max(100).optional(),
  })
  .strict();
const faultsSchema = z.object(Object.fromEntries(STAGES.map((s) => [s, stageFault.optional()]))).strict();

/**
 * The rules of docs/lifecycle.md#calls-by-state that the api applies. State changes go through the video's
 * workflow (the gateway), which holds the authoritative state and answers synchronously.
 */
export class VideoService {
  private readonly slots: VideoSlots;

  constructor(
    private readonly videos: VideoRepository,
    private readonly assets: AssetRepository,
    private readonly storage: AssetStorage,
    private readonly workflows: VideoWorkflowGateway,
    private readonly voices: Pick<VoiceCatalogue, 'choose'>,
    private readonly options: {
      faultInjection: boolean;
      onStartFailure?: (videoId: string, err: unknown) => void;
      /** Counts a creation against the account's daily quota, in the creating transaction. */
      dailyQuota?: { take(accountId: string, trx: Transaction<Database>): Promise<void> };
      /** A stock library is configured (STOCK_PROVIDER): `"visuals": "stock"` is possible. */
      stock?: boolean;
      /** Refunds what a deleted video never made, when the api purges it itself. */
      charges?: UnmadeRefunder & Partial<Pick<ChargeService, 'chargesDue'>>;
      /** Where a new video's brand comes from (`brand_id`, else the account's default). */
      brands?: Pick<BrandService, 'forNewVideo'>;
    },
  ) {
    this.slots = new VideoSlots(videos);
  }

  /**
   * Writes the video row and its first event in one transaction, then starts the workflow keyed by
   * the video id. If the process dies between the two, the worker's sweeper starts it later (same
   * id, so never twice); a retry under the Idempotency-Key gets that video, `created` false.
   */
  async create(accountId: string, input: CreateVideoInput): Promise<{ video: Video; created: boolean }> {
    const prepared = await this.prepare(input);
    const made = await this.videos.transaction(async (trx) => {
      // Under the account's lock, before slot, quota and references: a replay takes none of them.
      if (!(await lockForUpdate(trx, accountId))) throw new NotFoundError('Account');
      const scope = sql<boolean>`source_video_id is ${input.translation ? sql`not null` : sql`null`}`;
      const earlier = await createdUnderKey(trx, 'videos', accountId, input.idempotency, scope);
      if (earlier) return earlier;
      await assertAssetReferences(this.assets, accountId, assetReferences(input), trx);
      await this.slots.assertFree(accountId, { locked: true }, trx);
      await this.options.dailyQuota?.take(accountId, trx);
      // The brand is copied into the options: changing or deleting it never changes this video.
      // A translation keeps its source's copy.
      const brand = input.translation
        ? (input.options.brand ?? null)
        : ((await this.options.brands?.forNewVideo(accountId, input.brandId, trx)) ?? null);
      const row = {
        ...prepared,
        options: { ...prepared.options, brand },
        idempotency: input.idempotency,
        taskQueue: this.workflows.taskQueue,
      };
      return this.videos.create(accountId, row, trx);
    });
    const video = typeof made === 'string' ? await this.get(accountId, made) : made;
    try {
      await this.workflows.start({
        videoId: video.id,
        accountId,
        autoApprove: input.options.auto_approve,
        faults: prepared.faults as Faults | undefined,
      });
      await this.videos.markWorkflowStarted(accountId, video.id);
    } catch (err) {
      this.options.onStartFailure?.(video.id, err);
    }
    return { video, created: typeof made !== 'string' };
  }

  /**
   * The checks of a create that need no transaction, and the video as it will be stored (its
   * voice chosen). A batch prepares every row's video before it starts any
   * (docs/decisions/0063-templates-and-batches.md). Problems are reported at `["body", …]`.
   */
  async prepare(input: CreateVideoInput): Promise<NewVideo & { faults: Faults | undefined }> {
    let faults: Faults | undefined;
    if (input.faults !== undefined) {
      if (!this.options.faultInjection) {
        throw new ValidationError([
          { loc: ['body', 'faults'], msg: 'fault injection is not enabled on this server' },
        ]);
      }
      const parsed = faultsSchema.safeParse(input.faults);
      if (!parsed.success) {
        throw new ValidationError(
          parsed.error.issues.map((i) => ({
            loc: ['body', 'faults', ...i.path.map(String)],
            msg: i.message,
          })),
        );
      }
      faults = parsed.data as Faults;
    }
    // A translation's scenes all have their pictures: no stock search is made for them.
    if (input.options.visuals === 'stock' && !this.options.stock && !input.translation) {
      throw new ValidationError([
        { loc: ['body', 'visuals'], msg: 'no stock library is configured on this server (STOCK_PROVIDER)' },
      ]);
    }
    return {
      prompt: input.prompt,
      sceneCount: input.sceneCount,
      options: await this.withVoice(input.options),
      faults,
      clientScenes: input.scenes?.map(asStoredScene),
      translation: input.translation,
    };
  }

  /**
   * The video's voice: the one asked for, which must speak the video's language, else the
   * language's default. Stored in the options, so the record shows which voice will speak and
   * a later change of the default does not change a video already made
   * (docs/decisions/0012-voices.md).
   */
  private async withVoice(options: VideoOptions): Promise<VideoOptions> {
    const choice = await this.voices.choose(options.language, options.voice);
    if (!choice.ok) throw new ValidationError([{ loc: ['body', choice.field], msg: choice.msg }]);
    return { ...options, voice: choice.voice.id };
  }

  async get(accountId: string, id: string): Promise<Video> {
    const video = await this.videos.find(accountId, id);
    if (!video) throw new NotFoundError('Video');
    return video;
  }

  /**
   * Cost of producing the current scenes of each video that awaits approval (the others have
   * none to show), for a whole page in one query (a page holds one account's videos).
   */
  async estimates(videos: readonly Video[]): Promise<Map<string, number>> {
    const gated = new Map<string, string[]>();
    for (const v of videos.filter((v) => v.awaitingApproval)) {
      gated.set(v.accountId, [...(gated.get(v.accountId) ?? []), v.id]);
    }
    const estimates = new Map<string, number>();
    for (const [accountId, ids] of gated) {
      for (const [id, t] of await this.videos.scenes.totals(accountId, ids)) {
        estimates.set(id, productionCreditsFor(t.imagesToMake, t.narrationChars));
      }
    }
    await priceNetOfGateCharges(this.videos, this.options.charges, videos, estimates);
    return estimates;
  }

  async list(
    accountId: string,
    q: { limit: number; cursor?: string; status?: VideoStatus },
  ): Promise<Page<Video>> {
    const rows = await this.videos.list(accountId, {
      limit: q.limit + 1,
      status: q.status,
      cursor: q.cursor ? decodeCursor(q.cursor) : undefined,
    });
    return pageOf(rows, q.limit);
  }

  async scenes(accountId: string, id: string): Promise<Scene[]> {
    await this.get(accountId, id);
    return this.videos.scenes.list(accountId, id);
  }

  /** The words of a completed video and when each is spoken (docs/api.md#transcript). */
  async transcript(accountId: string, id: string): Promise<Transcript> {
    const video = await this.get(accountId, id);
    if (video.status !== 'completed') {
      throw new InvalidStateError(`The video is ${video.status}: its transcript exists once it is completed`);
    }
    return toTranscript(await this.videos.scenes.list(accountId, id), video.options);
  }

  async events(accountId: string, id: string): Promise<VideoEvent[]> {
    await this.get(accountId, id);
    return this.videos.events.list(accountId, id);
  }

  async approve(accountId: string, id: string): Promise<Video> {
    const video = await this.get(accountId, id);
    await this.viaWorkflow(video, () => this.workflows.approve(id));
    return this.get(accountId, id);
  }

  async regenerate(accountId: string, id: string, feedback: string): Promise<Video> {
    const video = await this.get(accountId, id);
    await this.viaWorkflow(video, () => this.workflows.regenerate(id, feedback));
    return this.get(accountId, id);
  }

  /**
   * State comes before content (docs/decisions/0036-review-fixes-slots-assets-credits.md): scenes
   * change only while the video awaits approval, so a completed, failed or running video refuses
   * any scene edit with 409 INVALID_STATE before its body is looked at. The api checks this before
   * it validates the body; the workflow checks it again when the edit arrives.
   */
  async assertScenesEditable(accountId: string, id: string): Promise<Video> {
    const video = await this.get(accountId, id);
    if (video.awaitingApproval) return video;
    throw new InvalidStateError(
      video.status === 'completed' || video.status === 'failed'
        ? `Scenes of a ${video.status} video cannot be changed`
        : 'Scenes can only be changed while the video awaits approval',
    );
  }

  async editScene(accountId: string, id: string, edit: ClientSceneEdit): Promise<Scene | null> {
    const video = await this.assertScenesEditable(accountId, id);
    if (edit.op !== 'delete' && (edit.image_asset_id || edit.video_asset_id)) {
      const ref: AssetReference = edit.video_asset_id
        ? { loc: ['body', 'video_asset_id'], id: edit.video_asset_id, type: 'video' }
        : { loc: ['body', 'image_asset_id'], id: edit.image_asset_id!, type: 'image' };
      // At the gate nothing is in progress, so a later delete is allowed; only the check is shared.
      await this.videos.transaction((trx) => assertAssetReferences(this.assets, accountId, [ref], trx));
    }
    if (edit.op !== 'add') {
      const scenes = await this.videos.scenes.list(accountId, id);
      if (!scenes.some((s) => s.id === edit.sceneId)) throw new NotFoundError('Scene');
    }
    const { sceneId } = await this.viaWorkflow(video, () =>
      this.workflows.editScenes(id, asWorkflowEdit(edit)),
    );
    if (!sceneId) return null;
    return (await this.videos.scenes.list(accountId, id)).find((s) => s.id === sceneId) ?? null;
  }

  async delete(accountId: string, id: string): Promise<void> {
    const video = await this.get(accountId, id);
    if (video.status === 'completed') {
      await purgeVideo(this.purgeDeps(), id);
      return;
    }
    if (!(video.status === 'failed' || video.awaitingApproval)) {
      throw new InvalidStateError('A video that is being processed cannot be deleted');
    }
    try {
      await this.workflows.delete(id);
    } catch (err) {
      // A failed video whose workflow an operator closed has nothing left to stop.
      if (!(err instanceof WorkflowClosedError)) throw err;
      await purgeVideo(this.purgeDeps(), id);
    }
  }

  private purgeDeps() {
    return { videos: this.videos, assets: this.assets, storage: this.storage, charges: this.options.charges };
  }

  private async viaWorkflow<T>(video: Video, call: () => Promise<T>): Promise<T> {
    if (video.status === 'completed') throw new InvalidStateError('The video is already completed');
    try {
      return await call();
    } catch (err) {
      if (err instanceof WorkflowClosedError) {
        throw new InvalidStateError(
          `The video's workflow is closed (status ${video.status}); nothing can change it now`,
        );
      }
      throw err;
    }
  }
}

/** A scene edit as the api takes it: a clip in place of an image. */
export type ClientSceneEdit = SceneEdit & { video_asset_id?: string | null };

/** The scene's visual, picture or clip, is stored in one place (Scene.imageAssetId). */
function asStoredScene({ video_asset_id, ...scene }: ClientScene): ClientScene {
  return video_asset_id ? { ...scene, image_asset_id: video_asset_id } : scene;
}

function asWorkflowEdit(edit: ClientSceneEdit): SceneEdit {
  if (edit.op === 'delete') return edit;
  const { video_asset_id, ...rest } = edit;
  // A clip takes the scene's one visual; `video_asset_id: null` alone goes back to a generated picture.
  if (video_asset_id) return { ...rest, image_asset_id: video_asset_id };
  if (video_asset_id === null && rest.image_asset_id === undefined) return { ...rest, image_asset_id: null };
  return rest;
}

export function assetReferences(input: Pick<CreateVideoInput, 'scenes' | 'options'>): AssetReference[] {
  const refs: AssetReference[] = (input.scenes ?? []).flatMap((s, i): AssetReference[] => [
    ...(s.image_asset_id
      ? [{ loc: ['body', 'scenes', i, 'image_asset_id'], id: s.image_asset_id, type: 'image' as const }]
      : []),
    ...(s.audio_asset_id
      ? [{ loc: ['body', 'scenes', i, 'audio_asset_id'], id: s.audio_asset_id, type: 'audio' as const }]
      : []),
    ...(s.video_asset_id
      ? [{ loc: ['body', 'scenes', i, 'video_asset_id'], id: s.video_asset_id, type: 'video' as const }]
      : []),
  ]);
  if (input.options.music) {
    refs.push({ loc: ['body', 'music', 'asset_id'], id: input.options.music.asset_id, type: 'audio' });
  }
  return refs;
}
