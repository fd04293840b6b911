import { type FormEvent, useRef, useState } from 'react';
import { type Asset, api, type Page } from '../api';
import {
  Badge,
  Card,
  Empty,
  ErrorNote,
  formatBytes,
  formatTime,
  PageHeader,
  useAction,
  useLoad,
} from '../ui';

export function AssetsPage() {
  const assets = useLoad(() => api<Page<Asset>>('GET', '/assets?limit=50'));
  return (
    <div className="page">
      <PageHeader title="Assets" />
      <Upload onUploaded={assets.reload} />
      <Card title="Library">
        <ErrorNote error={assets.error} />
        {assets.data && assets.data.data.length === 0 && <Empty>No assets yet.</Empty>}
        {assets.data && assets.data.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">Preview</th>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Size</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {assets.data.data.map((a) => (
                <tr key={a.id}>
                  <td>
                    {(a.type === 'image' || a.type === 'thumbnail') && a.url ? (
                      <img src={a.url} alt="" className="thumb-small" />
                    ) : a.type === 'video' && a.source !== 'generated' && a.url ? (
                      <video src={a.url} muted preload="metadata" className="thumb-small" aria-label="Clip" />
                    ) : (
                      <span className="hint">—</span>
                    )}
                  </td>
                  <td className="cell-main">
                    {a.url ? (
                      <a href={a.url} download>
                        {a.name ?? a.id.slice(0, 8)}
                      </a>
                    ) : (
                      (a.name ?? a.id.slice(0, 8))
                    )}
                    {a.video_id && <span className="hint"> (video {a.video_id.slice(0, 8)})</span>}
                  </td>
                  <td>
                    <Badge tone="info">{a.type}</Badge>
                  </td>
                  <td className="nowrap">{formatBytes(a.bytes)}</td>
                  <td className="nowrap">{formatTime(a.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

function Upload({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    void run(async () => {
      const form = new FormData();
      form.append('file', file);
      if (name.trim()) form.append('name', name.trim());
      await api('POST', '/assets', form);
      setName('');
      if (input.current) input.current.value = '';
      await onUploaded();
    });
  };
  return (
    <Card title="Upload">
      <form className="form" onSubmit={submit}>
        <div className="row">
          <label className="field">
            <span>File (PNG, JPEG, WebP, MP3, WAV, M4A, Ogg)</span>
            <input
              type="file"
              ref={input}
              required
              accept="image/png,image/jpeg,image/webp,audio/*,video/mp4,video/webm,video/quicktime"
            />
          </label>
          <label className="field">
            <span>Asset name</span>
            <input type="text" value={name} onChange={(e) => setName(e.target.value)} maxLength={200} />
          </label>
        </div>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Upload'}
          </button>
        </div>
      </form>
    </Card>
  );
}
