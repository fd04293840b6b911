import { type AnchorHTMLAttributes, type MouseEvent, useEffect, useState } from 'react';

export const BASE = '/dashboard';

/**
 * The path inside the dashboard ("/videos", "/settings/api-keys"), kept in step with history, and
 * a count of visits: following a link to the page already shown counts as a new visit, so the
 * page is built afresh (its data reloaded), as a full page load would.
 */
export function usePath(): { path: string; visit: number } {
  const [state, setState] = useState(() => ({ path: currentPath(), visit: 0 }));
  useEffect(() => {
    const update = () => setState((s) => ({ path: currentPath(), visit: s.visit + 1 }));
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return state;
}

function currentPath(): string {
  const p = window.location.pathname.slice(BASE.length).replace(/\/+$/, '');
  return p === '' ? '/' : p;
}

export function navigate(to: string): void {
  window.history.pushState(null, '', `${BASE}${to}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A real link (keyboard, middle-click and "open in new tab" work) that routes without a reload. */
export function Link({ to, ...rest }: { to: string } & AnchorHTMLAttributes<HTMLAnchorElement>) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={`${BASE}${to}`} onClick={onClick} {...rest} />;
}
