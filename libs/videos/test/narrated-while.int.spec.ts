import { setTimeout as sleep } from 'node:timers/promises';
import { AssetRepository } from '@vidgen/assets';
import { describe, expect, it } from 'vitest';
import { testDb } from '../../../test/support/api';
import { narratedWhile } from '../src/activities/render-segment.activity';
import { gateActivitiesOnPostgres } from './support/gate-activities';

/**
 * A segment rendered before its video is narrated looks, while it renders, whether it is now
 * (docs/decisions/0085-fair-within-a-rank.md): every scene's narration is in the database.
 */
describe('narratedWhile on PostgreSQL', () => {
  const { videos, videoAtGate } = gateActivitiesOnPostgres();

  async function narrate(accountId: string, videoId: string, sceneId: string, position: number) {
    const asset = await new AssetRepository(testDb()).insert({
      accountId,
      videoId,
      type: 'narration',
      path: `${accountId}/${videoId}/narration-${position}.wav`,
      mimeType: 'audio/wav',
      sizeBytes: 10,
    });
    await videos().transaction((trx) =>
      videos().scenes.setNarration(
        accountId,
        videoId,
        sceneId,
        { assetId: asset.id, seconds: 2.5, words: [] },
        trx,
      ),
    );
  }

  it('resolves true once every scene is narrated, and false when the render ends first', async () => {
    const { videoId, accountId } = await videoAtGate(20, 2);
    const video = { accountId, id: videoId };
    const [first, second] = await videos().scenes.list(accountId, videoId);
    const rendered = new AbortController();
    const ended = narratedWhile(videos(), video, rendered.signal, 20);
    const later = narratedWhile(videos(), video, new AbortController().signal, 20);
    let settled = false;
    void later.then(() => {
      settled = true;
    });

    await narrate(accountId, videoId, first!.id, 1);
    await sleep(200);
    // One scene of two: not yet.
    expect(settled).toBe(false);
    rendered.abort();
    expect(await ended).toBe(false);

    await narrate(accountId, videoId, second!.id, 2);
    expect(await later).toBe(true);
    expect(await videos().scenes.allNarrated(accountId, videoId)).toBe(true);
  });
});
