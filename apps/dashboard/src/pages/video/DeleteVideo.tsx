import { api, type Video } from '../../api';
import { navigate } from '../../router';
import { ErrorNote, useAction } from '../../ui';

/** Deletes the video and its files, once nothing runs on it; then back to the list. */
export function DeleteVideo({ video }: { video: Video }) {
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
