/**
 * Where the time goes between a video's `completed` event and each delivery's arrival, read
 * from the Temporal histories of the video workflow and of each delivery workflow (event times
 * are the server's clock, arrivals the receiver's: one machine, one clock).
 *
 * Each delivery's timeline is the video's `completed` event, its publishVideoEvent activity
 * (scheduled, started), then every event of the delivery workflow up to its arrival; the
 * workflow's events after the arrival (the publisher makes the first attempt before it starts
 * the workflow) are a second table, from the arrival on. Steps are
 * named by event type (and activity name), numbered when one repeats; the figure per step is
 * the time since the step before it, over all deliveries.
 */
import { type Client, Connection, Client as TemporalClient } from '@temporalio/client';
import { tsToMs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { percentile } from './support';

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
const { EventType } = temporal.api.enums.v1;

export interface DeliveredVideo {
  videoId: string;
  completedAt: number;
  /** Arrival (receiver's Date.now()) by delivery id. */
  arrivals: Map<string, number>;
}

function eventName(e: HistoryEvent, activities: Map<string, string>): string {
  const type = EventType[e.eventType ?? 0]!.replace(/^EVENT_TYPE_/, '');
  const id = String(e.eventId);
  const a = e.activityTaskScheduledEventAttributes;
  if (a) {
    activities.set(id, a.activityType?.name ?? '?');
    return `${type} ${a.activityType?.name}`;
  }
  const scheduled =
    e.activityTaskStartedEventAttributes?.scheduledEventId ??
    e.activityTaskCompletedEventAttributes?.scheduledEventId;
  if (scheduled != null) return `${type} ${activities.get(String(scheduled)) ?? '?'}`;
  const marker = e.markerRecordedEventAttributes?.markerName;
  return marker ? `${type} ${marker}` : type;
}

async function history(client: Client, workflowId: string): Promise<HistoryEvent[]> {
  return (await client.workflow.getHandle(workflowId).fetchHistory()).events ?? [];
}

/** Prints, per step, the median and p90 of the ms it adds (and the share of the median total). */
export async function printDeliveryBreakdown(
  temporalAddress: string,
  videos: DeliveredVideo[],
): Promise<void> {
  const connection = await Connection.connect({ address: temporalAddress });
  const client = new TemporalClient({ connection });
  const before = new Steps();
  const after = new Steps();
  try {
    for (const v of videos) {
      const videoEvents = await history(client, `video-${v.videoId}`);
      const names = new Map<string, string>();
      const named = videoEvents.map((e) => ({ name: eventName(e, names), at: tsToMs(e.eventTime) }));
      const publish = named.filter((e) => e.name.endsWith(' publishVideoEvent'));
      const prefix = [
        { name: 'video completed (event row)', at: v.completedAt },
        ...publish.filter((e) => !e.name.startsWith('ACTIVITY_TASK_COMPLETED')),
      ];
      for (const [deliveryId, arrival] of v.arrivals) {
        const events = await history(client, `webhook-delivery-${deliveryId}`);
        const activities = new Map<string, string>();
        const seen = new Map<string, number>();
        const timeline = [...prefix];
        const arrived = { name: 'arrival at the receiver', at: arrival };
        const afterwards = [arrived];
        for (const e of events) {
          const at = tsToMs(e.eventTime);
          const base = eventName(e, activities);
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          (at > arrival ? afterwards : timeline).push({ name: n > 1 ? `${base} #${n}` : base, at });
        }
        timeline.push(arrived);
        before.addTimeline(timeline);
        after.addTimeline(afterwards);
      }
    }
  } finally {
    await connection.close();
  }
  before.print(
    'where the time goes, completed → arrival (ms since the step before; p10, median, p90, count):',
  );
  after.print(
    'after the arrival, each delivery workflow (ms since the step before; p10, median, p90, count):',
  );
}

/** Named steps of many timelines: the ms each adds to the step before it. */
class Steps {
  private readonly steps = new Map<string, number[]>();

  addTimeline(timeline: { name: string; at: number }[]): void {
    for (let i = 1; i < timeline.length; i++) {
      const name = timeline[i]!.name;
      if (!this.steps.has(name)) this.steps.set(name, []);
      this.steps.get(name)!.push(timeline[i]!.at - timeline[i - 1]!.at);
    }
  }

  print(title: string): void {
    if (this.steps.size === 0) return;
    const p = (xs: number[], q: number) =>
      percentile(
        [...xs].sort((a, b) => a - b),
        q,
      );
    const col = (x: number) => String(Math.round(x)).padStart(6);
    console.log(title);
    for (const [name, xs] of this.steps) {
      console.log(`  ${name.padEnd(50)} ${col(p(xs, 10))} ${col(p(xs, 50))} ${col(p(xs, 90))}  ${xs.length}`);
    }
  }
}
