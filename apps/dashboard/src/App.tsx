import { useEffect, useState } from 'react';
import { api, type SessionInfo, setCsrfToken, whenSignedOut } from './api';
import { ApiKeysPage } from './pages/ApiKeys';
import { AssetsPage } from './pages/Assets';
import { BatchesPage } from './pages/Batches';
import { CreditsPage } from './pages/Credits';
import { SettingsPage } from './pages/Settings';
import { TemplatesPage } from './pages/Templates';
import { VideosPage } from './pages/Videos';
import { VideoPage } from './pages/video/VideoPage';
import { WebhooksPage } from './pages/Webhooks';
import { Link, navigate, usePath } from './router';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; reason?: string }
  | { kind: 'ready'; session: SessionInfo };

export function App() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const { path, visit } = usePath();

  useEffect(() => {
    whenSignedOut(() => setState({ kind: 'signed-out', reason: 'Your session has ended.' }));
    api<SessionInfo>('GET', '/dashboard/session')
      .then((session) => {
        setCsrfToken(session.csrf_token);
        setState({ kind: 'ready', session });
      })
      .catch(() => setState({ kind: 'signed-out' }));
  }, []);

  // Each page names itself in the title, and focus moves to the new page for screen readers.
  useEffect(() => {
    document.title = `${titleOf(path)} · vidgen`;
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [path]);

  if (state.kind === 'loading') return <p className="loading">Loading…</p>;
  if (state.kind === 'signed-out') return <SignedOut reason={state.reason} />;

  const signOut = async () => {
    await api('DELETE', '/dashboard/session').catch(() => undefined);
    setState({ kind: 'signed-out', reason: 'You have signed out.' });
  };

  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand-mark" aria-hidden="true">
            ▶
          </span>{' '}
          vidgen
        </div>
        <nav aria-label="Main">
          <ul>
            <NavItem to="/videos" label="Videos" path={path} />
            <NavItem to="/templates" label="Templates" path={path} />
            <NavItem to="/batches" label="Batches" path={path} />
            <NavItem to="/assets" label="Assets" path={path} />
            <NavItem to="/webhooks" label="Webhooks" path={path} />
            <NavItem to="/credits" label="Credits" path={path} />
            <NavItem to="/settings" label="Settings" path={path} exact />
            <NavItem to="/settings/api-keys" label="API Keys" path={path} nested />
          </ul>
        </nav>
        <div className="account">
          <div className="account-name">{state.session.account.name}</div>
          <div className="account-plan">{state.session.account.plan} plan</div>
          <button type="button" className="btn btn-ghost" onClick={signOut}>
            Sign out
          </button>
        </div>
      </aside>
      <main id="main" className="content">
        <Page key={visit} path={path} session={state.session} />
      </main>
    </div>
  );
}

function NavItem(props: { to: string; label: string; path: string; nested?: boolean; exact?: boolean }) {
  const active = props.exact
    ? props.path === props.to
    : props.path === props.to || props.path.startsWith(`${props.to}/`);
  return (
    <li className={props.nested ? 'nested' : undefined}>
      <Link
        to={props.to}
        aria-current={active ? 'page' : undefined}
        className={active ? 'active' : undefined}
      >
        {props.label}
      </Link>
    </li>
  );
}

function titleOf(path: string): string {
  if (path.startsWith('/videos/')) return 'Video';
  return (
    {
      '/videos': 'Videos',
      '/templates': 'Templates',
      '/batches': 'Batches',
      '/assets': 'Assets',
      '/webhooks': 'Webhooks',
      '/credits': 'Credits',
      '/settings': 'Settings',
      '/settings/api-keys': 'API Keys',
    }[path] ?? 'Dashboard'
  );
}

function Page({ path, session }: { path: string; session: SessionInfo }) {
  const video = /^\/videos\/([0-9a-f-]{36})$/.exec(path);
  if (video) return <VideoPage id={video[1]!} />;
  switch (path) {
    case '/':
    case '/videos':
      return <VideosPage />;
    case '/templates':
      return <TemplatesPage />;
    case '/batches':
      return <BatchesPage />;
    case '/assets':
      return <AssetsPage />;
    case '/webhooks':
      return <WebhooksPage />;
    case '/credits':
      return <CreditsPage offers={session.plan_offers} />;
    case '/settings':
      return <SettingsPage session={session} />;
    case '/settings/api-keys':
      return <ApiKeysPage />;
    default:
      return <NotFound />;
  }
}

function NotFound() {
  return (
    <div className="page">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>
        <button type="button" className="btn" onClick={() => navigate('/videos')}>
          Go to Videos
        </button>
      </p>
    </div>
  );
}

function SignedOut({ reason }: { reason?: string }) {
  return (
    <main className="signed-out">
      <div className="signed-out-card">
        <div className="brand brand-dark">vidgen</div>
        <h1>{reason ?? 'You are not signed in'}</h1>
        <p>The dashboard opens with a one-time sign-in link. Ask for one on the server:</p>
        <pre>
          <code>vidgen accounts login-link --account &lt;account id&gt;</code>
        </pre>
        <p>Then open the link in this browser. Each link works once, for 15 minutes.</p>
      </div>
    </main>
  );
}
