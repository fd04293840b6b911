import type { Video } from '../../api';
import { Card } from '../../ui';

/** The finished video, its thumbnail and its files to download. */
export function Player({ video }: { video: Video }) {
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
