import { ApplicationFailure } from '@temporalio/activity';
import type { AssetRepository } from '@vidgen/assets';
import type { Database, Transaction } from '@vidgen/db';
import type { ChargeService } from '@vidgen/ledger';
import { credits } from '@vidgen/metrics';
import { eventKeys, UpdateErrorTypes, type VideoActivities } from '@vidgen/workflows';
import type { VideoRepository, WorkflowVideo } from '../video.repository';
import type { VideoSlots } from '../video-slots';
import { parseInput, schemas } from './activity-inputs';
import { businessFailure } from './failures';
import { loadVideo } from './video-loader';

export interface ApprovalDeps {
  videos: Pick<VideoRepository, 'findForWorkflow' | 'transaction' | 'scenes' | 'events' | 'placeInAccount'>;
  slots: Pick<VideoSlots, 'assertFree'>;
  charges: Pick<ChargeService, 'chargesDue' | 'chargeForRun'>;
  assets: Pick<AssetRepository, 'findShared'>;
}

type GateActivities = Pick<
  VideoActivities,
  'planProduction' | 'approveProduction' | 'settleOutcome' | 'beginRegeneration'
>;

/**
 * The review gate's steps that put a video (back) in progress: an approval (what a production
 * run costs, then the slot, the charges and the move into production) and a regenerate (the
 * slot and the move into scripting). Each commits once under its event key, and its outcome
 * can be settled once (settleOutcome) when the workflow never heard back.
 */
export function createApprovalActivities({ videos, slots, charges, assets }: ApprovalDeps): GateActivities {
  /**
   * Inside the step's transaction, after the slot check locked the account: locks the video row
   * (the order everywhere: account, then video) and says whether the step is already done;
   * throws when it was settled as abandoned, so a late attempt cannot commit it after all.
   */
  async function alreadyDone(
    video: WorkflowVideo,
    doneKey: string,
    abandonedKey: string,
    trx: Transaction<Database>,
  ): Promise<boolean> {
    await videos.events.lock(video.accountId, video.id, trx);
    if (await videos.events.has(video.accountId, video.id, doneKey, trx)) return true;
    if (await videos.events.has(video.accountId, video.id, abandonedKey, trx)) {
      throw ApplicationFailure.nonRetryable(
        'This step was abandoned; try again',
        UpdateErrorTypes.invalidState,
      );
    }
    return false;
  }

  /** What a run costs for the scenes as they stand (in `trx`: as they stand under its locks). */
  async function price(video: WorkflowVideo, trx?: Transaction<Database>) {
    const scenes = await videos.scenes.list(video.accountId, video.id, trx);
    const due = await charges.chargesDue(
      video.accountId,
      video.id,
      scenes.map((s) => ({
        id: s.id,
        narration: s.narration,
        hasImage: Boolean(s.imageAssetId),
        hasNarration: Boolean(s.narrationAssetId),
        synthesised: video.options.narrate && !s.audioAssetId,
      })),
      trx,
      await videos.events.narrationSpent(video.accountId, video.id, trx),
    );
    return { scenes, charges: due };
  }

  return {
    async planProduction(raw) {
      const input = parseInput(schemas.plan, raw);
      const video = await loadVideo(videos, input.videoId);
      const { scenes, charges: due } = await price(video);
      const missingFrom = scenes.some((s) => !s.imageAssetId)
        ? ('visualising' as const)
        : scenes.some((s) => !s.narrationAssetId)
          ? ('narrating' as const)
          : undefined;
      // Where the run's media work goes in the media queue (media-priority.ts): behind the account's
      // other videos under way (scripting or in production; not those waiting at the gate) and, in
      // the account, behind the ones created before it: creation order, so two videos planned at
      // the same moment do not both count themselves first.
      const place = await videos.placeInAccount(video.accountId, video.id);
      return {
        sceneIds: scenes.map((s) => s.id),
        charges: due,
        aheadInAccount: place.ahead,
        othersInAccount: place.others,
        ...(missingFrom && { missingFrom }),
      };
    },

    /**
     * The slot, the charges and the move into production commit together, once per run. The run
     * is priced here, inside the transaction, after the video row and every asset its scenes or
     * options reference are locked: the scenes cannot change and those assets cannot be deleted
     * until it commits, so what is charged is what the run will make. The plan's `charges` (priced
     * before) are not trusted.
     */
    async approveProduction(raw) {
      const input = parseInput(schemas.approve, raw);
      const video = await loadVideo(videos, input.videoId);
      const key = eventKeys.run.approved(input.run);
      let charged = 0;
      try {
        await videos.transaction(async (trx) => {
          if (await videos.events.has(video.accountId, video.id, key, trx)) return;
          await slots.assertFree(video.accountId, { excludeVideoId: video.id }, trx);
          if (await alreadyDone(video, key, eventKeys.run.approvalAbandoned(input.run), trx)) return;
          const referenced = (await videos.scenes.list(video.accountId, video.id, trx)).flatMap((s) =>
            s.imageAssetId ? [s.imageAssetId] : [],
          );
          if (video.options.music) referenced.push(video.options.music.asset_id);
          await assets.findShared(video.accountId, referenced, trx);
          const run = await price(video, trx);
          charged = await charges.chargeForRun(
            video.accountId,
            { videoId: video.id, run: input.run, charges: run.charges, isRetry: input.isRetry },
            trx,
          );
          await videos.events.record(
            video.accountId,
            video.id,
            {
              key,
              type: input.isRetry ? 'retry_approved' : 'approved',
              status: input.resumeStage,
              stage: input.resumeStage,
              awaitingApproval: false,
              failureReason: null,
              data: { run: input.run, credits_charged: charged, charges: run.charges },
              set: { credits_charged_delta: charged },
            },
            trx,
          );
        });
      } catch (err) {
        throw businessFailure(err);
      }
      // After the commit: a transaction that rolled back charged nothing.
      credits.inc({ kind: 'charged' }, charged);
    },

    /** Regenerating puts the video back in progress: one of the account's slots, then scripting. */
    async beginRegeneration(raw) {
      const input = parseInput(schemas.regenerate, raw);
      const video = await loadVideo(videos, input.videoId);
      const key = eventKeys.script.regenerating(input.scriptVersion);
      try {
        await videos.transaction(async (trx) => {
          if (await videos.events.has(video.accountId, video.id, key, trx)) return;
          await slots.assertFree(video.accountId, { excludeVideoId: video.id }, trx);
          const abandoned = eventKeys.script.regenerationAbandoned(input.scriptVersion);
          if (await alreadyDone(video, key, abandoned, trx)) return;
          await videos.events.record(
            video.accountId,
            video.id,
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

    /** Whether a gate step committed; if not, records it as abandoned so it never will. */
    async settleOutcome(raw) {
      const input = parseInput(schemas.settle, raw);
      const video = await loadVideo(videos, input.videoId);
      return videos.transaction(async (trx) => {
        await videos.events.lock(video.accountId, video.id, trx);
        if (await videos.events.has(video.accountId, video.id, input.doneKey, trx)) return { done: true };
        await videos.events.record(
          video.accountId,
          video.id,
          { key: input.abandonedKey, type: 'gate_step_abandoned', data: { step: input.doneKey } },
          trx,
        );
        return { done: false };
      });
    },
  };
}
