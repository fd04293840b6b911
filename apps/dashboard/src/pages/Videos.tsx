import { type FormEvent, useEffect, useState } from 'react';
import { api, type Page, type Video, type Voice } from '../api';
import { Link, navigate } from '../router';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';
import { LiveProgress } from './video/LiveProgress';

/** The voice picker lists neural voices first: they are the ones people want to listen to. */
const VOICE_GROUPS = [
  { quality: 'neural', label: 'Neural voices' },
  { quality: 'formant', label: 'Formant voices (espeak-ng)' },
] as const;

export const IN_PROGRESS = [
  'pending',
  'scripting',
  'refining',
  'visualising',
  'narrating',
  'curating',
  'rendering',
];

export function statusLabel(v: Video): string {
  return v.awaiting_approval ? 'review' : v.status;
}

export function VideosPage() {
  const { data, error, reload, setData } = useLoad(() => api<Page<Video>>('GET', '/videos?limit=50'));
  const more = useAction();
  const loadMore = () =>
    more.run(async () => {
      if (!data?.next_cursor) return;
      const next = await api<Page<Video>>(
        'GET',
        `/videos?limit=50&cursor=${encodeURIComponent(data.next_cursor)}`,
      );
      setData({ data: [...data.data, ...next.data], next_cursor: next.next_cursor });
    });
  const running = data?.data.some((v) => IN_PROGRESS.includes(v.status) && !v.awaiting_approval);
  // Live status: while anything runs, the list refreshes itself.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), 3000);
    return () => clearInterval(timer);
  }, [running, reload]);

  return (
    <div className="page">
      <PageHeader title="Videos" />
      <NewVideo />
      <Card title="All videos">
        <ErrorNote error={error} />
        {data && data.data.length === 0 && (
          <Empty>No videos yet. Describe one above to make the first.</Empty>
        )}
        {data && data.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">Prompt</th>
                <th scope="col">Status</th>
                <th scope="col">Stage</th>
                <th scope="col">Scenes</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((v) => (
                <tr key={v.id}>
                  <td className="cell-main">
                    <Link to={`/videos/${v.id}`}>
                      {v.prompt.length > 90 ? `${v.prompt.slice(0, 88)}…` : v.prompt}
                    </Link>
                  </td>
                  <td>
                    <Badge>{statusLabel(v)}</Badge>
                    {IN_PROGRESS.includes(v.status) && !v.awaiting_approval && (
                      <LiveProgress video={v} compact />
                    )}
                  </td>
                  <td>{v.stage ?? '—'}</td>
                  <td>{v.scene_count}</td>
                  <td className="nowrap">{formatTime(v.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {data?.next_cursor && (
          <p>
            <button type="button" className="btn" disabled={more.busy} onClick={() => void loadMore()}>
              Show older videos
            </button>
          </p>
        )}
        <ErrorNote error={more.error} />
      </Card>
    </div>
  );
}

function NewVideo() {
  const [prompt, setPrompt] = useState('');
  const [scenes, setScenes] = useState('3');
  const [aspect, setAspect] = useState('16:9');
  const [resolution, setResolution] = useState('720p');
  const [fps, setFps] = useState('24');
  const [autoApprove, setAutoApprove] = useState(false);
  const [voice, setVoice] = useState('');
  const [speed, setSpeed] = useState('1');
  const { busy, error, run } = useAction();
  // The voices of the configured speech provider; the choice is hidden when none are offered.
  const voices = useLoad(() =>
    api<{ data: Voice[] }>('GET', '/voices').catch(() => ({ data: [] as Voice[] })),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const video = await api<Video>('POST', '/videos', {
        prompt,
        scene_count: Number(scenes),
        aspect_ratio: aspect,
        output: { resolution, fps: Number(fps) },
        auto_approve: autoApprove,
        ...(voice && { voice }),
        ...(speed !== '1' && { voice_speed: Number(speed) }),
      });
      navigate(`/videos/${video.id}`);
    });
  };

  return (
    <Card title="New video">
      <form onSubmit={submit} className="form">
        <label className="field field-wide">
          <span>Prompt</span>
          <textarea
            value={prompt}
            onChange={(e) => setPrompt(e.target.value)}
            rows={3}
            maxLength={2000}
            required
            placeholder="How lighthouses guide ships at night."
          />
        </label>
        <div className="row">
          <label className="field">
            <span>Scenes</span>
            <select value={scenes} onChange={(e) => setScenes(e.target.value)}>
              {Array.from({ length: 12 }, (_, i) => String(i + 1)).map((n) => (
                <option key={n}>{n}</option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Aspect ratio</span>
            <select value={aspect} onChange={(e) => setAspect(e.target.value)}>
              <option value="16:9">16:9 landscape</option>
              <option value="9:16">9:16 portrait</option>
              <option value="1:1">1:1 square</option>
            </select>
          </label>
          <label className="field">
            <span>Resolution</span>
            <select value={resolution} onChange={(e) => setResolution(e.target.value)}>
              <option value="720p">720p</option>
              <option value="1080p">1080p</option>
            </select>
          </label>
          <label className="field">
            <span>Frame rate</span>
            <select value={fps} onChange={(e) => setFps(e.target.value)}>
              {['24', '25', '30', '60'].map((n) => (
                <option key={n} value={n}>
                  {n} fps
                </option>
              ))}
            </select>
          </label>
          {voices.data && voices.data.data.length > 0 && (
            <label className="field">
              <span>Voice</span>
              <select value={voice} onChange={(e) => setVoice(e.target.value)}>
                <option value="">Default for the language</option>
                {VOICE_GROUPS.map((group) => {
                  const listed = voices.data!.data.filter((v) => v.quality === group.quality);
                  return (
                    listed.length > 0 && (
                      <optgroup key={group.quality} label={group.label}>
                        {listed.map((v) => (
                          <option key={v.id} value={v.id}>
                            {v.name} ({v.language})
                          </option>
                        ))}
                      </optgroup>
                    )
                  );
                })}
              </select>
            </label>
          )}
          <label className="field">
            <span>Speed {Number(speed).toFixed(1)}×</span>
            <input
              type="range"
              min="0.5"
              max="2"
              step="0.1"
              value={speed}
              onChange={(e) => setSpeed(e.target.value)}
              data-testid="voice-speed"
              aria-label="Speaking speed"
            />
          </label>
          <label className="check">
            <input type="checkbox" checked={autoApprove} onChange={(e) => setAutoApprove(e.target.checked)} />
            Approve automatically (skip the review)
          </label>
        </div>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create video'}
          </button>
        </div>
      </form>
    </Card>
  );
}
