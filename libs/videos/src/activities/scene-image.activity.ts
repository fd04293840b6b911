import path from 'node:path';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { frameSize, type GeneratedImage, type MediaProviders, ProviderError } from '@vidgen/media';
import { chargeItems, eventKeys, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { type RunMediaStep, type StepFile, tempDir } from './media-step';
import { pickStock, type StockDeps, type StockPick, stockProblem } from './stock-pick';
import { loadScene } from './video-loader';

export interface SceneImageDeps {
  videos: Pick<VideoRepository, 'scenes' | 'events' | 'transaction'>;
  providers: Pick<MediaProviders, 'image'>;
  runStep: RunMediaStep;
  /** The stock library, when STOCK_PROVIDER configures one. */
  stock?: StockDeps | null;
}

/** The attempts of a visualising activity (STAGE_MAX_ATTEMPTS of the workflow's retry policy). */
const STAGE_MAX_ATTEMPTS = 3;
/**
 * The share of the activity's start-to-close timeout that a stock pick may take; the rest is
 * kept for the drawn picture that replaces it (docs/decisions/0053-stock-within-its-activity.md).
 */
const STOCK_SHARE = 0.5;

/** How long the stock pick of an attempt that started at `startedAt` may take from now. */
export function stockBudgetMs(startToCloseTimeoutMs: number, startedAt: number, now = Date.now()): number {
  return Math.max(0, startToCloseTimeoutMs * STOCK_SHARE - (now - startedAt));
}

/** The scene's visual: a stock clip or photo, or a generated picture (with why stock gave none). */
type Visual = { stock: StockPick } | { image: GeneratedImage; stockFallback?: string };

/**
 * Visualising: one image per scene. At the review gate (`gate`) the picture is kept as the
 * scene's storyboard picture; at visualising a scene with a storyboard picture adopts it as its
 * image instead of making another (docs/decisions/0068-storyboard-and-draft.md).
 */
export function createSceneImageActivity({
  videos,
  providers,
  runStep,
  stock,
}: SceneImageDeps): Pick<VideoActivities, 'generateSceneImage'> {
  return {
    async generateSceneImage(raw) {
      const startedAt = Date.now();
      const input = parseInput(schemas.sceneWork, raw);
      const { gate } = input;
      await runStep({
        videoId: input.videoId,
        load: async (video) => {
          const { scene, scenes } = await loadScene(videos, video, input.sceneId);
          if (scene.imageAssetId || (gate && scene.storyboardAssetId)) return undefined;
          if (scene.storyboardAssetId && (await adoptStoryboard(videos, video, scene.id, input.run))) {
            return undefined;
          }
          // Pages of the stock items the other scenes show: none is shown twice.
          const used = new Set(scenes.flatMap((s) => s.imageAttribution.map((a) => a.source_url)));
          return { video, scene, sceneCount: scenes.length, used, picked: undefined as string | undefined };
        },
        // fail_scenes picks the scenes whose image fails, by position.
        fault: ({ scene }) => ({
          stage: 'visualising',
          fault: { ...input.fault, fail: input.fault.failScenes.includes(scene.position) },
        }),
        workDir: tempDir('vidgen-img-'),
        make: async (target, dir, signal): Promise<Visual> => {
          const { video, scene, sceneCount, used } = target;
          let stockFallback: string | undefined;
          if (video.options.visuals === 'stock') {
            if (!stock) stockFallback = 'no stock library is configured';
            else {
              // The search, the downloads and their decodes stop at the budget, so the drawn
              // picture still fits in the activity's timeout.
              const { startToCloseTimeoutMs } = Context.current().info;
              const budgetMs = stockBudgetMs(startToCloseTimeoutMs, startedAt);
              const budget = AbortSignal.timeout(budgetMs);
              try {
                const pick = await pickStock(
                  stock,
                  {
                    description: scene.visualDescription,
                    searchTerms: scene.searchTerms,
                    narration: scene.narration,
                    seconds: scene.narrationSeconds,
                    offset: scene.position - 1,
                  },
                  frameSize(video.options.aspect_ratio, video.options.output.resolution),
                  used,
                  dir,
                  AbortSignal.any([signal, budget]),
                );
                if (pick) {
                  target.picked = pick.item.credit.source_url;
                  return { stock: pick };
                }
                stockFallback = 'the stock library has nothing that fits';
              } catch (err) {
                if (signal.aborted) throw err; // the activity is cancelled: no picture either
                if (budget.aborted) {
                  stockFallback = `the stock library gave nothing usable within ${Math.round(budgetMs / 1000)} s`;
                } else {
                  // A rate limit or an outage is retried within the activity's policy; on the
                  // last attempt (or a refusal such as a bad key) the scene gets a drawn picture.
                  const retryable = err instanceof ProviderError && err.retryable;
                  if (retryable && Context.current().info.attempt < STAGE_MAX_ATTEMPTS) throw err;
                  stockFallback = stockProblem(err);
                }
              }
            }
          }
          const image = await providers.image.generateImage(
            {
              description: scene.visualDescription,
              sceneIndex: scene.position - 1,
              sceneCount,
              aspectRatio: video.options.aspect_ratio,
              ...frameSize(video.options.aspect_ratio, video.options.output.resolution),
              seed: video.id,
              language: video.options.language,
              narration: scene.narration,
              motion: video.options.motion,
            },
            path.join(dir, 'image.png'),
            signal,
          );
          return { image, stockFallback };
        },
        files: (visual, { scene }): StepFile[] => {
          if ('stock' in visual) {
            const s = visual.stock;
            return [
              {
                source: s.path,
                name: `scene-${scene.id}${path.extname(s.path)}`,
                type: s.type,
                mimeType: s.mimeType,
                sceneId: scene.id,
                width: s.width ?? undefined,
                height: s.height ?? undefined,
                durationSeconds: s.durationSeconds ?? undefined,
                depicts: null,
                attribution: [s.item.credit],
                assetSource: 'stock',
              },
            ];
          }
          const { image } = visual;
          return [
            {
              source: image.path,
              name: `scene-${scene.id}.png`,
              type: 'image',
              mimeType: image.mimeType,
              sceneId: scene.id,
              width: image.width,
              height: image.height,
              depicts: image.depicts,
              attribution: image.attribution,
            },
          ];
        },
        stale: async ({ video, scene, picked }, trx) => {
          const all = await videos.scenes.list(video.accountId, video.id, trx);
          const now = all.find((s) => s.id === scene.id);
          // Scenes pick at the same time: one that lost its stock item to another scene picks again.
          if (
            picked &&
            all.some((s) => s.id !== scene.id && s.imageAttribution.some((a) => a.source_url === picked))
          ) {
            throw ApplicationFailure.retryable(
              'Another scene of the video shows this stock item',
              'STOCK_TAKEN',
            );
          }
          // A storyboard picture of words or a description since edited shows what is no longer there.
          if (gate) {
            return (
              !now ||
              Boolean(now.imageAssetId ?? now.storyboardAssetId) ||
              now.visualDescription !== scene.visualDescription ||
              now.narration !== scene.narration
            );
          }
          const refund = eventKeys.run.refund(input.run, chargeItems.image(scene.id));
          return (
            !now ||
            Boolean(now.imageAssetId) ||
            (await videos.events.has(video.accountId, video.id, refund, trx))
          );
        },
        record: async ({ video, scene }, visual, [asset], trx) => {
          if (gate) await videos.scenes.setStoryboard(video.accountId, video.id, scene.id, asset!.id, trx);
          else await videos.scenes.setImage(video.accountId, video.id, scene.id, asset!.id, trx);
          const origin =
            'stock' in visual
              ? { visual: `stock_${visual.stock.item.kind}`, stock_item: visual.stock.item.key }
              : {
                  visual: 'generated',
                  ...(visual.stockFallback && { stock_fallback: visual.stockFallback }),
                };
          const data = { scene_id: scene.id, position: scene.position, asset_id: asset!.id, ...origin };
          // At the gate the video has no stage to show.
          if (gate)
            return { key: eventKeys.gate.image(gate, scene.id), type: 'storyboard_picture_made', data };
          return {
            key: eventKeys.run.image(input.run, scene.id),
            type: 'scene_image_generated',
            stage: 'visualising',
            data,
          };
        },
      });
    },
  };
}

/**
 * The scene's storyboard picture becomes its image, logged like a made one, unless the run gave
 * the scene up (its refund is logged) or another attempt got there first: true. False when the
 * picture's asset is deleted: the storyboard picture is dropped and a new one is to be made.
 */
async function adoptStoryboard(
  videos: SceneImageDeps['videos'],
  video: { accountId: string; id: string },
  sceneId: string,
  run: number,
): Promise<boolean> {
  return videos.transaction(async (trx) => {
    await videos.events.lock(video.accountId, video.id, trx);
    const scene = (await videos.scenes.list(video.accountId, video.id, trx)).find((s) => s.id === sceneId);
    if (!scene || scene.imageAssetId) return true;
    if (!scene.storyboardAssetId) return false;
    const refund = eventKeys.run.refund(run, chargeItems.image(sceneId));
    if (await videos.events.has(video.accountId, video.id, refund, trx)) return true;
    if (await videos.scenes.dropDeletedStoryboard(video.accountId, video.id, sceneId, trx)) return false;
    await videos.scenes.setImage(video.accountId, video.id, sceneId, scene.storyboardAssetId, trx);
    await videos.events.record(
      video.accountId,
      video.id,
      {
        key: eventKeys.run.image(run, sceneId),
        type: 'scene_image_generated',
        stage: 'visualising',
        data: {
          scene_id: sceneId,
          position: scene.position,
          asset_id: scene.storyboardAssetId,
          visual: 'storyboard',
        },
      },
      trx,
    );
    return true;
  });
}
