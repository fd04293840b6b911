import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, type Page } from '../api';
import { Link } from '../router';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';
import type { Template } from './Templates';

export interface Batch {
  id: string;
  template_id: string;
  status: 'running' | 'completed' | 'cancelled';
  total: number;
  waiting: number;
  in_progress: number;
  completed: number;
  failed: number;
  cancelled: number;
  created_at: string;
  completed_at: string | null;
}

interface BatchRow {
  index: number;
  status: string;
  video_id: string | null;
  variables: Record<string, string>;
}

/** Batches: upload a CSV for a template, watch the counts, open each row's video, cancel. */
export function BatchesPage() {
  const batches = useLoad(() => api<Page<Batch>>('GET', '/batches?limit=50'));
  const running = batches.data?.data.some((b) => b.status === 'running');
  // The counts move while a batch runs: the list refreshes itself.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void batches.reload(), 2000);
    return () => clearInterval(timer);
  }, [running, batches.reload]);
  return (
    <div className="page">
      <PageHeader title="Batches" />
      <Upload onCreated={batches.reload} />
      <Card title="Your batches">
        <ErrorNote error={batches.error} />
        {batches.data && batches.data.data.length === 0 && <Empty>No batches yet.</Empty>}
        {batches.data && batches.data.data.length > 0 && (
          <ul className="hooks">
            {batches.data.data.map((b) => (
              <BatchItem key={b.id} batch={b} onChange={batches.reload} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function Upload({ onCreated }: { onCreated: () => Promise<void> }) {
  const templates = useLoad(() => api<Page<Template>>('GET', '/templates?limit=100'));
  const input = useRef<HTMLInputElement>(null);
  const [templateId, setTemplateId] = useState('');
  const { busy, error, run } = useAction();
  const chosen = templates.data?.data.find((t) => t.id === templateId);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const file = input.current?.files?.[0];
    if (!file) return;
    void run(async () => {
      const form = new FormData();
      form.append('template_id', templateId);
      form.append('file', file);
      await api('POST', '/batches', form);
      if (input.current) input.current.value = '';
      await onCreated();
    });
  };
  return (
    <Card title="New batch">
      <form className="form" onSubmit={submit}>
        <div className="row">
          <label className="field">
            <span>Template</span>
            <select value={templateId} onChange={(e) => setTemplateId(e.target.value)} required>
              <option value="">Choose a template</option>
              {templates.data?.data.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span>CSV file</span>
            <input type="file" ref={input} required accept=".csv,text/csv" />
          </label>
        </div>
        {chosen && (
          <p className="hint">
            A header row naming {chosen.variables.join(', ') || 'no fields'}, then one row per video (at most
            500).
          </p>
        )}
        <ErrorNote error={error ?? templates.error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Uploading…' : 'Start batch'}
          </button>
        </div>
      </form>
    </Card>
  );
}

function BatchItem({ batch, onChange }: { batch: Batch; onChange: () => Promise<void> }) {
  const [rows, setRows] = useState<BatchRow[] | null>(null);
  const cancel = useAction();
  const open = useAction();
  const showRows = () =>
    open.run(async () => {
      setRows((await api<Page<BatchRow>>('GET', `/batches/${batch.id}/rows?limit=100`)).data);
    });
  return (
    <li className="hook" aria-label={`Batch of ${formatTime(batch.created_at)}`}>
      <div>
        <Badge>{batch.status}</Badge>{' '}
        <span>
          {batch.total} rows: {batch.waiting} waiting, {batch.in_progress} in progress, {batch.completed}{' '}
          completed, {batch.failed} failed{batch.cancelled > 0 ? `, ${batch.cancelled} cancelled` : ''}
        </span>{' '}
        <span className="hint">{formatTime(batch.created_at)}</span>
      </div>
      <div className="row">
        <button type="button" className="btn" onClick={() => void showRows()} disabled={open.busy}>
          Show rows
        </button>
        {batch.status === 'running' && (
          <button
            type="button"
            className="btn"
            disabled={cancel.busy}
            onClick={() =>
              void cancel.run(async () => {
                await api('POST', `/batches/${batch.id}/cancel`);
                await onChange();
              })
            }
          >
            Cancel batch
          </button>
        )}
      </div>
      <ErrorNote error={cancel.error ?? open.error} />
      {rows && (
        <table>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Fields</th>
              <th scope="col">Status</th>
              <th scope="col">Video</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.index}>
                <td>{r.index + 1}</td>
                <td>{Object.values(r.variables).join(', ')}</td>
                <td>{r.status}</td>
                <td>{r.video_id ? <Link to={`/videos/${r.video_id}`}>Open video</Link> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </li>
  );
}
