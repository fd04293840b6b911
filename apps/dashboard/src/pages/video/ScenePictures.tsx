import { useEffect } from 'react';
import { api, type Scene, type Video } from '../../api';
import { Card, ErrorNote, useLoad } from '../../ui';
import { depictsText } from './depicts';

/** Each scene's picture as soon as it exists, and what it shows; refreshed while the video is made. */
export function ScenePictures({ video, running }: { video: Video; running: boolean }) {
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
