import { useState } from 'react';
import { api } from '../../api';
import { ErrorNote, useAction } from '../../ui';

/** A new scene for the script under review, after the last one. */
export function AddScene({ videoId, onChange }: { videoId: string; onChange: () => Promise<void> }) {
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
