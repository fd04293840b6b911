import { type FormEvent, useState } from 'react';
import { api, type Page, type Video } from '../api';
import { navigate } from '../router';
import { Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';

export interface Template {
  id: string;
  name: string;
  description: string | null;
  request: Record<string, unknown>;
  variables: string[];
  created_at: string;
  updated_at: string;
}

/** Templates: make one from a video, fill its fields, make a video (docs/api.md#templates-and-batches). */
export function TemplatesPage() {
  const templates = useLoad(() => api<Page<Template>>('GET', '/templates?limit=50'));
  return (
    <div className="page">
      <PageHeader title="Templates" />
      <FromVideo onCreated={templates.reload} />
      <Card title="Your templates">
        <ErrorNote error={templates.error} />
        {templates.data && templates.data.data.length === 0 && <Empty>No templates yet.</Empty>}
        {templates.data && templates.data.data.length > 0 && (
          <ul className="hooks">
            {templates.data.data.map((t) => (
              <TemplateItem key={t.id} template={t} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function FromVideo({ onCreated }: { onCreated: () => Promise<void> }) {
  const videos = useLoad(() => api<Page<Video>>('GET', '/videos?limit=50'));
  const [videoId, setVideoId] = useState('');
  const [name, setName] = useState('');
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('POST', '/templates', { name: name.trim(), from_video_id: videoId });
      setName('');
      await onCreated();
    });
  };
  return (
    <Card title="New template from a video">
      <form className="form" onSubmit={submit}>
        <p className="hint">
          The video's request and its scenes become the template. Edit it to put fields such as{' '}
          <code>{'{{product}}'}</code> in the prompt, narration or visual descriptions.
        </p>
        <div className="row">
          <label className="field">
            <span>Source video</span>
            <select value={videoId} onChange={(e) => setVideoId(e.target.value)} required>
              <option value="">Choose a video</option>
              {videos.data?.data.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.prompt.slice(0, 60)} ({formatTime(v.created_at)})
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>Template name</span>
            <input
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              maxLength={200}
            />
          </label>
        </div>
        <ErrorNote error={error ?? videos.error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Make template'}
          </button>
        </div>
      </form>
    </Card>
  );
}

function TemplateItem({ template }: { template: Template }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const video = await api<Video>('POST', '/videos', { template_id: template.id, variables: values });
      navigate(`/videos/${video.id}`);
    });
  };
  return (
    <li className="hook">
      <form className="form" onSubmit={submit} aria-label={`Make a video from ${template.name}`}>
        <div>
          <strong>{template.name}</strong>{' '}
          <span className="hint">
            {template.variables.length > 0 ? `fields: ${template.variables.join(', ')}` : 'no fields'}
          </span>
        </div>
        <div className="row">
          {template.variables.map((name) => (
            <label className="field" key={name}>
              <span>{name}</span>
              <input
                type="text"
                value={values[name] ?? ''}
                onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                required
                maxLength={500}
              />
            </label>
          ))}
        </div>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Starting…' : 'Make video'}
          </button>
        </div>
      </form>
    </li>
  );
}
