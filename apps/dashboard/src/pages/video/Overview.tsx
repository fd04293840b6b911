import type { Video } from '../../api';
import { Badge, Card, formatTime } from '../../ui';
import { statusLabel } from '../Videos';

/** What the video is and where it stands: prompt, status (live while a stage runs), credits. */
export function Overview({ video: v, running }: { video: Video; running: boolean }) {
  return (
    <Card title="Overview">
      <p className="prompt">{v.prompt}</p>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <Badge>{statusLabel(v)}</Badge>
            {running && (
              <span className="live" aria-live="polite">
                {' '}
                updating live
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>Stage</dt>
          <dd data-testid="video-stage">{v.stage ?? '—'}</dd>
        </div>
        <div>
          <dt>Scenes</dt>
          <dd>{v.scene_count}</dd>
        </div>
        <div>
          <dt>Credits charged</dt>
          <dd>
            {v.credits_charged}
            {v.credits_refunded > 0 && ` (${v.credits_refunded} refunded)`}
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTime(v.created_at)}</dd>
        </div>
      </dl>
      <p className="sr-only" aria-live="polite" data-testid="video-status">
        {statusLabel(v)}
      </p>
    </Card>
  );
}
