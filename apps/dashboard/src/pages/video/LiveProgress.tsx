import { useEffect, useRef, useState } from 'react';
import type { Video } from '../../api';

type Progress = NonNullable<Video['progress']>;

/** Log events that change what a page shows: each has the page read the video again. */
const CHANGES = [
  'stage_started',
  'stage_completed',
  'scene_image_generated',
  'scene_narrated',
  'segment_rendered',
  'awaiting_approval',
  'preview_ready',
];
/** After these the server closes the stream; the browser would otherwise connect again. */
const TERMINAL = ['completed', 'failed', 'deleted'];

/**
 * A running video's progress bar, fed by its event stream (GET /videos/{id}/events as
 * Server-Sent Events, the session cookie riding along; docs/dashboard.md). The browser resumes a
 * dropped stream with Last-Event-ID by itself. `onChange` runs for each new log event (those of
 * the log up to `sinceSeq` the page already has), so the page follows the video without polling.
 */
export function LiveProgress({
  video,
  sinceSeq = Number.MAX_SAFE_INTEGER,
  onChange,
  compact = false,
}: {
  video: Video;
  sinceSeq?: number;
  onChange?: () => void;
  compact?: boolean;
}) {
  const [progress, setProgress] = useState<Progress | null>(video.progress);
  const changed = useRef(onChange);
  changed.current = onChange;
  const since = useRef(sinceSeq);

  useEffect(() => {
    const source = new EventSource(`/api/v1/videos/${video.id}/events`);
    source.addEventListener('progress', (e) => {
      const p = JSON.parse((e as MessageEvent<string>).data) as Progress;
      // Within a run the percent only grows; a report from before a reconnection never moves it back.
      setProgress((old) => (old && old.stage === p.stage && old.percent > p.percent ? old : p));
    });
    const seqOf = (e: Event) => (JSON.parse((e as MessageEvent<string>).data) as { seq: number }).seq;
    const logged = (e: Event) => {
      if (seqOf(e) > since.current) changed.current?.();
    };
    for (const type of CHANGES) source.addEventListener(type, logged);
    for (const type of TERMINAL) {
      source.addEventListener(type, (e) => {
        // A failure the page already shows is one a retry has put behind it (a stream opened after
        // a retry replays it first): the stream goes on, and the server ends it after the last one.
        if (type === 'failed' && seqOf(e) <= since.current) return;
        source.close();
        logged(e);
      });
    }
    return () => source.close();
  }, [video.id]);

  const p = progress ?? { stage: video.stage ?? 'scripting', percent: 0, eta_seconds: null };
  const eta = p.eta_seconds === null ? '' : ` · about ${formatSeconds(p.eta_seconds)} left`;
  return (
    <div className={compact ? 'progress progress-compact' : 'progress'}>
      <div
        className="progress-track"
        role="progressbar"
        aria-label={`Progress of ${compact ? video.prompt.slice(0, 40) : 'the video'}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        data-testid="video-progress"
      >
        <div className="progress-fill" style={{ width: `${p.percent}%` }} />
      </div>
      <span className="progress-label">
        {Math.floor(p.percent)}% · {p.stage}
        {compact ? '' : eta}
      </span>
    </div>
  );
}

function formatSeconds(s: number): string {
  return s >= 90 ? `${Math.round(s / 60)} min` : `${Math.round(s)} s`;
}
