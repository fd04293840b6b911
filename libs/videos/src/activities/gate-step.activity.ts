import { lockForUpdate } from '@vidgen/db';
import type { ChargeService } from '@vidgen/ledger';
import type { BuiltProviders } from '@vidgen/media';
import { credits } from '@vidgen/metrics';
import { eventKeys, type VideoActivities } from '@vidgen/workflows';
import { countRefunded, refundUnmade } from '../unmade-refund';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import { parseInput, schemas } from './activity-inputs';
import { businessFailure } from './failures';
import { loadVideo } from './video-loader';

export interface GateStepDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'scenes' | 'events' | 'previews'>;
  charges: Pick<ChargeService, 'chargesDue' | 'chargeForRun' | 'refundUnmade'>;
  /** What serves the stages (GET /providers); without it, pictures are taken to be the illustrator's. */
  providers: Partial<Pick<BuiltProviders, 'describe'>>;
}

type GateStepActivities = Pick<VideoActivities, 'planStoryboard' | 'chargeGateStep' | 'settleGateStep'>;

/**
 * The review gate's storyboard and draft (docs/decisions/0068-storyboard-and-draft.md): which
 * pictures are missing and whether making them is paid for, the charge of what a step makes
 * (once per step, keyed by its id), and its settlement (a refund of what it did not make, the
 * draft's outcome on the record). The pictures, narration and render are the production
 * activities' own, told which gate step they work for.
 */
export function createGateStepActivities({ videos, charges, providers }: GateStepDeps): GateStepActivities {
  let imageProvider: Promise<string> | undefined;
  /** A picture from a model or from stock costs money; the illustrator's costs nothing. */
  async function paid(video: WorkflowVideo): Promise<boolean> {
    if (video.options.visuals === 'stock') return true;
    imageProvider ??= providers.describe
      ? providers.describe().then((d) => d.image.provider)
      : Promise.resolve('local');
    return (await imageProvider) !== 'local';
  }

  async function missingPictures(video: WorkflowVideo): Promise<string[]> {
    const scenes = await videos.scenes.list(video.accountId, video.id);
    return scenes.filter((s) => !s.imageAssetId && !s.storyboardAssetId).map((s) => s.id);
  }

  return {
    async planStoryboard(raw) {
      const input = parseInput(schemas.videoOnly, raw);
      const video = await loadVideo(videos, input.videoId);
      return { sceneIds: await missingPictures(video), paid: await paid(video) };
    },

    async chargeGateStep(raw) {
      const input = parseInput(schemas.gateStep, raw);
      const video = await loadVideo(videos, input.videoId);
      const { accountId, id: videoId } = video;
      const pictures = await paid(video);
      const key = eventKeys.gate.charged(input.gate);
      let charged = 0;
      try {
        await videos.transaction(async (trx) => {
          // Lock order everywhere: the account, then the video.
          await lockForUpdate(trx, accountId);
          await videos.events.lock(accountId, videoId, trx);
          if (await videos.events.has(accountId, videoId, key, trx)) return;
          const scenes = await videos.scenes.list(accountId, videoId, trx);
          // Only what this step makes: paid pictures, and a draft's narration.
          const due = await charges.chargesDue(
            accountId,
            videoId,
            scenes.map((s) => ({
              id: s.id,
              narration: s.narration,
              hasImage: !pictures || Boolean(s.imageAssetId ?? s.storyboardAssetId),
              hasNarration: input.kind === 'storyboard' || Boolean(s.narrationAssetId),
              synthesised: video.options.narrate && !s.audioAssetId,
            })),
            trx,
            await videos.events.narrationSpent(accountId, videoId, trx),
          );
          charged = await charges.chargeForRun(
            accountId,
            {
              videoId,
              run: 0,
              charges: due,
              isRetry: false,
              gate: { id: input.gate, reason: `video ${input.kind}` },
            },
            trx,
          );
          if (input.kind === 'draft') await videos.previews.begin(accountId, videoId, input.gate, trx);
          await videos.events.record(
            accountId,
            videoId,
            {
              key,
              type: 'gate_charged',
              data: { kind: input.kind, gate: input.gate, credits_charged: charged, charges: due },
              set: { credits_charged_delta: charged },
            },
            trx,
          );
        });
      } catch (err) {
        throw businessFailure(err);
      }
      credits.inc({ kind: 'charged' }, charged);
      return { sceneIds: await missingPictures(video) };
    },

    async settleGateStep(raw) {
      const input = parseInput(schemas.gateStep, raw);
      const video = await loadVideo(videos, input.videoId);
      const { accountId, id: videoId } = video;
      const { ready, refunded } = await videos.transaction(async (trx) => {
        const { credits: back } = await refundUnmade(
          { videos, charges },
          video,
          `gate:${input.gate}`,
          `the ${input.kind} did not make it`,
          trx,
          input.kind === 'storyboard' ? 'images' : 'all',
        );
        if (input.kind === 'storyboard') return { ready: false, refunded: back };
        await videos.previews.finish(accountId, videoId, input.gate, 'failed', trx);
        const now = await videos.findForWorkflow(videoId, trx);
        const isReady = now?.preview?.draft === input.gate && now.preview.status === 'ready';
        if (isReady) {
          await videos.events.record(
            accountId,
            videoId,
            {
              key: eventKeys.gate.previewReady(input.gate),
              type: 'preview_ready',
              data: { gate: input.gate },
            },
            trx,
          );
        }
        return { ready: isReady, refunded: back };
      });
      countRefunded(refunded);
      return { ready };
    },
  };
}
