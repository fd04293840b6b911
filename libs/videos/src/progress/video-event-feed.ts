import type { VideoRepository } from '../video.repository';
import type { Video, VideoEvent } from '../video.types';
import type { Progress } from './video-progress';
import type { VideoProgressService } from './video-progress.service';

/**
 * Ids of a video's event stream (docs/decisions/0067-progress-and-events.md): an event of the
 * log is `seq × 10 000`; the progress reports sent after it take the ids after that, one each.
 * Ids only grow, and an id says where a resumed stream starts: after the log event it names,
 * whose later progress reports are not sent again (a resumed stream reports progress anew).
 */
export const REPORTS_PER_EVENT = 10_000;

export interface FeedPosition {
  /** The last log event sent. */
  seq: number;
  /** Progress reports sent since it. */
  reports: number;
}

/** The position a `Last-Event-ID` names; the start for anything that is no id of a stream. */
export function positionOf(lastEventId: string | undefined): FeedPosition {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId.trim())) return { seq: 0, reports: 0 };
  const id = Number(lastEventId.trim());
  return { seq: Math.floor(id / REPORTS_PER_EVENT), reports: id % REPORTS_PER_EVENT };
}

export function eventIdOf(p: FeedPosition): string {
  return String(p.seq * REPORTS_PER_EVENT + p.reports);
}

/** Log events whose status ends a stream when no later event changed the status again. */
const TERMINAL = new Set(['completed', 'failed']);

export interface FeedRead {
  /** Log events after the position, in order. */
  events: VideoEvent[];
  /** The video as it was just before they were read; null once it is deleted. */
  video: Video | null;
  /** The newest status change on record, read after the events. */
  lastStatusChange: { seq: number; type: string } | undefined;
}

/** What a video's event stream reads, and when it has said everything. */
export class VideoEventFeed {
  constructor(
    private readonly videos: Pick<VideoRepository, 'find' | 'events'>,
    private readonly progress: Pick<VideoProgressService, 'of'>,
  ) {}

  /**
   * The video first, then the events, then the last status change: a stream is only said to end
   * by an outcome the video already showed and that is among the events sent.
   */
  async read(accountId: string, videoId: string, afterSeq: number): Promise<FeedRead> {
    const video = (await this.videos.find(accountId, videoId)) ?? null;
    const events = await this.videos.events.list(accountId, videoId, afterSeq);
    const lastStatusChange = await this.videos.events.lastStatusChange(accountId, videoId);
    return { events, video, lastStatusChange };
  }

  /** The video's progress (null when nothing runs), read only when a report is due. */
  async progressOf(video: Video): Promise<Progress | null> {
    return (await this.progress.of([video])).get(video.id) ?? null;
  }
}

/**
 * Whether the stream has said everything once `read`'s events are sent: the video was deleted,
 * or it completed or failed and that outcome is the last status change (a retry since then has
 * the stream go on).
 */
export function streamEnded(read: FeedRead, sentSeq: number): boolean {
  if (!read.video || read.events.some((e) => e.type === 'deleted')) return true;
  const last = read.lastStatusChange;
  return (
    TERMINAL.has(read.video.status) && last !== undefined && TERMINAL.has(last.type) && last.seq <= sentSeq
  );
}
