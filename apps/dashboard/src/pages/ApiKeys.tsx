import { type FormEvent, useState } from 'react';
import { type ApiKey, api } from '../api';
import { Badge, Card, Empty, ErrorNote, formatTime, PageHeader, useAction, useLoad } from '../ui';

const FAMILIES = ['videos', 'assets', 'callbacks', 'credits'] as const;
const ACTIONS = ['read', 'write', '*'] as const;

export function ApiKeysPage() {
  const keys = useLoad(() => api<{ data: ApiKey[] }>('GET', '/dashboard/keys'));
  const [created, setCreated] = useState<(ApiKey & { key: string }) | null>(null);

  return (
    <div className="page">
      <p className="crumbs">Settings / API Keys</p>
      <PageHeader title="API Keys" />
      <CreateKey
        onCreated={async (k) => {
          setCreated(k);
          await keys.reload();
        }}
      />
      {created && (
        <Card title="Your new key">
          <p>
            Copy <strong>{created.name ?? 'the key'}</strong> now: it is shown only once and cannot be
            retrieved later.
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="new-api-key">
              {created.key}
            </code>
            <CopyButton text={created.key} />
          </div>
          <p className="hint">
            Send it in the <code>X-Api-Key</code> header. Keep it out of client-side code and repositories.
          </p>
          <button type="button" className="btn btn-ghost" onClick={() => setCreated(null)}>
            I have stored it
          </button>
        </Card>
      )}
      <Card title="Keys">
        <ErrorNote error={keys.error} />
        {keys.data && keys.data.data.length === 0 && <Empty>No keys yet.</Empty>}
        {keys.data && keys.data.data.length > 0 && (
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Scopes</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.data.map((k) => (
                <KeyRow key={k.id} apiKey={k} onRevoked={keys.reload} />
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

function KeyRow({ apiKey: k, onRevoked }: { apiKey: ApiKey; onRevoked: () => Promise<void> }) {
  const { busy, error, run } = useAction();
  const label = k.name ?? k.prefix;
  return (
    <tr>
      <td className="cell-main">{k.name ?? <span className="hint">unnamed</span>}</td>
      <td>
        <code>{k.prefix}…</code>
      </td>
      <td>
        <span className="scopes">
          {k.scopes.map((s) => (
            <code key={s}>{s}</code>
          ))}
        </span>
      </td>
      <td>
        <Badge>{k.status}</Badge>
      </td>
      <td className="nowrap">{formatTime(k.created_at)}</td>
      <td className="nowrap">{k.last_used_at ? formatTime(k.last_used_at) : 'never'}</td>
      <td className="nowrap">{k.expires_at ? formatTime(k.expires_at) : 'never'}</td>
      <td>
        {k.status === 'active' && (
          <button
            type="button"
            className="btn btn-ghost-danger"
            disabled={busy}
            aria-label={`Revoke ${label}`}
            onClick={() =>
              run(async () => {
                if (!window.confirm(`Revoke ${label}? Requests with it fail at once.`)) return;
                await api('DELETE', `/dashboard/keys/${k.id}`);
                await onRevoked();
              })
            }
          >
            Revoke
          </button>
        )}
        <ErrorNote error={error} />
      </td>
    </tr>
  );
}

function CreateKey({ onCreated }: { onCreated: (k: ApiKey & { key: string }) => Promise<void> }) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [expiry, setExpiry] = useState('');
  const { busy, error, run, setError } = useAction();

  const toggle = (scope: string, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (scopes.length === 0) {
      setError(new Error('Choose at least one scope.'));
      return;
    }
    void run(async () => {
      const body: Record<string, unknown> = { scopes };
      if (name.trim()) body.name = name.trim();
      if (expiry) body.expires_in_days = Number(expiry);
      const key = await api<ApiKey & { key: string }>('POST', '/dashboard/keys', body);
      setName('');
      setScopes([]);
      setExpiry('');
      await onCreated(key);
    });
  };

  return (
    <Card title="Create a key">
      <form onSubmit={submit} className="form">
        <div className="row">
          <label className="field">
            <span>Name</span>
            <input
              type="text"
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              placeholder="CI pipeline"
            />
          </label>
          <label className="field">
            <span>Expires after</span>
            <select value={expiry} onChange={(e) => setExpiry(e.target.value)}>
              <option value="">never</option>
              <option value="7">7 days</option>
              <option value="30">30 days</option>
              <option value="90">90 days</option>
              <option value="365">1 year</option>
            </select>
          </label>
        </div>
        <fieldset className="scope-grid">
          <legend>Scopes</legend>
          {FAMILIES.map((family) => (
            <div key={family} className="scope-family">
              {ACTIONS.map((action) => {
                const scope = `${family}:${action}`;
                return (
                  <label key={scope} className="check">
                    <input
                      type="checkbox"
                      checked={scopes.includes(scope)}
                      onChange={(e) => toggle(scope, e.target.checked)}
                    />
                    {scope}
                  </label>
                );
              })}
            </div>
          ))}
        </fieldset>
        <ErrorNote error={error} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Create key
          </button>
        </div>
      </form>
    </Card>
  );
}

export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-small"
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => setCopied(true));
      }}
    >
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
