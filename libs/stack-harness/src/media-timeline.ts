import type { Client } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time';
import { FINISH_LANE_SLOTS, isMediaTaskQueue, mediaFinishLaneTaskQueue } from '@vidgen/workflows';

/** One piece of media work as the video workflow's history has it (ms since the epoch). */
export interface MediaPiece {
  scheduledAt: number;
  startedAt: number;
  endedAt: number;
  /** The identity of the worker that ran it. */
  worker: string;
  /** The activity's type, when read from a history. */
  activity?: string;
  /** On the finishing lane, whose slots are the worker's own beside the others (FINISH_LANE_SLOTS). */
  finishing?: boolean;
}

/**
 * The media pieces (activities on a `-media` queue or one of its lanes) of the given workflows that ran to an end,
 * from their histories: scheduled, started (by which worker) and closed. A retried activity
 * appears once, as its last attempt.
 */
export async function mediaPieces(client: Client, workflowIds: string[]): Promise<MediaPiece[]> {
  const pieces: MediaPiece[] = [];
  for (const id of workflowIds) {
    const events = (await client.workflow.getHandle(id).fetchHistory()).events ?? [];
    const scheduled = new Map<string, { at: number; activity: string; finishing: boolean }>();
    const started = new Map<string, { at: number; worker: string }>();
    for (const e of events) {
      const at = tsToMs(e.eventTime);
      const s = e.activityTaskScheduledEventAttributes;
      const queue = s?.taskQueue?.name ?? '';
      if (s && isMediaTaskQueue(queue))
        scheduled.set(String(e.eventId), {
          at,
          activity: s.activityType?.name ?? '',
          finishing: queue.endsWith(mediaFinishLaneTaskQueue('')),
        });
      const st = e.activityTaskStartedEventAttributes;
      if (st) started.set(String(st.scheduledEventId), { at, worker: st.identity ?? '' });
      const closed =
        e.activityTaskCompletedEventAttributes ??
        e.activityTaskFailedEventAttributes ??
        e.activityTaskTimedOutEventAttributes ??
        e.activityTaskCanceledEventAttributes;
      const key = String(closed?.scheduledEventId);
      const begun = started.get(key);
      if (closed && scheduled.has(key) && begun)
        pieces.push({
          scheduledAt: scheduled.get(key)!.at,
          startedAt: begun.at,
          endedAt: at,
          worker: begun.worker,
          activity: scheduled.get(key)!.activity,
          finishing: scheduled.get(key)!.finishing,
        });
    }
  }
  return pieces;
}

/**
 * Seconds a media worker had a free slot while media work waited to start (scheduled, not yet
 * taken by any worker), counting only stretches longer than `minStretchS` (a poll's round trip
 * is not idleness). Each worker counts from its first piece's start to its last piece's end;
 * `slots`: the pieces a worker runs at once. The finishing lane's pieces are counted apart, on
 * that lane's own slots: a soundtrack waiting is no backlog for the other slots, nor does a
 * running one fill them. 0 when no worker ever sat idle beside a backlog.
 */
export function idleWhileBacklog(pieces: MediaPiece[], slots: number, minStretchS = 1): number {
  const spans = new Map<string, { from: number; to: number }>();
  for (const p of pieces) {
    const w = spans.get(p.worker);
    spans.set(p.worker, {
      from: Math.min(w?.from ?? Infinity, p.startedAt),
      to: Math.max(w?.to ?? -Infinity, p.endedAt),
    });
  }
  return (
    idleIn(
      pieces.filter((p) => !p.finishing),
      slots,
      spans,
      minStretchS,
    ) +
    idleIn(
      pieces.filter((p) => p.finishing),
      FINISH_LANE_SLOTS,
      spans,
      minStretchS,
    )
  );
}

/** idleWhileBacklog over pieces that share `slots`, each worker counted over its span. */
function idleIn(
  pieces: MediaPiece[],
  slots: number,
  workers: Map<string, { from: number; to: number }>,
  minStretchS: number,
): number {
  // Changes at each instant: to the backlog, and to each worker's running pieces.
  const changes: { at: number; backlog: number; worker?: string; running: number }[] = [];
  for (const p of pieces) {
    changes.push({ at: p.scheduledAt, backlog: 1, running: 0 });
    changes.push({ at: p.startedAt, backlog: -1, worker: p.worker, running: 1 });
    changes.push({ at: p.endedAt, backlog: 0, worker: p.worker, running: -1 });
  }
  changes.sort((a, b) => a.at - b.at);
  const running = new Map<string, number>();
  const idleSince = new Map<string, number>();
  let backlog = 0;
  let total = 0;
  const close = (worker: string, at: number) => {
    const since = idleSince.get(worker);
    if (since === undefined) return;
    idleSince.delete(worker);
    if ((at - since) / 1000 > minStretchS) total += (at - since) / 1000;
  };
  for (let i = 0; i < changes.length; ) {
    const at = changes[i]!.at;
    for (; i < changes.length && changes[i]!.at === at; i++) {
      const c = changes[i]!;
      backlog += c.backlog;
      if (c.worker) running.set(c.worker, (running.get(c.worker) ?? 0) + c.running);
    }
    for (const [worker, span] of workers) {
      const idle = backlog > 0 && (running.get(worker) ?? 0) < slots && at >= span.from && at < span.to;
      if (idle && !idleSince.has(worker)) idleSince.set(worker, at);
      if (!idle) close(worker, at);
    }
  }
  for (const [worker, span] of workers) close(worker, span.to);
  return total;
}
