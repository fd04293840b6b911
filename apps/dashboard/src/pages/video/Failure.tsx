import { api, type Video } from '../../api';
import { Card, ErrorNote, useAction } from '../../ui';

/** Why the video failed, and for a failed one: retry from the failed stage, or a new script. */
export function Failure({ video, onChange }: { video: Video; onChange: () => Promise<void> }) {
  const { busy, error, run } = useAction();
  const f = video.failure_reason!;
  return (
    <Card title="Failure">
      <div className="note note-error">
        <strong>{f.code}</strong>
        {f.stage && ` during ${f.stage}`}: {f.message}
      </div>
      {video.status === 'failed' && (
        <p>
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api('POST', `/videos/${video.id}/approve`);
                await onChange();
              })
            }
          >
            Retry
          </button>{' '}
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api('POST', `/videos/${video.id}/regenerate`, { feedback: '' });
                await onChange();
              })
            }
          >
            Regenerate script
          </button>{' '}
          <span className="hint">
            Retry resumes at the stage that failed, charging only what is redone; a video that failed while
            scripting needs a new script first.
          </span>
        </p>
      )}
      <ErrorNote error={error} />
    </Card>
  );
}
