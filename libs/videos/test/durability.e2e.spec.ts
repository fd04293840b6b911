import { type Stack } from '@vidgen/stack-harness';
import { VideoRepository, videoOptions } from '@vidgen/videos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, testDb } from '../../../test/support/api';
import { closeTemporal, workflowTaskQueue } from '../../../test/support/lifecycle';
import { startOwnStack } from '../../../test/support/own-stack';
import { atGate, events, finished, waitForVideo } from '../../../test/support/videos';

/** Counts events per (type, scene) so a duplicate append of the same fact shows up. */
function duplicates(log: any[]): string[] {
  const seen = new Map<string, number>();
  for (const e of log) {
    const k = `${e.type}|${e.stage ?? ''}|${e.status ?? ''}|${e.data?.scene_id ?? ''}|${e.data?.item ?? ''}`;
    seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k]) => k);
}

describe('durability', () => {
  let stack: Stack;

  beforeAll(async () => {
    // A stack of its own: killing its worker must not stall the other specs' videos.
    stack = await startOwnStack('durability');
  });
  afterAll(async () => {
    await closeTemporal();
    await stack?.stop();
  });

  it('a worker killed (SIGKILL) while a video renders: a new worker finishes it and the log has no duplicates', async () => {
    const { api } = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const prompt =
      'A long tour of the solar system. The sun holds everything together. Mercury is small and hot. ' +
      'Venus hides under thick clouds. Earth is home. Mars is red and dusty. Jupiter is a giant of gas. ' +
      'Saturn wears bright rings. Uranus rolls on its side. Neptune is cold and windy. ' +
      'Pluto lies far beyond. Comets visit from the edge.';
    const created = await api.post('/videos', { prompt, scene_count: 12, auto_approve: true });
    expect(created.status).toBe(201);
    const id = created.body.id;

    await waitForVideo(api, id, (v) => v.status === 'rendering' || finished(v), 180_000);
    const during = (await api.get(`/videos/${id}`)).body;
    expect(during.status).toBe('rendering');
    await stack.worker!.kill();
    const killedAt = Date.now();

    await stack.startWorker();
    const done = await waitForVideo(api, id, finished, 180_000);
    expect(done.status).toBe('completed');
    expect(done.video_url).toMatch(/^http/);
    // The render activity was picked up again after its heartbeat lapsed, not restarted from scratch.
    expect(Date.now() - killedAt).toBeLessThan(120_000);

    const log = await events(api, id);
    expect(duplicates(log)).toEqual([]);
    expect(log.map((e: any) => e.seq)).toEqual(log.map((_: any, i: number) => i + 1));
    expect(log.filter((e: any) => e.type === 'scene_image_generated')).toHaveLength(12);
    expect(log.filter((e: any) => e.type === 'rendered')).toHaveLength(1);
    expect(log.filter((e: any) => e.type === 'completed')).toHaveLength(1);
    // Twelve scenes with motion, fades and captions, rendered twice in part: minutes on a busy machine.
  }, 300_000);

  it('a video whose workflow start never happened (api died after the insert) is started by a worker, on the queue its row names', async () => {
    const account = await createAccount({ credits: 10, baseUrl: stack.baseUrl });
    const queue = stack.env.TEMPORAL_TASK_QUEUE!;
    // Exactly what POST /videos commits before it starts the workflow.
    const video = await new VideoRepository(testDb()).create(account.accountId, {
      prompt: 'Lighthouses and the sea.',
      sceneCount: 1,
      options: videoOptions({ aspect_ratio: '1:1' }),
      faults: undefined,
      taskQueue: queue,
    });
    const gated = await waitForVideo(account.api, video.id, atGate, 60_000);
    expect(gated.awaiting_approval).toBe(true);
    // Every worker of this run sweeps the one database, each with a queue of its own: whichever
    // started it, it runs on this stack's queue, where this stack's worker serves it.
    expect(await workflowTaskQueue(video.id)).toBe(queue);
    const log = await events(account.api, video.id);
    expect(log.filter((e: any) => e.type === 'created')).toHaveLength(1);
    expect(log.filter((e: any) => e.type === 'awaiting_approval')).toHaveLength(1);
  });
});
