import { type FormEvent, useState } from 'react';
import { api, type Page, type Webhook, type WebhookDelivery } from '../api';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';
import { CopyButton } from './ApiKeys';

const EVENTS = [
  'video.completed',
  'video.failed',
  'video.awaiting_approval',
  'video.stage_changed',
  'video.preview_ready',
  'batch.completed',
];

export function WebhooksPage() {
  const hooks = useLoad(() => api<Webhook[]>('GET', '/callbacks'));
  const [open, setOpen] = useState<string | null>(null);
  return (
    <div className="page">
      <PageHeader title="Webhooks" />
      <CreateWebhook onCreated={hooks.reload} />
      <Card title="Endpoints">
        <ErrorNote error={hooks.error} />
        {hooks.data && hooks.data.length === 0 && <Empty>No webhooks yet.</Empty>}
        <ul className="hooks">
          {hooks.data?.map((w) => (
            <WebhookItem
              key={w.id}
              hook={w}
              open={open === w.id}
              onToggle={() => setOpen(open === w.id ? null : w.id)}
              onChange={hooks.reload}
            />
          ))}
        </ul>
      </Card>
    </div>
  );
}

function CreateWebhook({ onCreated }: { onCreated: () => Promise<void> }) {
  const [url, setUrl] = useState('');
  const [event, setEvent] = useState(EVENTS[0]!);
  const { busy, error, run } = useAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await api('POST', '/callbacks', { url, event });
      setUrl('');
      await onCreated();
    });
  };
  return (
    <Card title="Add a webhook">
      <form className="form" onSubmit={submit}>
        <div className="row">
          <label className="field field-grow">
            <span>Endpoint URL</span>
            <input
              type="url"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              required
              placeholder="https://example.com/hooks/vidgen"
            />
          </label>
          <label className="field">
            <span>Event</span>
            <select value={event} onChange={(e) => setEvent(e.target.value)}>
              {EVENTS.map((ev) => (
                <option key={ev}>{ev}</option>
              ))}
            </select>
          </label>
        </div>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Add webhook
          </button>
        </div>
      </form>
    </Card>
  );
}

function WebhookItem(props: {
  hook: Webhook;
  open: boolean;
  onToggle: () => void;
  onChange: () => Promise<void>;
}) {
  const w = props.hook;
  const [reveal, setReveal] = useState(false);
  const { busy, error, run } = useAction();
  return (
    <li className="hook">
      <div className="hook-head">
        <div className="hook-main">
          <code className="hook-url">{w.url}</code>
          <div className="hook-meta">
            <Badge tone="info">{w.event}</Badge> <Badge>{w.is_active ? 'active' : 'inactive'}</Badge>
            <span className="hint"> created {formatTime(w.created_at)}</span>
          </div>
        </div>
        <div className="hook-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            onClick={() =>
              run(async () => {
                await api('PATCH', `/callbacks/${w.id}`, { is_active: !w.is_active });
                await props.onChange();
              })
            }
          >
            {w.is_active ? 'Deactivate' : 'Activate'}
          </button>
          <button type="button" className="btn btn-small" aria-expanded={props.open} onClick={props.onToggle}>
            {props.open ? 'Hide deliveries' : 'Deliveries'}
          </button>
          <button
            type="button"
            className="btn btn-small btn-ghost-danger"
            disabled={busy}
            onClick={() =>
              run(async () => {
                if (!window.confirm(`Delete the webhook to ${w.url}?`)) return;
                await api('DELETE', `/callbacks/${w.id}`);
                await props.onChange();
              })
            }
          >
            Delete
          </button>
        </div>
      </div>
      <div className="secret-row">
        <span className="hint">Signing secret</span>
        <code className="secret">{reveal ? w.secret : '••••••••••••••••••••••••'}</code>
        <button
          type="button"
          className="btn btn-small"
          aria-pressed={reveal}
          onClick={() => setReveal(!reveal)}
        >
          {reveal ? 'Hide secret' : 'Reveal secret'}
        </button>
        {reveal && <CopyButton text={w.secret} />}
      </div>
      <ErrorNote error={error} />
      {props.open && <Deliveries hookId={w.id} />}
    </li>
  );
}

function Deliveries({ hookId }: { hookId: string }) {
  const list = useLoad(
    () => api<Page<WebhookDelivery>>('GET', `/callbacks/${hookId}/deliveries?limit=20`),
    [hookId],
  );
  const { busy, error, run } = useAction();
  return (
    <div className="deliveries">
      <div className="row">
        <h3>Deliveries</h3>
        <button type="button" className="btn btn-small btn-ghost" onClick={() => void list.reload()}>
          Refresh
        </button>
      </div>
      <ErrorNote error={list.error ?? error} />
      {list.data && list.data.data.length === 0 && (
        <Empty>No deliveries yet: they appear when a video finishes.</Empty>
      )}
      {list.data && list.data.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Video or batch</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Created</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.data.map((d) => (
              <tr key={d.id} data-testid="delivery">
                <td>
                  {/* A batch.completed delivery names its batch instead of a video. */}
                  <code>{(d.video_id ?? d.batch_id ?? '').slice(0, 8)}</code>
                </td>
                <td>
                  <Badge>{d.status}</Badge>
                </td>
                <td>
                  <ol className="attempts">
                    {d.attempts.map((a) => (
                      <li key={`${a.run}-${a.attempt}`}>
                        run {a.run}, attempt {a.attempt}: {a.outcome}
                        {a.status_code !== null && ` (HTTP ${a.status_code})`}
                        {a.error && ` — ${a.error}`}
                        {a.duration_ms !== null && <span className="hint"> {a.duration_ms} ms</span>}
                      </li>
                    ))}
                  </ol>
                </td>
                <td className="nowrap">{formatTime(d.created_at)}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy || d.status === 'pending'}
                    onClick={() =>
                      run(async () => {
                        await api('POST', `/callbacks/${hookId}/deliveries/${d.id}/redeliver`);
                        await list.reload();
                      })
                    }
                  >
                    Redeliver
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
