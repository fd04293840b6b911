import { AssetRepository } from '@vidgen/assets';
import { LedgerRepository } from '@vidgen/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { gateActivitiesOnPostgres } from './support/gate-activities';

describe('gate activities on PostgreSQL: approval', () => {
  const gate = gateActivitiesOnPostgres();
  const { run, videos, videoAtGate, approve } = gate;
  let a: ReturnType<typeof gate.activities>;
  beforeAll(() => {
    a = gate.activities();
  });

  it('an approval prices the scenes as they stand when it commits: a client image deleted after planning is charged, not free', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    const image = await new AssetRepository(testDb()).insert({
      accountId,
      videoId: null,
      source: 'upload',
      type: 'image',
      path: `${accountId}/client/picture.png`,
      mimeType: 'image/png',
      sizeBytes: 10,
    });
    const [first] = await videos().scenes.list(accountId, videoId);
    await videos().transaction((trx) =>
      videos().scenes.updateText(accountId, videoId, first!.id, { image_asset_id: image.id }, trx),
    );
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    expect(plan.charges.reduce((n, c) => n + c.amount, 0)).toBe(2); // one image, the narration
    // The client's picture goes between the plan and the approval (as a DELETE /assets/{id} would).
    await videos().transaction(async (trx) => {
      await new AssetRepository(testDb()).markDeleted(accountId, image.id, trx);
      await videos().scenes.detachClientImage(accountId, image.id, trx);
    });
    await approve(videoId, 1, plan.charges);
    expect((await videos().find(accountId, videoId))!.creditsCharged).toBe(3);
    expect((await new LedgerRepository(testDb()).account(accountId))!.balance).toBe(17);
  });

  it('an approval settled as abandoned can no longer be booked by a late attempt, and charges nothing', async () => {
    const { videoId, accountId } = await videoAtGate();
    const settled = await run(() =>
      a.settleOutcome({ videoId, doneKey: 'run1:approved', abandonedKey: 'run1:approval_abandoned' }),
    );
    expect(settled).toEqual({ done: false });
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    await expect(approve(videoId, 1, plan.charges)).rejects.toMatchObject({ type: 'INVALID_STATE' });
    expect((await new LedgerRepository(testDb()).account(accountId))!.balance).toBe(20);
    expect((await videos().find(accountId, videoId))!.awaitingApproval).toBe(true);
  });

  it('an approval that committed settles as done', async () => {
    const { videoId } = await videoAtGate();
    const plan = await run(() => a.planProduction({ videoId, run: 1 }));
    await approve(videoId, 1, plan.charges);
    await expect(
      run(() =>
        a.settleOutcome({ videoId, doneKey: 'run1:approved', abandonedKey: 'run1:approval_abandoned' }),
      ),
    ).resolves.toEqual({ done: true });
  });

  it("a plan places the video among its account's videos under way (all of them, and the older ones), not those at the gate", async () => {
    const first = await videoAtGate(40);
    const second = await videoAtGate(0, 2, first.accountId);
    const third = await videoAtGate(0, 2, first.accountId);
    const place = async (videoId: string, runNo: number) => {
      const plan = await run(() => a.planProduction({ videoId, run: runNo }));
      return [plan.aheadInAccount, plan.othersInAccount];
    };
    // The first still at the gate: nothing ahead of the second, nothing else under way.
    expect(await place(second.videoId, 1)).toEqual([0, 0]);
    await approve(
      first.videoId,
      1,
      (await run(() => a.planProduction({ videoId: first.videoId, run: 1 }))).charges,
    );
    expect(await place(second.videoId, 1)).toEqual([1, 1]);
    await approve(
      third.videoId,
      1,
      (await run(() => a.planProduction({ videoId: third.videoId, run: 1 }))).charges,
    );
    // The third, newer and in production, counts among the others, not ahead of the second; the
    // first counts as both. The second, at the gate, is not among the first's others.
    expect(await place(second.videoId, 1)).toEqual([1, 2]);
    expect(await place(first.videoId, 2)).toEqual([0, 1]);
  });
});
