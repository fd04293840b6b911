import os from 'node:os';
import { Client, Connection } from '@temporalio/client';
import { type ServiceProcess, type Stack, spawnService } from '@vidgen/stack-harness';
import { workflowIds } from '@vidgen/workflows';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createAccount } from '../../../test/support/api';
import { startOwnStack } from '../../../test/support/own-stack';
import { finished, waitForVideo } from '../../../test/support/videos';

interface ActivityRun {
  type: string;
  identity: string;
  startedAt: number;
  completedAt: number;
}

/** Each activity of the video's history: its type, the worker that ran it, and when it started and completed. */
async function activityRuns(address: string, videoId: string): Promise<ActivityRun[]> {
  const connection = await Connection.connect({ address });
  try {
    const history = await new Client({ connection }).workflow
      .getHandle(workflowIds.video(videoId))
      .fetchHistory();
    const runs = new Map<string, Partial<ActivityRun>>();
    const millis = (e: { eventTime?: { seconds?: unknown; nanos?: number | null } | null }) =>
      Number(e.eventTime?.seconds ?? 0) * 1000 + (e.eventTime?.nanos ?? 0) / 1e6;
    for (const e of history.events ?? []) {
      const scheduled = e.activityTaskScheduledEventAttributes;
      if (scheduled) runs.set(String(e.eventId), { type: scheduled.activityType?.name ?? '' });
      const started = e.activityTaskStartedEventAttributes;
      if (started) {
        const run = runs.get(String(started.scheduledEventId));
        // A worker's identity is pid@host/<instance id>: the process, without the instance id.
        const identity = (started.identity ?? '').split('/')[0];
        if (run) Object.assign(run, { identity, startedAt: millis(e) });
      }
      const completed = e.activityTaskCompletedEventAttributes;
      if (completed) {
        const run = runs.get(String(completed.scheduledEventId));
        if (run) run.completedAt = millis(e);
      }
    }
    return [...runs.values()].filter((r): r is ActivityRun => r.identity !== undefined);
  } finally {
    await connection.close();
  }
}

/** The worker identities that ran each activity type. */
function identitiesByActivity(runs: ActivityRun[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const r of runs) out.set(r.type, [...(out.get(r.type) ?? []), r.identity]);
  return out;
}

describe('media workers', () => {
  let stack: Stack;
  const media: ServiceProcess[] = [];

  beforeAll(async () => {
    // A stack of its own whose worker polls only the main queue: every media task must go to
    // one of the two media-only workers started beside it.
    stack = await startOwnStack('media-workers', {
      env: { WORKER_ROLES: 'control' },
    });
    for (let i = 0; i < 2; i++)
      media.push(spawnService('worker', { ...stack.env, WORKER_ROLES: 'media', WORKER_METRICS_PORT: '0' }));
  });
  afterAll(async () => {
    await Promise.all(media.map((m) => m.stop()));
    await stack?.stop();
  });

  it('renders the 12 segments of one video on two media worker processes, then joins them', async () => {
    const { api } = await createAccount({ credits: 100, baseUrl: stack.baseUrl });
    const scenes = Array.from({ length: 12 }, (_, i) => ({
      narration: `This is scene number ${i + 1} of the tour, and it has a few words to say.`,
    }));
    const created = await api.post('/videos', { prompt: 'A tour', scenes, auto_approve: true });
    expect(created.status, created.text).toBe(201);
    const done = await waitForVideo(api, created.body.id, finished, 400_000);
    expect(done.status, JSON.stringify(done.failure_reason)).toBe('completed');

    const runs = await activityRuns(inject('stack').temporalAddress, done.id);
    const byType = identitiesByActivity(runs);
    const mediaIds = new Set(media.map((m) => `${m.child.pid}@${os.hostname()}`));
    const control = `${stack.worker!.child.pid}@${os.hostname()}`;
    const segments = byType.get('renderSegment') ?? [];
    expect(segments).toHaveLength(12);
    // Both media workers rendered segments, and nothing else did.
    expect(new Set(segments)).toEqual(mediaIds);
    for (const type of ['generateSceneImage', 'narrateScene', 'joinSegments'])
      for (const id of byType.get(type) ?? []) expect(mediaIds.has(id), `${type} on ${id}`).toBe(true);
    // Bookkeeping stayed on the control worker.
    expect(new Set(byType.get('recordTransition'))).toEqual(new Set([control]));
    expect(byType.get('joinSegments')).toHaveLength(1);

    // The two workers rendered at the same time: a segment of one started before a segment of
    // the other had completed, and the other way round (intervals from the workflow history).
    const segmentsOf = (id: string) => runs.filter((r) => r.type === 'renderSegment' && r.identity === id);
    const [a, b] = [...mediaIds].map(segmentsOf);
    const overlapping = a!.some((x) =>
      b!.some((y) => x.startedAt < y.completedAt && y.startedAt < x.completedAt),
    );
    expect(overlapping, JSON.stringify(runs.filter((r) => r.type === 'renderSegment'))).toBe(true);
  }, 480_000);
});
