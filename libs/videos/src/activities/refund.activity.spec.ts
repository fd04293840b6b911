import { ChargeService, type LedgerEntryInput } from '@vidgen/ledger';
import { chargeItems, eventKeys, ledgerKeys } from '@vidgen/workflows';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_ID,
  activityEnv,
  aScene,
  aVideo,
  fakeLedger,
  fakeVideos,
  sceneId,
  VIDEO_ID,
} from '../../test/support/activity-fakes';
import type { Scene } from '../video.types';
import { createRefundActivity } from './refund.activity';

const imageA = chargeItems.image(sceneId(1));
const imageB = chargeItems.image(sceneId(2));
const neverCharged = chargeItems.image(sceneId(3));

const entry = (kind: 'charged' | 'refunded', item: string, amount: number, run = 1): LedgerEntryInput => ({
  accountId: ACCOUNT_ID,
  kind,
  amount,
  videoId: VIDEO_ID,
  item,
  idempotencyKey:
    kind === 'charged' ? ledgerKeys.charge(VIDEO_ID, run, item) : ledgerKeys.refund(VIDEO_ID, run, item),
});

function setup(scenes: Scene[] = []) {
  // Run 1 charged both images and the narration; image B was refunded when it failed in run 1.
  const l = fakeLedger([
    entry('charged', imageA, -1),
    entry('charged', imageB, -1),
    entry('charged', chargeItems.narration, -3),
    entry('refunded', imageB, 1),
  ]);
  const v = fakeVideos(aVideo(), scenes);
  const { refund } = createRefundActivity({ videos: v.videos, charges: new ChargeService(l.ledger) });
  const run = (items: string[], r = 2) =>
    activityEnv().run(refund, {
      videoId: VIDEO_ID,
      run: r,
      items,
      reason: 'narration failed',
    });
  return { ...l, ...v, run };
}

const refunds = (entries: LedgerEntryInput[]) =>
  entries.filter((e) => e.kind === 'refunded').map((e) => [e.item, e.amount, e.idempotencyKey]);

describe('refund activity', () => {
  it('refunds only what each item still holds, with one event per refunded item', async () => {
    const s = setup();
    await s.run([imageA, imageB, chargeItems.narration, neverCharged]);
    expect(refunds(s.entries)).toEqual([
      [imageB, 1, ledgerKeys.refund(VIDEO_ID, 1, imageB)],
      [imageA, 1, ledgerKeys.refund(VIDEO_ID, 2, imageA)],
      [chargeItems.narration, 3, ledgerKeys.refund(VIDEO_ID, 2, chargeItems.narration)],
    ]);
    expect(s.events).toEqual([
      {
        key: eventKeys.run.refund(2, imageA),
        type: 'refunded',
        data: { item: imageA, credits: 1, reason: 'narration failed' },
        set: { credits_refunded_delta: 1 },
      },
      {
        key: eventKeys.run.refund(2, chargeItems.narration),
        type: 'refunded',
        data: { item: chargeItems.narration, credits: 3, reason: 'narration failed' },
        set: { credits_refunded_delta: 3 },
      },
    ]);
  });

  it('refunds nothing twice: a retried activity, or a later run, finds nothing left to return', async () => {
    const s = setup();
    await s.run([imageA, chargeItems.narration]);
    await s.run([imageA, chargeItems.narration]);
    await s.run([imageA, chargeItems.narration], 3);
    expect(refunds(s.entries)).toHaveLength(3);
    expect(s.events.map((e) => e.key)).toEqual([
      eventKeys.run.refund(2, imageA),
      eventKeys.run.refund(2, chargeItems.narration),
    ]);
  });

  it('refunds nothing for an item whose output was stored after all (an attempt that outlived its timeout)', async () => {
    // Scene 1's image and every narration made it to storage; only scene 2's image is missing.
    const s = setup([
      aScene(1, { imageAssetId: 'late-image', narrationAssetId: 'n1' }),
      aScene(2, { narrationAssetId: 'n2' }),
    ]);
    await s.run([imageA, chargeItems.narration]);
    expect(refunds(s.entries)).toEqual([[imageB, 1, ledgerKeys.refund(VIDEO_ID, 1, imageB)]]);
    expect(s.events).toEqual([]);
  });
});
