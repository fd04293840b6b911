import { lockForUpdate } from '@vidgen/db';
import { BATCH_ROW_PRIORITY, type BatchActivities, type BatchLook, type Faults } from '@vidgen/workflows';
import type { VideoRepository } from '../video.repository';
import { VIDEO_LIMITS } from '../video.types';
import type { VideoWorkflowGateway } from '../video-workflow.gateway';
import type { BatchRepository } from './batch.repository';

/**
 * At most this many videos of an account may be in progress when a batch starts another: a
 * batch never meets MAX_CONCURRENT_VIDEOS and always leaves one slot for the account's single
 * videos (at most 2 of a batch's videos run at once under a limit of 3).
 */
export const BATCH_SLOTS = VIDEO_LIMITS.concurrentVideos - 1;

export function createBatchActivities(deps: {
  batches: BatchRepository;
  videos: VideoRepository;
  workflows: Pick<VideoWorkflowGateway, 'start' | 'taskQueue'>;
  slots?: number;
}): BatchActivities {
  const slots = deps.slots ?? BATCH_SLOTS;
  return {
    async advanceBatch({ batchId, accountId }): Promise<BatchLook> {
      /*
       * Exactly once per row: the row's video is created and recorded on the row in one
       * transaction, under the batch's row lock, so a look retried after a lost worker (or run
       * again after a Temporal or api restart) finds the row taken and creates nothing. The
       * account's row is locked as VideoSlots locks it, so a single create and a look queue
       * behind each other and the count of videos in progress is exact.
       */
      const look = await deps.batches.transaction(async (trx): Promise<BatchLook> => {
        const status = await deps.batches.lockStatus(accountId, batchId, trx);
        if (status !== 'running') return { finished: true, status, started: 0, waiting: 0, inProgress: 0 };
        await lockForUpdate(trx, accountId);
        const busy = await deps.videos.countInProgress(accountId, {}, trx);
        const free = Math.max(0, slots - busy);
        let started = 0;
        if (free > 0) {
          for (const row of await deps.batches.waitingRows(accountId, batchId, free, trx)) {
            const video = await deps.videos.create(
              accountId,
              { ...row.video, taskQueue: deps.workflows.taskQueue },
              trx,
            );
            if (!(await deps.batches.setVideo(accountId, batchId, row.index, video.id, trx))) {
              throw new Error(`batch ${batchId} row ${row.index} already has a video`);
            }
            started++;
          }
        }
        const counts = await deps.batches.counts(accountId, batchId, trx);
        const finished = counts.waiting === 0 && counts.inProgress === 0;
        if (finished) await deps.batches.setStatus(accountId, batchId, 'completed', trx);
        return {
          finished,
          status: finished ? 'completed' : 'running',
          started,
          waiting: counts.waiting,
          inProgress: counts.inProgress,
        };
      });
      // This look's videos, and any a lost look committed but never started.
      for (const v of await deps.batches.unstartedVideos(accountId, batchId)) {
        await deps.workflows.start(
          {
            videoId: v.id,
            accountId,
            autoApprove: v.autoApprove,
            faults: (v.faults ?? undefined) as Faults | undefined,
            batchRow: true,
          },
          { priorityKey: BATCH_ROW_PRIORITY },
        );
        await deps.videos.markWorkflowStarted(accountId, v.id);
      }
      return look;
    },
  };
}
