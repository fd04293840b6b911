import { describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';

/**
 * Batches (docs/decisions/0063-templates-and-batches.md) shown at size: 30 rows of one account. Each row's video is as short as the
 * pipeline makes one: the client's single scene (no script to write), no speech (the scene lasts
 * its reading time, 2 s), no motion or transition, 720p at 24 fps.
 */
const REQUEST = {
  prompt: 'Row {{name}}',
  scenes: [{ narration: 'Hi {{name}}.' }],
  narrate: false,
  motion: 'none',
  transition: 'none',
  output: { resolution: '720p', fps: 24 },
};
const ROWS = 30;

/** The account's videos holding a concurrency slot, as the limit counts them. */
async function inProgress(accountId: string): Promise<string[]> {
  const rows = await testDb()
    .selectFrom('videos')
    .select('id')
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('status', 'not in', ['completed', 'failed'])
    .execute();
  return rows.map((r) => r.id);
}

describe('a 30-row batch', () => {
  it('completes with 30 videos, never more than 3 of the account in progress, a single video made mid-batch in the free slot', async () => {
    const account = await createAccount({ credits: 500 });
    const template = await account.api.post('/templates', { name: 'Thirty', request: REQUEST });
    expect(template.status, template.text).toBe(201);
    const names = Array.from({ length: ROWS }, (_, i) => `N${i}`);
    const created = await account.api.post('/batches', {
      template_id: template.body.id,
      rows: names.map((name) => ({ variables: { name } })),
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id;

    let mostOfAccount = 0;
    let mostOfBatch = 0;
    let samples = 0;
    let single: string | undefined;
    /** How many rows still waited when the single video completed. */
    let waitingWhenSingleDone: number | undefined;
    let batch = created.body;
    const deadline = Date.now() + 600_000;
    while (batch.status === 'running' && Date.now() < deadline) {
      const busy = await inProgress(account.accountId);
      const ofBatch = busy.filter((v) => v !== single).length;
      samples++;
      mostOfAccount = Math.max(mostOfAccount, busy.length);
      mostOfBatch = Math.max(mostOfBatch, ofBatch);
      expect(busy.length).toBeLessThanOrEqual(3);
      expect(ofBatch).toBeLessThanOrEqual(2);
      expect(batch.in_progress).toBeLessThanOrEqual(2);
      // Mid-batch, with the batch at its two slots: the single video takes the third.
      if (!single && batch.completed >= 4 && ofBatch === 2) {
        const res = await account.api.post('/videos', { ...REQUEST, prompt: 'Solo', auto_approve: true });
        expect(res.status, res.text).toBe(201);
        single = res.body.id;
      }
      if (single && waitingWhenSingleDone === undefined) {
        const v = (await account.api.get(`/videos/${single}`)).body;
        if (v.status === 'completed' || v.status === 'failed') waitingWhenSingleDone = batch.waiting;
      }
      await new Promise((r) => setTimeout(r, 100));
      batch = (await account.api.get(`/batches/${id}`)).body;
    }
    expect(batch).toMatchObject({
      status: 'completed',
      total: ROWS,
      completed: ROWS,
      waiting: 0,
      in_progress: 0,
      failed: 0,
      cancelled: 0,
    });
    expect(single, 'the batch reached 2 videos in progress after its first rows').toBeDefined();
    expect(samples).toBeGreaterThan(ROWS);
    // The batch used its two slots (the single video was made when it had both).
    expect(mostOfBatch).toBe(2);
    expect(mostOfAccount).toBeLessThanOrEqual(3);
    const solo = (await account.api.get(`/videos/${single}`)).body;
    expect(solo.status).toBe('completed');
    // It ran beside the batch, not after it: rows were still waiting when it was done.
    expect(waitingWhenSingleDone).toBeGreaterThan(0);

    const rows: any[] = [];
    let cursor: string | null = null;
    do {
      const page: any = (
        await account.api.get(`/batches/${id}/rows?limit=100${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      rows.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(rows.map((r) => [r.index, r.status, r.variables.name])).toEqual(
      names.map((name, i) => [i, 'completed', name]),
    );
    // One video per row and the single one: 31, each made once.
    const videos = (await account.api.get('/videos?limit=100')).body.data;
    expect(videos).toHaveLength(ROWS + 1);
    const rowVideos = new Set(rows.map((r) => r.video_id));
    expect(rowVideos.size).toBe(ROWS);
    expect(new Set(videos.map((v: any) => v.id))).toEqual(new Set([...rowVideos, single]));
    expect(videos.every((v: any) => v.status === 'completed')).toBe(true);
    expect(
      videos
        .filter((v: any) => v.id !== single)
        .map((v: any) => v.prompt)
        .sort(),
    ).toEqual(names.map((n) => `Row ${n}`).sort());
  }, 900_000);
});
