import { api, type Transcript } from '../../api';
import { Card, Empty, ErrorNote, useLoad } from '../../ui';

/** "1:05.3": minutes, seconds and tenths from the start of the video. */
function at(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = (seconds - m * 60).toFixed(1).padStart(4, '0');
  return `${m}:${s}`;
}

/** A completed video's words, scene by scene, each with when it is spoken (GET /videos/{id}/transcript). */
export function VideoTranscript({ videoId }: { videoId: string }) {
  const transcript = useLoad(() => api<Transcript>('GET', `/videos/${videoId}/transcript`), [videoId]);
  const scenes = transcript.data?.scenes ?? [];
  return (
    <Card title="Transcript">
      <ErrorNote error={transcript.error} />
      {transcript.data && scenes.length === 0 && <Empty>No words.</Empty>}
      {scenes.length > 0 && (
        <ol className="transcript" data-testid="transcript">
          {scenes.map((scene, i) => (
            <li key={scene.scene_id}>
              <p className="muted">
                Scene {i + 1} · {at(scene.start)}–{at(scene.end)}
              </p>
              <p>
                {scene.words.map((w) => (
                  <span key={`${w.start}-${w.end}-${w.text}`} title={`${at(w.start)}–${at(w.end)}`}>
                    {w.text}{' '}
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
