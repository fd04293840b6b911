import type { Scene } from '../../api';

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
