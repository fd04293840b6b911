import { useEffect } from 'react';
import { api, type Storyboard as Board, type Video } from '../../api';
import { Card, ErrorNote, useAction, useLoad } from '../../ui';

const DRAFT_STATUS: Record<string, string> = {
  rendering: 'The draft is rendering…',
  ready: 'The draft is ready.',
  failed: 'The draft could not be made; try again.',
  stale: 'Scenes changed since this draft: make a new one to see them.',
};

/**
 * The review gate's storyboard (each scene's picture and the contact sheet) and its draft: a
 * 360p preview with narration, captions and music, marked PREVIEW, in a player once it is ready.
 */
export function Storyboard({ video, onChange }: { video: Video; onChange: () => Promise<void> }) {
  const board = useLoad(
    () => api<Board>('GET', `/videos/${video.id}/storyboard`),
    [video.id, video.updated_at],
  );
  const pictures = useAction();
  const draft = useAction();
  const preview = video.preview;
  const rendering = preview?.status === 'rendering';

  // The gate does not poll by itself: while the draft renders, the record refreshes every 2 s.
  useEffect(() => {
    if (!rendering) return;
    const timer = setInterval(() => void onChange(), 2000);
    return () => clearInterval(timer);
  }, [rendering, onChange]);

  const missing = board.data?.scenes.filter((s) => !s.image_url).length ?? 0;
  return (
    <Card title="Storyboard and draft">
      <p className="hint">
        The pictures each scene will show, and a quick draft of the whole video to watch before you approve
        it. A draft costs its narration, which the final video reuses; the draft itself is free.
      </p>
      <ErrorNote error={board.error} />
      <ol className="storyboard" data-testid="storyboard">
        {board.data?.scenes.map((s) => (
          <li key={s.scene_id} data-position={s.position}>
            {s.image_url ? (
              <img src={s.image_url} alt={`Scene ${s.position}`} data-testid="storyboard-picture" />
            ) : (
              <span className="storyboard-missing">No picture yet</span>
            )}
            <span className="hint">
              {s.position} · about {Math.round(s.estimated_seconds)} s
            </span>
          </li>
        ))}
      </ol>
      {board.data?.sheet_url && (
        <p>
          <a href={board.data.sheet_url} target="_blank" rel="noreferrer" data-testid="contact-sheet">
            Contact sheet (PNG)
          </a>
        </p>
      )}
      <div className="gate-actions">
        {missing > 0 && (
          <button
            type="button"
            className="btn"
            disabled={pictures.busy}
            onClick={() =>
              pictures.run(async () => {
                await api('POST', `/videos/${video.id}/storyboard`);
                await Promise.all([board.reload(), onChange()]);
              })
            }
          >
            {pictures.busy ? 'Making the pictures…' : `Make the ${missing} missing pictures now`}
          </button>
        )}
        <button
          type="button"
          className="btn"
          disabled={draft.busy || rendering}
          onClick={() =>
            draft.run(async () => {
              await api('POST', `/videos/${video.id}/preview`);
              await onChange();
            })
          }
        >
          {rendering ? 'Rendering the draft…' : 'Make a draft'}
        </button>
      </div>
      <ErrorNote error={pictures.error ?? draft.error} />
      {preview && (
        <div className="draft" data-testid="draft" data-status={preview.status}>
          <p role="status">{DRAFT_STATUS[preview.status]}</p>
          {preview.url && preview.status !== 'rendering' && (
            // biome-ignore lint/a11y/useMediaCaption: the captions are burned into the draft's picture
            <video controls preload="metadata" src={preview.url} data-testid="draft-player" />
          )}
        </div>
      )}
    </Card>
  );
}
