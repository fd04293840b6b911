import { InsufficientCreditsError, MaxConcurrentVideosError } from '@vidgen/core';
import type { ChargeService } from '@vidgen/ledger';
import { chargeItems, eventKeys, UpdateErrorTypes } from '@vidgen/workflows';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ID,
  activityEnv,
  aVideo,
  failureOf,
  fakeVideos,
  sceneId,
  VIDEO_ID,
} from '../../test/support/activity-fakes';
import type { VideoSlots } from '../video-slots';
import { createApprovalActivities } from './approval.activity';

const charges = [
  { item: chargeItems.image(sceneId(1)), amount: 1 },
  { item: chargeItems.narration, amount: 2 },
];
const approval = {
  videoId: VIDEO_ID,
  run: 1,
  charges: [],
  resumeStage: 'visualising' as const,
  isRetry: false,
};

function setup(refuse: { slot?: boolean; credits?: { required: number; available: number } } = {}) {
  const v = fakeVideos(aVideo({ status: 'refining', stage: 'refining', awaitingApproval: true }));
  const slotChecks: unknown[][] = [];
  const chargeCalls: unknown[][] = [];
  const slots: Pick<VideoSlots, 'assertFree'> = {
    assertFree: async (...args) => {
      slotChecks.push(args.slice(0, 2));
      if (refuse.slot) throw new MaxConcurrentVideosError(3);
    },
  };
  const chargeService: Pick<ChargeService, 'chargesDue' | 'chargeForRun'> = {
    // The run is priced inside the approval's transaction: these are the charges it books.
    chargesDue: async () => charges,
    chargeForRun: async (...args) => {
      chargeCalls.push(args.slice(0, 2));
      if (refuse.credits)
        throw new InsufficientCreditsError(refuse.credits.required, refuse.credits.available);
      return 3;
    },
  };
  const { approveProduction } = createApprovalActivities({
    videos: v.videos,
    slots,
    charges: chargeService,
    assets: { findShared: async () => new Map() },
  });
  const approve = () => activityEnv().run(approveProduction, approval);
  return { ...v, slotChecks, chargeCalls, approve };
}

describe('approval activity', () => {
  it('takes a slot (not counting the video itself), charges the run and moves into production, once', async () => {
    const s = setup();
    await s.approve();
    await s.approve();
    expect(s.slotChecks).toEqual([[ACCOUNT_ID, { excludeVideoId: VIDEO_ID }]]);
    expect(s.chargeCalls).toEqual([[ACCOUNT_ID, { videoId: VIDEO_ID, run: 1, charges, isRetry: false }]]);
    expect(s.events).toEqual([
      {
        key: eventKeys.run.approved(1),
        type: 'approved',
        status: 'visualising',
        stage: 'visualising',
        awaitingApproval: false,
        failureReason: null,
        data: { run: 1, credits_charged: 3, charges },
        set: { credits_charged_delta: 3 },
      },
    ]);
  });

  it('refuses with a non-retryable MAX_CONCURRENT_VIDEOS when no slot is free, charging nothing', async () => {
    const s = setup({ slot: true });
    const failure = await failureOf(s.approve());
    expect(failure.type).toBe(UpdateErrorTypes.maxConcurrent);
    expect(failure.nonRetryable).toBe(true);
    expect(s.chargeCalls).toEqual([]);
    expect(s.events).toEqual([]);
  });

  it('refuses with a non-retryable INSUFFICIENT_CREDITS that carries what was required and available', async () => {
    const s = setup({ credits: { required: 3, available: 1 } });
    const failure = await failureOf(s.approve());
    expect(failure.type).toBe(UpdateErrorTypes.insufficientCredits);
    expect(failure.nonRetryable).toBe(true);
    expect(failure.details).toEqual([{ required: 3, available: 1 }]);
    expect(s.events).toEqual([]);
  });
});
