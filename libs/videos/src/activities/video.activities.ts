import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import type { AssetRepository, AssetStorage, AssetType, NewAsset } from '@vidgen/assets';
import { InsufficientCreditsError, MaxConcurrentVideosError, NotFoundError } from '@vidgen/core';
import type { Database, Transaction } from '@vidgen/db';
import { chargesFor, type LedgerRepository, refundFor } from '@vidgen/ledger';
import {
  buildTimeline,
  type FfmpegRenderer,
  frameSize,
  type MediaProviders,
  ProviderError,
  ProviderTimeoutError,
  refineNarration,
  refineScenes,
  toWebVtt,
} from '@vidgen/media';
import type { ActiveFault, SceneEdit, Stage, VideoActivities } from '@vidgen/workflows';
import { eventKeys, UpdateErrorTypes } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { VIDEO_LIMITS } from '../video.types';
import { purgeVideo } from '../video-purge';
import { parseInput, schemas } from './activity-inputs';

export interface VideoActivityDeps {
  videos: VideoRepository;
  assets: AssetRepository;
  ledger: LedgerRepository;
  storage: AssetStorage;
  providers: MediaProviders;
  renderer: FfmpegRenderer;
}

/** Injected faults act here, inside the real activities, so the retries and refunds that follow are the real ones. */
function injectFaults(stage: Stage, fault: ActiveFault): void {
  const attempt = Context.current().info.attempt;
  if (fault.failAttempts > 0 && fault.priorAttempts + attempt <= fault.failAttempts) {
    throw ApplicationFailure.retryable(
      `Injected failure of ${stage} attempt ${fault.priorAttempts + attempt}`,
      'INJECTED_FAULT',
    );
  }
  if (fault.timeout) {
    const type = stage === 'rendering' ? 'RENDER_TIMEOUT' : 'PROVIDER_TIMEOUT';
    throw ApplicationFailure.retryable(`Injected timeout in ${stage}`, type);
  }
  if (fault.fail) throw ApplicationFailure.retryable(`Injected failure in ${stage}`, 'INJECTED_FAULT');
}

/** Provider errors become Temporal failures whose type the workflow maps to failure_reason codes. */
function providerFailure(err: unknown): unknown {
  if (err instanceof ProviderTimeoutError)
    return ApplicationFailure.retryable(err.message, 'PROVIDER_TIMEOUT');
  if (err instanceof ProviderError) {
    return err.retryable
      ? ApplicationFailure.retryable(err.message, 'PROVIDER_ERROR')
      : ApplicationFailure.nonRetryable(err.message, 'PROVIDER_ERROR');
  }
  return err;
}

function businessFailure(err: unknown): unknown {
  if (err instanceof InsufficientCreditsError) {
    return ApplicationFailure.create({
      type: UpdateErrorTypes.insufficientCredits,
      message: err.message,
      details: [{ required: err.required, available: err.available }],
      nonRetryable: true,
    });
  }
  if (err instanceof MaxConcurrentVideosError) {
    return ApplicationFailure.nonRetryable(err.message, UpdateErrorTypes.maxConcurrent);
  }
  if (err instanceof NotFoundError)
    return ApplicationFailure.nonRetryable(err.message, UpdateErrorTypes.notFound);
  return err;
}

/**
 * A person's edit gets the same tidying as a written script's narration (markup and control
 * characters never reach speech or captions); a description only loses control characters.
 */
function tidyEdit<E extends SceneEdit>(edit: E): E {
  if (edit.op === 'delete') return edit;
  const e = edit as Extract<SceneEdit, { op: 'update' | 'add' }>;
  const narration = e.narration === undefined ? undefined : refineNarration(e.narration);
  if (narration === '') {
    throw ApplicationFailure.nonRetryable('narration has no speakable text', UpdateErrorTypes.validation);
  }
  const description = e.visual_description?.replace(/\p{Cc}/gu, ' ').trim();
  return {
    ...edit,
    ...(narration !== undefined && { narration }),
    ...(description !== undefined && { visual_description: description }),
  };
}

/**
 * Heartbeats every 2 s until stopped: with the proxy's heartbeat timeout, a worker that dies
 * mid-call is noticed in seconds and the call retried elsewhere, not after its 3-minute
 * start-to-close timeout.
 */
function heartbeatWhileRunning(): () => void {
  const ctx = Context.current();
  ctx.heartbeat();
  const timer = setInterval(() => ctx.heartbeat(), 2000);
  return () => clearInterval(timer);
}

async function lockVideo(trx: Transaction<Database>, videoId: string): Promise<void> {
  await trx.selectFrom('videos').select('id').where('id', '=', videoId).forNoKeyUpdate().execute();
}

export function createVideoActivities(deps: VideoActivityDeps): VideoActivities {
  const { videos, assets, ledger, storage, providers, renderer } = deps;

  async function loadVideo(videoId: string) {
    const video = await videos.findForWorkflow(videoId);
    if (!video)
      throw ApplicationFailure.nonRetryable(`Video ${videoId} does not exist`, UpdateErrorTypes.notFound);
    return video;
  }

  /** Moves a finished file into storage; returns the row to insert (in the caller's transaction). */
  async function storeAsset(
    video: { id: string; accountId: string },
    file: { source: string; name: string; type: AssetType; mimeType: string; sceneId?: string },
    meta: Pick<NewAsset, 'width' | 'height' | 'durationSeconds'> = {},
  ): Promise<NewAsset> {
    const stored = await storage.put(video.accountId, video.id, file.name, file.source);
    return {
      accountId: video.accountId,
      videoId: video.id,
      sceneId: file.sceneId,
      type: file.type,
      path: stored.relativePath,
      mimeType: file.mimeType,
      sizeBytes: stored.sizeBytes,
      ...meta,
    };
  }

  return {
    async recordTransition(raw) {
      const input = parseInput(schemas.transition, raw) as typeof raw;
      await videos.recordTransition(input.videoId, input);
    },

    async writeScript(raw) {
      const input = parseInput(schemas.writeScript, raw);
      injectFaults('scripting', input.fault);
      const video = await loadVideo(input.videoId);
      // A regenerate asks for another take, also with empty feedback: the provider sees the
      // script it replaces (scenes as they stand, edits included; cleared only after this).
      const previous =
        input.scriptVersion > 1
          ? (await videos.scenes(input.videoId)).map((s) => ({
              visual_description: s.visualDescription,
              narration: s.narration,
            }))
          : [];
      try {
        return await providers.script.writeScript(
          {
            prompt: video.prompt,
            sceneCount: video.sceneCount,
            feedback: input.feedback ?? undefined,
            previous,
          },
          Context.current().cancellationSignal,
        );
      } catch (err) {
        throw providerFailure(err);
      }
    },

    async refineScript(raw) {
      const input = parseInput(schemas.refineScript, raw);
      injectFaults('refining', input.fault);
      const refined = refineScenes(input.drafts);
      await videos.transaction(async (trx) => {
        const fresh = await videos.recordTransition(
          input.videoId,
          {
            key: `script${input.scriptVersion}:refined`,
            type: 'stage_completed',
            stage: 'refining',
            data: { scene_count: refined.length },
            set: { scene_count: refined.length },
          },
          trx,
        );
        if (fresh) await videos.replaceScenes(trx, input.videoId, refined);
      });
      return { sceneCount: refined.length };
    },

    async planProduction(raw) {
      const input = parseInput(schemas.plan, raw);
      const scenes = await videos.scenes(input.videoId);
      const held = await ledger.heldByItem(input.videoId);
      const charges = chargesFor(
        scenes.map((s) => ({
          id: s.id,
          narration: s.narration,
          hasImage: Boolean(s.imageAssetId),
          hasNarration: Boolean(s.narrationAssetId),
        })),
        held,
      );
      return { sceneIds: scenes.map((s) => s.id), charges };
    },

    async approveProduction(raw) {
      const input = parseInput(schemas.approve, raw);
      const video = await loadVideo(input.videoId);
      try {
        await videos.transaction(async (trx) => {
          const key = eventKeys.run.approved(input.run);
          if (await videos.hasEvent(input.videoId, key, trx)) return;
          // Lock order everywhere: account row (ledger), then video row (events).
          await trx
            .selectFrom('accounts')
            .select('id')
            .where('id', '=', video.accountId)
            .forNoKeyUpdate()
            .execute();
          await lockVideo(trx, input.videoId);
          if (await videos.hasEvent(input.videoId, key, trx)) return;
          // Settled as not made (settleOutcome): a late attempt must not book it after all.
          if (await videos.hasEvent(input.videoId, eventKeys.run.approvalAbandoned(input.run), trx)) {
            throw ApplicationFailure.nonRetryable(
              'This approval was abandoned',
              UpdateErrorTypes.invalidState,
            );
          }
          // Approval puts the video (back) into production, so it needs one of the account's slots.
          const busy = await videos.countInProgress(video.accountId, trx, input.videoId);
          if (busy >= VIDEO_LIMITS.concurrentVideos)
            throw new MaxConcurrentVideosError(VIDEO_LIMITS.concurrentVideos);
          const charged = await ledger.chargeAll(trx, {
            accountId: video.accountId,
            videoId: input.videoId,
            items: input.charges.map((c) => ({
              ...c,
              key: `charge:${input.videoId}:run${input.run}:${c.item}`,
            })),
            reason: input.isRetry ? 'video retry' : 'video production',
          });
          await videos.recordTransition(
            input.videoId,
            {
              key,
              type: input.isRetry ? 'retry_approved' : 'approved',
              status: input.resumeStage,
              stage: input.resumeStage,
              awaitingApproval: false,
              failureReason: null,
              data: { run: input.run, credits_charged: charged, charges: input.charges },
              set: { credits_charged_delta: charged },
            },
            trx,
          );
        });
      } catch (err) {
        throw businessFailure(err);
      }
    },

    async settleOutcome(raw) {
      const input = parseInput(schemas.settle, raw);
      return videos.transaction(async (trx) => {
        await lockVideo(trx, input.videoId);
        if (await videos.hasEvent(input.videoId, input.doneKey, trx)) return { done: true };
        await videos.recordTransition(
          input.videoId,
          { key: input.abandonedKey, type: 'gate_step_abandoned', data: { step: input.doneKey } },
          trx,
        );
        return { done: false };
      });
    },

    async beginRegeneration(raw) {
      const input = parseInput(schemas.regenerate, raw);
      const video = await loadVideo(input.videoId);
      const key = eventKeys.script.regenerating(input.scriptVersion);
      try {
        await videos.transaction(async (trx) => {
          await trx
            .selectFrom('accounts')
            .select('id')
            .where('id', '=', video.accountId)
            .forNoKeyUpdate()
            .execute();
          await lockVideo(trx, input.videoId);
          if (await videos.hasEvent(input.videoId, key, trx)) return;
          if (
            await videos.hasEvent(
              input.videoId,
              eventKeys.script.regenerationAbandoned(input.scriptVersion),
              trx,
            )
          ) {
            throw ApplicationFailure.nonRetryable(
              'This regeneration was abandoned',
              UpdateErrorTypes.invalidState,
            );
          }
          // Regenerating puts the video back in progress, so it needs one of the account's slots.
          const busy = await videos.countInProgress(video.accountId, trx, input.videoId);
          if (busy >= VIDEO_LIMITS.concurrentVideos)
            throw new MaxConcurrentVideosError(VIDEO_LIMITS.concurrentVideos);
          await videos.recordTransition(
            input.videoId,
            {
              key,
              type: 'regeneration_started',
              status: 'scripting',
              stage: 'scripting',
              awaitingApproval: false,
              failureReason: null,
              data: { script_version: input.scriptVersion },
            },
            trx,
          );
        });
      } catch (err) {
        throw businessFailure(err);
      }
    },

    async generateSceneImage(raw) {
      const input = parseInput(schemas.sceneWork, raw);
      const video = await loadVideo(input.videoId);
      const scenes = await videos.scenes(input.videoId);
      const scene = scenes.find((s) => s.id === input.sceneId);
      if (!scene)
        throw ApplicationFailure.nonRetryable(`Scene ${input.sceneId} does not exist`, 'INVALID_INPUT');
      if (scene.imageAssetId) return; // produced by an earlier run: reused, not redone
      injectFaults('visualising', { ...input.fault, fail: input.fault.failScenes.includes(scene.position) });
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'vidgen-img-'));
      const stopBeating = heartbeatWhileRunning();
      try {
        const image = await providers.image
          .generateImage(
            {
              description: scene.visualDescription,
              caption: scene.narration,
              sceneIndex: scene.position - 1,
              sceneCount: scenes.length,
              aspectRatio: video.options.aspect_ratio,
              seed: video.id,
            },
            path.join(tmp, 'image.png'),
            Context.current().cancellationSignal,
          )
          .catch((err) => {
            throw providerFailure(err);
          });
        const asset = await storeAsset(
          video,
          {
            source: image.path,
            name: `scene-${scene.id}.png`,
            type: 'image',
            mimeType: image.mimeType,
            sceneId: scene.id,
          },
          { width: image.width, height: image.height },
        );
        await videos.transaction(async (trx) => {
          const stored = await assets.insert(asset, trx);
          await videos.setSceneImage(trx, scene.id, stored.id);
          await videos.recordTransition(
            input.videoId,
            {
              key: `run${input.run}:image:${scene.id}`,
              type: 'scene_image_generated',
              stage: 'visualising',
              data: { scene_id: scene.id, position: scene.position, asset_id: stored.id },
            },
            trx,
          );
        });
      } finally {
        stopBeating();
        await rm(tmp, { recursive: true, force: true });
      }
    },

    async narrateScene(raw) {
      const input = parseInput(schemas.sceneWork, raw);
      const video = await loadVideo(input.videoId);
      const scene = (await videos.scenes(input.videoId)).find((s) => s.id === input.sceneId);
      if (!scene)
        throw ApplicationFailure.nonRetryable(`Scene ${input.sceneId} does not exist`, 'INVALID_INPUT');
      if (scene.narrationAssetId) return;
      injectFaults('narrating', input.fault);
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'vidgen-tts-'));
      const stopBeating = heartbeatWhileRunning();
      try {
        const speech = await providers.speech
          .synthesize(
            { text: scene.narration, voice: video.options.voice ?? undefined },
            path.join(tmp, 'narration.wav'),
            Context.current().cancellationSignal,
          )
          .catch((err) => {
            throw providerFailure(err);
          });
        const asset = await storeAsset(
          video,
          {
            source: speech.path,
            name: `scene-${scene.id}.wav`,
            type: 'narration',
            mimeType: speech.mimeType,
            sceneId: scene.id,
          },
          { durationSeconds: speech.durationSeconds },
        );
        await videos.transaction(async (trx) => {
          const stored = await assets.insert(asset, trx);
          await videos.setSceneNarration(trx, scene.id, stored.id, speech.durationSeconds);
          await videos.recordTransition(
            input.videoId,
            {
              key: `run${input.run}:narration:${scene.id}`,
              type: 'scene_narrated',
              stage: 'narrating',
              data: {
                scene_id: scene.id,
                position: scene.position,
                asset_id: stored.id,
                seconds: speech.durationSeconds,
              },
            },
            trx,
          );
        });
      } finally {
        stopBeating();
        await rm(tmp, { recursive: true, force: true });
      }
    },

    async curate(raw) {
      const input = parseInput(schemas.videoWork, raw);
      injectFaults('curating', input.fault);
      const video = await loadVideo(input.videoId);
      if (video.subtitlesAssetId) return;
      const scenes = await videos.scenes(input.videoId);
      const missing = scenes.filter((s) => s.narrationSeconds === null);
      if (missing.length)
        throw ApplicationFailure.nonRetryable('Scenes without narration cannot be curated', 'INVALID_INPUT');
      const timeline = buildTimeline(
        scenes.map((s) => ({ narration: s.narration, durationSeconds: s.narrationSeconds! })),
      );
      const tmp = await mkdtemp(path.join(os.tmpdir(), 'vidgen-vtt-'));
      try {
        const file = path.join(tmp, 'subtitles.vtt');
        await writeFile(file, toWebVtt(timeline.cues));
        const asset = await storeAsset(
          video,
          { source: file, name: 'subtitles.vtt', type: 'subtitles', mimeType: 'text/vtt' },
          { durationSeconds: timeline.totalSeconds },
        );
        await videos.transaction(async (trx) => {
          const stored = await assets.insert(asset, trx);
          await videos.recordTransition(
            input.videoId,
            {
              key: `run${input.run}:curated`,
              type: 'timeline_built',
              stage: 'curating',
              data: { total_seconds: timeline.totalSeconds, cues: timeline.cues.length, asset_id: stored.id },
              set: { subtitles_asset_id: stored.id },
            },
            trx,
          );
        });
      } finally {
        await rm(tmp, { recursive: true, force: true });
      }
    },

    async render(raw) {
      const input = parseInput(schemas.videoWork, raw);
      const ctx = Context.current();
      injectFaults('rendering', input.fault);
      const video = await loadVideo(input.videoId);
      if (video.videoAssetId) return;
      const scenes = await videos.scenes(input.videoId);
      const sceneAssets = await Promise.all(
        scenes.map(async (s) => {
          const [image, audio] = await Promise.all([
            s.imageAssetId ? assets.find(video.accountId, s.imageAssetId) : undefined,
            s.narrationAssetId ? assets.find(video.accountId, s.narrationAssetId) : undefined,
          ]);
          if (!image || !audio || s.narrationSeconds === null) {
            throw ApplicationFailure.nonRetryable(
              `Scene ${s.position} has no image or narration`,
              'INVALID_INPUT',
            );
          }
          return {
            imagePath: storage.absolute(image.path),
            audioPath: storage.absolute(audio.path),
            durationSeconds: s.narrationSeconds,
          };
        }),
      );
      const outDir = await storage.scratchDir(
        video.accountId,
        video.id,
        `render-${input.run}-${ctx.info.attempt}`,
      );
      // Heartbeats carry progress; the timer keeps them flowing while ffmpeg starts up.
      let progress = 0;
      const beat = setInterval(() => ctx.heartbeat({ progress }), 2000);
      try {
        const out = await renderer.render(
          { scenes: sceneAssets, aspectRatio: video.options.aspect_ratio, outDir },
          {
            signal: ctx.cancellationSignal,
            onProgress: (f) => {
              progress = f;
            },
          },
        );
        const { width, height } = frameSize(video.options.aspect_ratio);
        const files = [
          await storeAsset(
            video,
            { source: out.videoPath, name: 'video.mp4', type: 'video', mimeType: 'video/mp4' },
            { width, height, durationSeconds: out.durationSeconds },
          ),
          await storeAsset(
            video,
            { source: out.audioPath, name: 'narration.m4a', type: 'audio', mimeType: 'audio/mp4' },
            {
              durationSeconds: out.durationSeconds,
            },
          ),
          await storeAsset(
            video,
            { source: out.thumbnailPath, name: 'thumbnail.jpg', type: 'thumbnail', mimeType: 'image/jpeg' },
            { width, height },
          ),
        ];
        await videos.transaction(async (trx) => {
          const [v, a, t] = await Promise.all(files.map((f) => assets.insert(f, trx)));
          await videos.recordTransition(
            input.videoId,
            {
              key: `run${input.run}:rendered`,
              type: 'rendered',
              stage: 'rendering',
              data: { duration_seconds: out.durationSeconds, video_asset_id: v!.id },
              set: { video_asset_id: v!.id, audio_asset_id: a!.id, thumbnail_asset_id: t!.id },
            },
            trx,
          );
        });
      } catch (err) {
        throw providerFailure(err);
      } finally {
        clearInterval(beat);
        await rm(outDir, { recursive: true, force: true });
      }
    },

    async refund(raw) {
      const input = parseInput(schemas.refund, raw);
      const video = await loadVideo(input.videoId);
      for (const item of input.items) {
        await videos.transaction(async (trx) => {
          const held = refundFor(item, await ledger.heldByItem(input.videoId, trx));
          if (held <= 0) return;
          const { applied } = await ledger.append(
            {
              accountId: video.accountId,
              kind: 'refunded',
              amount: held,
              videoId: input.videoId,
              item,
              reason: input.reason,
              idempotencyKey: `refund:${input.videoId}:run${input.run}:${item}`,
            },
            trx,
          );
          if (!applied) return;
          await videos.recordTransition(
            input.videoId,
            {
              key: `run${input.run}:refund:${item}`,
              type: 'refunded',
              data: { item, credits: held, reason: input.reason },
              set: { credits_refunded_delta: held },
            },
            trx,
          );
        });
      }
    },

    async applySceneEdit(raw) {
      const input = parseInput(schemas.sceneEdit, raw);
      const edit = tidyEdit(input.edit);
      const key = eventKeys.sceneEdit(input.editId);
      try {
        return await videos.transaction(async (trx) => {
          // The same edit applied again (a retried activity) changes nothing and answers as the first time did.
          await lockVideo(trx, input.videoId);
          const applied = await videos.eventData(input.videoId, key, trx);
          if (applied)
            return { sceneId: edit.op === 'delete' ? null : ((applied.scene_id as string | null) ?? null) };
          const scenes = await videos.scenes(input.videoId, trx);
          let sceneId: string | null = null;
          if (edit.op === 'update') {
            const patch = {
              ...(edit.visual_description !== undefined && { visual_description: edit.visual_description }),
              ...(edit.narration !== undefined && { narration: edit.narration }),
            };
            if (!(await videos.updateSceneText(trx, input.videoId, edit.sceneId, patch)))
              throw new NotFoundError('Scene');
            sceneId = edit.sceneId;
          } else if (edit.op === 'add') {
            if (scenes.length >= VIDEO_LIMITS.sceneCountMax) {
              throw ApplicationFailure.nonRetryable(
                `A video has at most ${VIDEO_LIMITS.sceneCountMax} scenes`,
                UpdateErrorTypes.invalidState,
              );
            }
            sceneId = await videos.insertScene(trx, input.videoId, edit, edit.position);
          } else {
            if (!scenes.some((s) => s.id === edit.sceneId)) throw new NotFoundError('Scene');
            if (scenes.length <= 1) {
              throw ApplicationFailure.nonRetryable(
                'A video needs at least one scene',
                UpdateErrorTypes.invalidState,
              );
            }
            await videos.deleteScene(trx, input.videoId, edit.sceneId);
          }
          const count = (await videos.scenes(input.videoId, trx)).length;
          await videos.recordTransition(
            input.videoId,
            {
              key,
              type: 'scene_edited',
              data: { op: edit.op, scene_id: sceneId ?? (edit.op === 'delete' ? edit.sceneId : null) },
              set: { scene_count: count },
            },
            trx,
          );
          return { sceneId };
        });
      } catch (err) {
        throw businessFailure(err);
      }
    },

    async clearScenes(raw) {
      const input = parseInput(schemas.clearScenes, raw);
      const video = await loadVideo(input.videoId);
      const scenes = await videos.scenes(input.videoId);
      await videos.transaction(async (trx) => {
        await videos.replaceScenes(trx, input.videoId, []);
        await assets.markVideoDeleted(input.videoId, trx);
        await videos.recordTransition(
          input.videoId,
          {
            key: `script${input.scriptVersion}:cleared`,
            type: 'scenes_cleared',
            data: { scene_count: scenes.length },
            set: {
              video_asset_id: null,
              audio_asset_id: null,
              thumbnail_asset_id: null,
              subtitles_asset_id: null,
            },
          },
          trx,
        );
      });
      await storage.removeVideo(video.accountId, video.id);
    },

    async purgeVideo(raw) {
      const input = parseInput(schemas.videoOnly, raw);
      await purgeVideo({ videos, assets, storage }, input.videoId);
    },
  };
}
