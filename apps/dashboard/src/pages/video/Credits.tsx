import { api, type Scene, type Video } from '../../api';
import { Card, useLoad } from '../../ui';
import { SceneCredit } from './SceneCredit';

/** Under each scene of a finished video, the credit its stock clip or photo asks for. */
export function Credits({ video }: { video: Video }) {
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
