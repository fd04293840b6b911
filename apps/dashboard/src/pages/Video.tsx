import { type FormEvent, useEffect, useState } from 'react';
import { type Asset, api, type Scene, type Video, type VideoEvent } from '../api';
import { navigate } from '../router';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';
import { IN_PROGRESS, statusLabel } from './Videos';
import { VideoTranscript } from './VideoTranscript';

export function VideoPage({ id }: { id: string }) {
  const video = useLoad(() => api<Video>('GET', `/videos/${id}`), [id]);
  const events = useLoad(() => api<VideoEvent[]>('GET', `/videos/${id}/events`), [id]);
  const v = video.data;
  const running = v && IN_PROGRESS.includes(v.status) && !v.awaiting_approval;

  // Live status while a stage runs: the record and its event log refresh every 2 s.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      void video.reload();
      void events.reload();
    }, 2000);
    return () => clearInterval(timer);
  }, [running, video.reload, events.reload]);

  const refresh = async () => {
    await Promise.all([video.reload(), events.reload()]);
  };

  return (
    <div className="page">
      <p className="crumbs">Videos / {id.slice(0, 8)}</p>
      <PageHeader title="Video">{v && <DeleteVideo video={v} />}</PageHeader>
      <ErrorNote error={video.error} />
      {v && (
        <>
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
          {v.failure_reason && <Failure video={v} onChange={refresh} />}
          {v.status === 'completed' && <Player video={v} />}
          {v.status === 'completed' && <VideoTranscript videoId={v.id} />}
          {v.status === 'completed' && <Credits video={v} />}
          {v.awaiting_approval && <ReviewGate video={v} onChange={refresh} />}
          {!v.awaiting_approval && v.scene_count > 0 && (
            <ScenePictures video={v} running={Boolean(running)} />
          )}
        </>
      )}
      <Card title="Event log">
        <ErrorNote error={events.error} />
        {events.data && events.data.length === 0 && <Empty>No events yet.</Empty>}
        {events.data && events.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Stage</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {events.data.map((e) => (
                <tr key={e.id}>
                  <td>{e.seq}</td>
                  <td>{e.type}</td>
                  <td>{e.status ?? '—'}</td>
                  <td>{e.stage ?? '—'}</td>
                  <td className="nowrap">{formatTime(e.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

/** What a scene's picture shows, in words: its `depicts`, or why there is nothing to say. */
export function depictsText(scene: Scene): string {
  if (!scene.image_asset_id) return 'Not drawn yet';
  if (scene.image_depicts === null) return 'Your own image';
  if (scene.image_depicts.length === 0) return 'A backdrop, nothing in particular';
  return `Shows ${scene.image_depicts.join(', ')}`;
}

/** Each scene's picture as soon as it exists, and what it shows; refreshed while the video is made. */
function ScenePictures({ video, running }: { video: Video; running: boolean }) {
  const scenes = useLoad(
    () => api<Scene[]>('GET', `/videos/${video.id}/scenes`),
    [video.id, video.updated_at],
  );
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void scenes.reload(), 2000);
    return () => clearInterval(timer);
  }, [running, scenes.reload]);
  const credits = new Map<string, Scene['image_attribution'][number]>();
  for (const s of scenes.data ?? [])
    for (const a of s.image_attribution) credits.set(`${a.author}\u0000${a.license}\u0000${a.source_url}`, a);

  return (
    <Card title="Scene pictures">
      <ErrorNote error={scenes.error} />
      <ol className="scene-pictures">
        {scenes.data?.map((s) => (
          <li key={s.id} data-testid="scene-picture">
            <figure>
              {s.image_url ? (
                <img
                  src={s.image_url}
                  alt={`Scene ${s.position}: ${depictsText(s)}`}
                  className="thumb-small"
                />
              ) : (
                <div className="thumb-small thumb-pending">Drawing…</div>
              )}
              <figcaption>
                <strong>Scene {s.position}</strong> <span data-testid="scene-depicts">{depictsText(s)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ol>
      {credits.size > 0 && (
        <p className="hint">
          Artwork:{' '}
          {[...credits.values()].map((a, i) => (
            <span key={a.source_url + a.license}>
              {i > 0 && '; '}
              <a href={a.source_url} target="_blank" rel="noreferrer">
                {a.title.replace(/^.*\((.+)\)$/, '$1')}
              </a>{' '}
              by {a.author} ({a.license})
            </span>
          ))}
        </p>
      )}
    </Card>
  );
}

function Player({ video }: { video: Video }) {
  const downloads = [
    ['Video (MP4)', video.video_url],
    ['Narration audio', video.audio_url],
    ['Thumbnail', video.thumbnail_url],
    ['Subtitles (WebVTT)', video.subtitles_url],
  ].filter((d): d is [string, string] => Boolean(d[1]));
  return (
    <Card title="Result">
      <div className="player">
        {/* biome-ignore lint/a11y/useMediaCaption: the captions are burned into the picture; the WebVTT file is a download */}
        <video
          controls
          preload="metadata"
          src={video.video_url ?? undefined}
          poster={video.thumbnail_url ?? undefined}
          data-testid="player"
        />
        <div className="player-side">
          {video.thumbnail_url && (
            <img src={video.thumbnail_url} alt="Thumbnail of the video" className="thumb" />
          )}
          <h3>Downloads</h3>
          <ul className="downloads">
            {downloads.map(([label, url]) => (
              <li key={label}>
                <a href={url} download>
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Card>
  );
}

/** Under each scene of a finished video, the credit its stock clip or photo asks for. */
function Credits({ video }: { video: Video }) {
  const scenes = useLoad(() => api<Scene[]>('GET', `/videos/${video.id}/scenes`), [video.id]);
  const credited = (scenes.data ?? []).filter((s) => s.image_attribution?.length);
  if (credited.length === 0) return null;
  return (
    <Card title="Credits">
      <ol className="scene-credits">
        {credited.map((s) => (
          <li key={s.id}>
            Scene {s.position}: <SceneCredit scene={s} />
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Failure({ video, onChange }: { video: Video; onChange: () => Promise<void> }) {
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

function DeleteVideo({ video }: { video: Video }) {
  const { busy, error, run } = useAction();
  const deletable = video.awaiting_approval || video.status === 'completed' || video.status === 'failed';
  if (!deletable) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-danger"
        disabled={busy}
        onClick={() =>
          run(async () => {
            if (!window.confirm('Delete this video and its files?')) return;
            await api('DELETE', `/videos/${video.id}`);
            navigate('/videos');
          })
        }
      >
        Delete video
      </button>
      <ErrorNote error={error} />
    </>
  );
}

function ReviewGate({ video, onChange }: { video: Video; onChange: () => Promise<void> }) {
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

function SceneEditor({
  videoId,
  scene,
  onChange,
}: {
  videoId: string;
  scene: Scene;
  onChange: () => Promise<void>;
}) {
  const [visual, setVisual] = useState(scene.visual_description);
  const [narration, setNarration] = useState(scene.narration);
  const { busy, error, run } = useAction();
  const n = scene.position;
  const dirty = visual !== scene.visual_description || narration !== scene.narration;

  const save = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('PATCH', `/videos/${videoId}/scenes/${scene.id}`, { visual_description: visual, narration });
      await onChange();
    });
  };
  // A picture or a clip: the server says which from the bytes, and the scene takes it as such.
  const uploadVisual = (file: File | undefined) => {
    if (!file) return;
    void run(async () => {
      const form = new FormData();
      form.append('file', file);
      form.append('name', file.name);
      const asset = await api<Asset>('POST', '/assets', form);
      const field = asset.type === 'video' ? 'video_asset_id' : 'image_asset_id';
      await api('PATCH', `/videos/${videoId}/scenes/${scene.id}`, { [field]: asset.id });
      await onChange();
    });
  };

  return (
    <li className="scene">
      <form onSubmit={save} className="form" aria-label={`Scene ${n}`}>
        <h3>Scene {n}</h3>
        <label className="field field-wide">
          <span>Visual description (scene {n})</span>
          <textarea value={visual} onChange={(e) => setVisual(e.target.value)} rows={2} maxLength={500} />
        </label>
        <label className="field field-wide">
          <span>Narration (scene {n})</span>
          <textarea
            value={narration}
            onChange={(e) => setNarration(e.target.value)}
            rows={3}
            maxLength={400}
          />
        </label>
        <div className="scene-image">
          {scene.video_url ? (
            <video
              src={scene.video_url}
              muted
              loop
              autoPlay
              playsInline
              className="thumb-small"
              aria-label={`Clip of scene ${n}`}
            />
          ) : scene.image_url ? (
            <img
              src={scene.image_url}
              alt={`Chosen for scene ${n}: ${depictsText(scene)}`}
              className="thumb-small"
            />
          ) : (
            <span className="hint">{scene.image_asset_id ? 'Own image chosen' : 'Image: generated'}</span>
          )}
          <label className="field">
            <span>Upload an image or a clip for scene {n}</span>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,video/mp4,video/webm,video/quicktime"
              onChange={(e) => uploadVisual(e.target.files?.[0])}
            />
          </label>
        </div>
        <SceneCredit scene={scene} />
        <ErrorNote error={error} />
        <div className="row">
          <button type="submit" className="btn" disabled={busy || !dirty}>
            Save scene {n}
          </button>
          <button
            type="button"
            className="btn btn-ghost-danger"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api('DELETE', `/videos/${videoId}/scenes/${scene.id}`);
                await onChange();
              })
            }
          >
            Delete scene {n}
          </button>
        </div>
      </form>
    </li>
  );
}

/** The credit a stock clip or photo (or a work drawn into a picture) asks to be shown. */
export function SceneCredit({ scene }: { scene: Scene }) {
  if (!scene.image_attribution?.length) return null;
  return (
    <p className="hint scene-credit">
      {scene.image_attribution.map((a) => (
        <span key={a.source_url}>
          {a.title} by {a.author} (
          <a href={a.source_url} target="_blank" rel="noreferrer">
            source
          </a>
          ), {a.license}{' '}
        </span>
      ))}
    </p>
  );
}

function AddScene({ videoId, onChange }: { videoId: string; onChange: () => Promise<void> }) {
  const [visual, setVisual] = useState('');
  const [narration, setNarration] = useState('');
  const { busy, error, run } = useAction();
  return (
    <details className="add-scene">
      <summary>Add a scene</summary>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(async () => {
            await api('POST', `/videos/${videoId}/scenes`, { visual_description: visual, narration });
            setVisual('');
            setNarration('');
            await onChange();
          });
        }}
      >
        <label className="field field-wide">
          <span>Visual description (new scene)</span>
          <textarea
            value={visual}
            onChange={(e) => setVisual(e.target.value)}
            rows={2}
            maxLength={500}
            required
          />
        </label>
        <label className="field field-wide">
          <span>Narration (new scene)</span>
          <textarea
            value={narration}
            onChange={(e) => setNarration(e.target.value)}
            rows={3}
            maxLength={400}
            required
          />
        </label>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn" disabled={busy}>
            Add scene
          </button>
        </div>
      </form>
    </details>
  );
}
