import { useState } from 'react';
import { api, type Scene, type Video } from '../../api';
import { Card, ErrorNote, useAction, useLoad } from '../../ui';
import { AddScene } from './AddScene';
import { SceneEditor } from './SceneEditor';
import { Storyboard } from './Storyboard';

/** What the record warns of about the script (a planner that could not write it, and how to connect a model). */
function ScriptWarnings({ video }: { video: Video }) {
  if (video.warnings.length === 0) return null;
  return (
    <div data-testid="script-warnings">
      {video.warnings.map((w) => (
        <p key={w.code} className="note note-warn" role="status" data-code={w.code}>
          {w.message}
        </p>
      ))}
    </div>
  );
}

/** The script awaiting approval: its scenes to edit, feedback for a new one, and approval with its cost. */
export function ReviewGate({ video, onChange }: { video: Video; onChange: () => Promise<void> }) {
  const scenes = useLoad(
    () => api<Scene[]>('GET', `/videos/${video.id}/scenes`),
    [video.id, video.updated_at],
  );
  const approve = useAction();
  const regen = useAction();
  const [feedback, setFeedback] = useState('');
  const changed = async () => {
    await Promise.all([scenes.reload(), onChange()]);
  };

  return (
    <>
      <Card title="Review the script">
        <p className="hint">
          The script is ready. Edit, add or delete scenes, regenerate it with feedback, or approve it to make
          the video.
        </p>
        <ScriptWarnings video={video} />
        <ErrorNote error={scenes.error} />
        <ol className="scenes">
          {scenes.data?.map((s) => (
            <SceneEditor
              key={`${s.id}-${s.visual_description}-${s.narration}-${s.image_asset_id}`}
              videoId={video.id}
              scene={s}
              onChange={changed}
            />
          ))}
        </ol>
        <AddScene videoId={video.id} onChange={changed} />
      </Card>
      <Storyboard video={video} onChange={changed} />
      <Card title="Regenerate or approve">
        <div className="gate-actions">
          <form
            className="form"
            onSubmit={(e) => {
              e.preventDefault();
              void regen.run(async () => {
                await api('POST', `/videos/${video.id}/regenerate`, { feedback });
                setFeedback('');
                await onChange();
              });
            }}
          >
            <label className="field field-wide">
              <span>Feedback for a new script</span>
              <textarea
                value={feedback}
                onChange={(e) => setFeedback(e.target.value)}
                rows={2}
                maxLength={2000}
              />
            </label>
            <ErrorNote error={regen.error} />
            <div>
              <button type="submit" className="btn" disabled={regen.busy}>
                {regen.busy ? 'Regenerating…' : 'Regenerate script'}
              </button>
            </div>
          </form>
          <div className="approve">
            <p>
              Estimated cost:{' '}
              <strong data-testid="estimated-credits">{video.estimated_credits ?? '—'} credits</strong>
            </p>
            <button
              type="button"
              className="btn btn-primary"
              disabled={approve.busy}
              onClick={() =>
                approve.run(async () => {
                  await api('POST', `/videos/${video.id}/approve`);
                  await onChange();
                })
              }
            >
              Approve and make the video
            </button>
            <ErrorNote error={approve.error} />
          </div>
        </div>
      </Card>
    </>
  );
}
