import { Client, Connection } from '@temporalio/client';
import { appendEntry, LedgerRepository } from '@vidgen/ledger';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import {
  approveAndFinish,
  balanceOf,
  cleanLog,
  expectError,
  grant,
  scenesOf,
  toGate,
} from '../../../test/support/lifecycle';
import { finished, waitForVideo } from '../../../test/support/videos';

/** The suite's stack runs with VIDEO_WORKFLOW_UPDATES_PER_RUN=20 (test/global-setup.ts). */
const UPDATES_PER_RUN = 20;

/**
 * A video that waits long at the gate, or sits failed, keeps taking updates. Temporal caps a
 * run's updates and events, so the workflow continues as new at an idle point, carrying its
 * state; the video must go on exactly as if nothing happened.
 */
describe('a long-lived video workflow continues as new', () => {
  let connection: Connection;
  let client: Client;
  beforeAll(async () => {
    connection = await Connection.connect({ address: inject('stack').temporalAddress });
    client = new Client({ connection });
  });
  afterAll(async () => {
    await connection?.close();
  });

  /** Statuses of every run of the video's workflow, oldest first, once visibility shows at least `min`. */
  async function runsOf(videoId: string, min: number): Promise<string[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const runs: { start: number; status: string }[] = [];
      for await (const w of client.workflow.list({ query: `WorkflowId="video-${videoId}"` })) {
        runs.push({ start: w.startTime.getTime(), status: w.status.name });
      }
      if (runs.length >= min || Date.now() > deadline) {
        return runs.sort((a, b) => a.start - b.start).map((r) => r.status);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('at the review gate: many scene edits span several runs, every edit stands, and the video completes', async () => {
    const { api } = await createAccount({ credits: 20 });
    const video = await toGate(api, { prompt: 'Lighthouses guide ships at night.', scene_count: 1 });
    const [scene] = await scenesOf(api, video.id);
    const edits = UPDATES_PER_RUN * 2 + 5;
    for (let i = 1; i <= edits; i++) {
      const res = await api.patch(`/videos/${video.id}/scenes/${scene.id}`, {
        narration: `Edit number ${i}.`,
      });
      expect(res.status, res.text).toBe(200);
    }
    const runs = await runsOf(video.id, 3);
    expect(runs.slice(0, -1)).toEqual(runs.slice(0, -1).map(() => 'CONTINUED_AS_NEW'));
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.at(-1)).toBe('RUNNING');

    const [edited] = await scenesOf(api, video.id);
    expect(edited.narration).toBe(`Edit number ${edits}.`);
    const done = await approveAndFinish(api, video.id);
    expect(done.status).toBe('completed');
    const log = await cleanLog(api, video.id);
    expect(log.filter((e) => e.type === 'scene_edited')).toHaveLength(edits);
  }, 180_000);

  it('while failed: refused retries span several runs, and a retry after a grant resumes where it failed', async () => {
    const { api, accountId } = await createAccount({ credits: 10 });
    const video = await toGate(api, {
      prompt: 'Bees dance to share the way to flowers.',
      scene_count: 1,
      faults: { narrating: { fail: true } },
    });
    const failed = await approveAndFinish(api, video.id);
    expect(failed.status).toBe('failed');
    expect(failed.failure_reason.code).toBe('AUDIO_GENERATION_ERROR');

    // Spend what is left, so each retry is refused for credits (an update that fails).
    const left = await balanceOf(accountId);
    const ledger = new LedgerRepository(testDb());
    await ledger.transaction((trx) =>
      appendEntry(ledger, { accountId, kind: 'charged', amount: -left, reason: 'spent' }, trx),
    );
    for (let i = 0; i < UPDATES_PER_RUN + 3; i++) {
      expectError(await api.post(`/videos/${video.id}/approve`), 402, 'INSUFFICIENT_CREDITS');
    }
    const runs = await runsOf(video.id, 2);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]).toBe('CONTINUED_AS_NEW');

    await grant(accountId, 5);
    const retried = await api.post(`/videos/${video.id}/approve`);
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.status).toBe('narrating');
    const done = await waitForVideo(api, video.id, finished, 150_000);
    expect(done.status).toBe('completed');
    await cleanLog(api, video.id);
  }, 180_000);
});
