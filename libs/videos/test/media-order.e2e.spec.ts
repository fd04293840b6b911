import { type ServiceProcess, type Stack, spawnService } from '@vidgen/stack-harness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { atGate, events, finished, waitForVideo } from '../../../test/support/videos';

const SCENES = Array.from({ length: 3 }, (_, i) => ({
  narration: `Scene ${i + 1}. The tide comes in over the flats and the birds move inland.`,
}));

/**
 * Media work is taken from the media queue by priority and the account's fairness key: a video
 * under way first, accounts in turn (docs/decisions/0062-scheduling-by-temporal.md). The spec
 * compares completion order only, never durations.
 */
describe('media work order', () => {
  let stack: Stack;
  let media: ServiceProcess;

  beforeAll(async () => {
    stack = await startOwnStack('media-order', {
      env: { WORKER_ROLES: 'control' },
    });
    media = spawnService('worker', { ...stack.env, WORKER_ROLES: 'media', WORKER_METRICS_PORT: '0' });
  });
  afterAll(async () => {
    await media?.stop();
    await stack?.stop();
  });

  it("finishes a video under way before the account's later ones, and one account with three videos does not starve one with one", async () => {
    const a = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const b = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const owners = [a, a, a, b];
    const ids: string[] = [];
    for (const [i, owner] of owners.entries()) {
      const created = await owner.api.post('/videos', { prompt: `Tides ${i}`, scenes: SCENES });
      expect(created.status, created.text).toBe(201);
      ids.push(created.body.id);
    }
    for (const [i, id] of ids.entries()) await waitForVideo(owners[i]!.api, id, atGate);
    // Approved one after the other: A's three videos, then B's one.
    for (const [i, id] of ids.entries()) {
      const approved = await owners[i]!.api.post(`/videos/${id}/approve`);
      expect(approved.status, approved.text).toBe(200);
    }
    const completedAt: number[] = [];
    for (const [i, id] of ids.entries()) {
      const done = await waitForVideo(owners[i]!.api, id, finished, 600_000);
      expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');
      const log = await events(owners[i]!.api, id);
      completedAt.push(Date.parse(`${log.find((e) => e.type === 'completed').created_at}Z`));
    }
    // A's first video and B's only one run side by side (one fairness key each), so which of the
    // two finishes first is not the order's to say.
    const [a1, , a3, b1] = completedAt as [number, number, number, number];
    expect(a1, "A's first video completes before its third").toBeLessThan(a3);
    // FIFO task queues would finish B's video, approved last, after all of A's.
    expect(b1, "B's only video completes before A's third").toBeLessThan(a3);
  }, 900_000);
});
