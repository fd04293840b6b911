import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import {
  eventIdOf,
  type FeedPosition,
  type FeedRead,
  positionOf,
  REPORTS_PER_EVENT,
  streamEnded,
  toEventRecord,
  VideoEventFeed,
} from '@vidgen/videos';
import type { Request, Response } from 'express';

/** How often a stream looks for new events; a running video's progress is sent every other look. */
const POLL_MS = 1000;
const PROGRESS_EVERY = 2;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

/** What GET /videos/{id}/events states of its stream (docs/api.md#event-stream). */
export const EVENT_STREAM = [
  "With `Accept: text/event-stream`, Server-Sent Events: the events of the log after `Last-Event-ID` (all of them without it), then each new one as it is logged, named by its `type` (`stage_started`, `scene_image_generated`, `scene_narrated`, `awaiting_approval`, `completed`, `failed`, `deleted`, …; its data is the event as in the list, and an event whose `status` is not null changed the video's status), and `progress` (data: the status, `stage`, `percent`, `eta_seconds`) at least every 2 s while the video runs.",
  'Every message has an `id:`, larger than the one before; send the last one seen as `Last-Event-ID` to resume without losing or repeating an event of the log.',
  'The server closes the stream after the terminal event: `completed`, `failed` (unless retried since) or `deleted`. A comment line keeps a quiet stream open through proxies.',
].join(' ');

/** Whether the client asked for Server-Sent Events rather than the JSON list. */
export function wantsEventStream(req: Request): boolean {
  return (req.header('accept') ?? '').toLowerCase().includes('text/event-stream');
}

/**
 * GET /videos/{id}/events as Server-Sent Events (docs/api.md#event-stream): the log events after
 * `Last-Event-ID`, then new ones as they are logged, with the progress of a running video every
 * 2 s, until the terminal event. Streams end when the api shuts down, so its server can close
 * (clients resume with the last id they saw).
 */
@Injectable()
export class VideoEventStreams implements BeforeApplicationShutdown {
  private readonly log = new Logger('VideoEventStreams');
  private readonly open = new Set<() => void>();
  private closing = false;

  constructor(private readonly feed: VideoEventFeed) {}

  async serve(accountId: string, videoId: string, req: Request, res: Response): Promise<void> {
    let position = positionOf(req.header('last-event-id'));
    // Nothing after the headers may be held back: not by Node, a proxy (X-Accel-Buffering) or a
    // compressing middleware (no-transform).
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.socket?.setNoDelay(true);
    res.write(`retry: ${POLL_MS * 2}\n\n`);

    let stopped = this.closing;
    let wake: (() => void) | undefined;
    const stop = () => {
      stopped = true;
      wake?.();
    };
    this.open.add(stop);
    // The response's close: the client went away (or the stream ended).
    res.on('close', stop);
    let lastWrite = Date.now();
    const write = (text: string) => {
      lastWrite = Date.now();
      res.write(text);
    };
    try {
      for (let look = 0; !stopped; look++) {
        const read = await this.feed.read(accountId, videoId, position.seq);
        if (stopped) break;
        position = this.sendEvents(read, position, write);
        if (streamEnded(read, position.seq)) break;
        // A progress report each 2 s while something runs, and at once on (re)connecting.
        const due = look % PROGRESS_EVERY === 0 || read.events.length > 0;
        if (read.video && due && position.reports < REPORTS_PER_EVENT - 1) {
          const progress = await this.feed.progressOf(read.video);
          if (stopped) break;
          if (progress) {
            position = { seq: position.seq, reports: position.reports + 1 };
            write(message(position, 'progress', { status: read.video.status, ...progress }));
          }
        }
        if (Date.now() - lastWrite >= HEARTBEAT_MS) write(': heartbeat\n\n');
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
    } catch (err) {
      // The headers are gone: a failure can only end the stream; the client resumes from its last id.
      this.log.warn({ err, videoId }, 'event stream ended by an error');
    } finally {
      this.open.delete(stop);
      res.end();
    }
  }

  private sendEvents(read: FeedRead, from: FeedPosition, write: (text: string) => void): FeedPosition {
    let position = from;
    for (const event of read.events) {
      position = { seq: event.seq, reports: 0 };
      write(message(position, event.type, toEventRecord(event)));
    }
    return position;
  }

  beforeApplicationShutdown(): void {
    this.closing = true;
    for (const stop of this.open) stop();
  }
}

function message(position: FeedPosition, event: string, data: unknown): string {
  return `id: ${eventIdOf(position)}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
