import { MaxConcurrentVideosError, NotFoundError } from '@vidgen/core';
import { type Database, lockForUpdate, type Transaction } from '@vidgen/db';
import type { VideoRepository } from './video.repository';
import { VIDEO_LIMITS } from './video.types';

/**
 * The concurrency limit (docs/lifecycle.md#limit-of-3): an account has at most 3 videos in progress.
 * Creating a video takes a slot, which it keeps while it waits at the review gate (its status is
 * `pending`); approving or regenerating it there keeps that slot. Retrying or regenerating a
 * failed video takes a slot again, since it puts the video back in progress.
 */
export class VideoSlots {
  constructor(
    private readonly videos: Pick<VideoRepository, 'countInProgress'>,
    private readonly limit: number = VIDEO_LIMITS.concurrentVideos,
  ) {}

  /**
   * Throws MaxConcurrentVideosError unless the account has a free slot. The account row is
   * locked first and stays locked until the caller's transaction ends, so concurrent creates
   * and approvals on one account queue behind each other: no fourth video slips past a limit
   * of three. `excludeVideoId` is the video being approved, which must not count against itself.
   * `locked`: the caller took the account's lock in this transaction already (a create takes it
   * first), so it is not asked for a second time.
   */
  async assertFree(
    accountId: string,
    opts: { excludeVideoId?: string; locked?: boolean },
    trx: Transaction<Database>,
  ): Promise<void> {
    if (!opts.locked && !(await lockForUpdate(trx, accountId))) throw new NotFoundError('Account');
    const busy = await this.videos.countInProgress(accountId, opts, trx);
    if (busy >= this.limit) throw new MaxConcurrentVideosError(this.limit);
  }
}
