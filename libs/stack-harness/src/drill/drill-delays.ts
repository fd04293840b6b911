import { Client, Connection } from '@temporalio/client';
import type { Db } from '@vidgen/db';
import type { BatchResult, DrillVideo } from './drill-run';

/** The message the Temporal server puts in place of a retried attempt's failure that is too large. */
const SIZE_LIMITED = 'Failure exceeds size limit.';

/** One video's delay: its time from submission to its end, minus its undisturbed twin's. */
export interface VideoDelay {
  index: number;
  id: string;
  delayS: number;
}

/** A line of the slowest video's timeline, seconds after its first event. */
export interface TimelineLine {
  atS: number;
  what: string;
}

export interface Delays {
  perVideo: VideoDelay[];
  maxS: number;
  p95S: number;
  slowest?: { id: string; index: number; delayS: number; timeline: TimelineLine[] };
}

function duration(v: DrillVideo): number {
  return v.submittedAt !== undefined && v.finishedAt !== undefined
    ? v.finishedAt - v.submittedAt
    : Number.NaN;
}

/** The nearest-rank percentile of `values` (sorted ascending), NaN when empty. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * What users feel: each disturbed video's delay against the same video undisturbed (same index,
 * same stack, just before), and the batch's maximum and 95th percentile of those delays. A video
 * that never finished counts as delayed by the whole batch.
 */
export function videoDelays(calm: BatchResult, hit: BatchResult): Delays {
  const calmTime = new Map(calm.videos.map((v) => [v.index, duration(v)]));
  const perVideo: VideoDelay[] = [];
  for (const v of hit.videos) {
    if (!v.id) continue;
    const own = Number.isFinite(duration(v)) ? duration(v) : hit.wallMs - (v.submittedAt ?? 0);
    const twin = calmTime.get(v.index);
    if (twin === undefined || !Number.isFinite(twin)) continue;
    perVideo.push({ index: v.index, id: v.id, delayS: (own - twin) / 1000 });
  }
  const sorted = perVideo.map((d) => d.delayS).sort((a, b) => a - b);
  return {
    perVideo,
    maxS: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
    p95S: percentile(sorted, 95),
  };
}

const seconds = (t: { seconds?: unknown; nanos?: number | null } | null | undefined): number =>
  t ? Number(t.seconds ?? 0) + (t.nanos ?? 0) / 1e9 : Number.NaN;
const duration_ = (d: { seconds?: unknown; nanos?: number | null } | null | undefined) =>
  d ? `${seconds(d)} s` : 'none';

/**
 * The timeline of each video, so a stall names its cause: its event log with times, and the
 * activities of its workflow history (scheduled with their timeouts, started with the attempt
 * and the previous attempt's failure, completed, failed or timed out), in one list by time. One
 * connection to Temporal serves them all.
 */
export async function videoTimelines(
  db: Db,
  temporalAddress: string,
  videoIds: readonly string[],
  /** Times in seconds after this moment (ms since the epoch) instead of after each first event. */
  originMs?: number,
): Promise<TimelineLine[][]> {
  const connection = await Connection.connect({ address: temporalAddress });
  try {
    const client = new Client({ connection });
    return await Promise.all(videoIds.map((id) => videoTimeline(db, client, id, originMs)));
  } finally {
    await connection.close();
  }
}

async function videoTimeline(
  db: Db,
  client: Client,
  videoId: string,
  originMs: number | undefined,
): Promise<TimelineLine[]> {
  const lines: { at: number; what: string }[] = [];
  const events = await db
    .selectFrom('video_events')
    .select(['seq', 'type', 'status', 'stage', 'created_at'])
    .where('video_id', '=', videoId)
    .orderBy('seq')
    .execute();
  for (const e of events) {
    // timestamptz as PostgreSQL writes it ("2026-11-25 22:46:01.123456+00"): the db layer keeps the text.
    const at =
      Date.parse(
        String(e.created_at)
          .replace(' ', 'T')
          .replace(/([+-]\d\d)$/, '$1:00'),
      ) / 1000;
    lines.push({
      at,
      what: `event ${e.type}${e.stage ? ` (${e.stage})` : ''}${e.status ? ` → ${e.status}` : ''}`,
    });
  }
  const history = await client.workflow.getHandle(`video-${videoId}`).fetchHistory();
  const scheduled = new Map<string, string>();
  for (const ev of history.events ?? []) {
    const at = seconds(ev.eventTime);
    const id = String(ev.eventId);
    const s = ev.activityTaskScheduledEventAttributes;
    if (s) {
      const name = `${s.activityType?.name}#${s.activityId}`;
      scheduled.set(id, name);
      lines.push({
        at,
        what: `scheduled ${name} (start-to-close ${duration_(s.startToCloseTimeout)}, heartbeat ${duration_(s.heartbeatTimeout)})`,
      });
    }
    const st = ev.activityTaskStartedEventAttributes;
    if (st) {
      // The server keeps a retried attempt's failure only up to a size: over it, it keeps its own
      // message with the failure cut down as its cause, which says what happened.
      const cut = st.lastFailure?.message === SIZE_LIMITED ? st.lastFailure.cause?.message : undefined;
      const failure = st.lastFailure?.message
        ? `${st.lastFailure.message}${cut ? ` (${cut})` : ''}`
        : undefined;
      const prev = failure ? `; previous attempt: ${failure}` : '';
      lines.push({
        at,
        what: `started ${scheduled.get(String(st.scheduledEventId))} attempt ${st.attempt}${prev}`,
      });
    }
    const c = ev.activityTaskCompletedEventAttributes;
    if (c) lines.push({ at, what: `completed ${scheduled.get(String(c.scheduledEventId))}` });
    const f = ev.activityTaskFailedEventAttributes;
    if (f)
      lines.push({
        at,
        what: `FAILED ${scheduled.get(String(f.scheduledEventId))}: ${f.failure?.message}`,
      });
    const t = ev.activityTaskTimedOutEventAttributes;
    if (t)
      lines.push({
        at,
        what: `TIMED OUT ${scheduled.get(String(t.scheduledEventId))}: ${t.failure?.message ?? ''} ${t.failure?.cause?.message ?? ''}`.trim(),
      });
    if (ev.workflowTaskTimedOutEventAttributes) lines.push({ at, what: 'workflow task TIMED OUT' });
  }
  lines.sort((a, b) => a.at - b.at);
  const start =
    originMs !== undefined ? originMs / 1000 : (lines.find((l) => Number.isFinite(l.at))?.at ?? 0);
  return lines.map((l) => ({ atS: Math.round((l.at - start) * 10) / 10, what: l.what }));
}
