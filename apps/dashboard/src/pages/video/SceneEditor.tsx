import { type FormEvent, useState } from 'react';
import { type Asset, api, type Scene } from '../../api';
import { ErrorNote, useAction } from '../../ui';
import { depictsText } from './depicts';
import { SceneCredit } from './SceneCredit';

/** One scene of the script under review: its texts, its own picture or clip, and its deletion. */
export function SceneEditor({
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
