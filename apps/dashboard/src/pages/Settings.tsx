import type { SessionInfo } from '../api';
import { Link } from '../router';
import { Card, PageHeader } from '../ui';

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
