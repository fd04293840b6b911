import { api, type SessionInfo } from '../api';
import { Link } from '../router';
import { Card, ErrorNote, PageHeader, useLoad } from '../ui';
import { BrandCard } from './BrandSettings';

interface StageProvider {
  provider: string;
  model: string | null;
  /** Speech only: the languages another engine speaks (Piper, where its voice is installed). */
  languages?: { language: string; provider: string; model: string }[];
}

type Providers = Record<'script' | 'image' | 'speech' | 'stock', StageProvider>;

const STAGES: [keyof Providers, string][] = [
  ['script', 'Script'],
  ['image', 'Images'],
  ['speech', 'Narration'],
  ['stock', 'Stock media'],
];

/** GET /providers: what writes, draws and speaks this service's videos. */
function ProvidersCard() {
  const providers = useLoad(() => api<Providers>('GET', '/providers'));
  const data = providers.data;
  return (
    <Card title="Providers" id="providers">
      <ErrorNote error={providers.error} />
      {data && (
        <dl className="facts" data-testid="providers">
          {STAGES.map(([stage, label]) => (
            <div key={stage}>
              <dt>{label}</dt>
              <dd>
                {data[stage].provider}
                {data[stage].model && (
                  <>
                    {' · '}
                    <code>{data[stage].model}</code>
                  </>
                )}
                {data[stage].languages?.map((l) => (
                  <span key={l.language}>
                    {'; '}
                    {l.language}: {l.provider} · <code>{l.model}</code>
                  </span>
                ))}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Card>
  );
}

export function SettingsPage({ session }: { session: SessionInfo }) {
  const a = session.account;
  return (
    <div className="page">
      <PageHeader title="Settings" />
      <Card title="Account">
        <dl className="facts">
          <div>
            <dt>Name</dt>
            <dd>{a.name}</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>{a.plan}</dd>
          </div>
          <div>
            <dt>Account id</dt>
            <dd>
              <code>{a.id}</code>
            </dd>
          </div>
        </dl>
      </Card>
      <ProvidersCard />
      <BrandCard />
      <Card title="API access">
        <p>
          Programs call the REST API at <code>/api/v1</code> with a key in the <code>X-Api-Key</code> header.
          Each key holds only the scopes you give it and can be revoked at any time.
        </p>
        <p>
          <Link to="/settings/api-keys" className="btn">
            Create and revoke keys
          </Link>
        </p>
      </Card>
    </div>
  );
}
