import { dashboardBuilt } from '@vidgen/devstack';
import { describe, expect, it } from 'vitest';
import { offlineAppForTests } from '../../test/support/offline-app';
import { isDashboardPath } from './dashboard-static';

describe('isDashboardPath', () => {
  it.each(['/dashboard', '/dashboard/', '/dashboard/videos', '/dashboard/static/index-1.js'])(
    'serves %s',
    (p) => {
      expect(isDashboardPath(p)).toBe(true);
    },
  );
  it.each(['/dashboard/login', '/dashboards', '/api/v1/dashboard/session', '/'])(
    'leaves %s to the api',
    (p) => {
      expect(isDashboardPath(p)).toBe(false);
    },
  );
});

/** The dashboard's routes without any service behind them (nothing here reaches the database). */
describe('dashboard routes on the api', () => {
  const api = offlineAppForTests();

  it('answers a page route with the app (or a "not built" page), under a same-origin-only CSP', async () => {
    const res = await fetch(`${api.origin}/dashboard/settings/api-keys`);
    expect(res.status).toBe(dashboardBuilt() ? 200 : 503);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-inline|https?:\/\/(?!localhost:8080)/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('gives a missing file a 404, not the app', async () => {
    const res = await fetch(`${api.origin}/dashboard/static/missing-abc.js`);
    expect(res.status).toBe(404);
  });

  it('keeps the standard 404 body for other paths outside /api/v1', async () => {
    const res = await fetch(`${api.origin}/dashboardx`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('shows a page that says a malformed sign-in link is not valid', async () => {
    const res = await fetch(`${api.origin}/dashboard/login?token=nope`, { redirect: 'manual' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.text()).toContain('This sign-in link is not valid');
  });

  it('refuses an API key on the session-only key management routes', async () => {
    const res = await fetch(`${api.origin}/api/v1/dashboard/keys`, {
      headers: { 'X-Api-Key': `vg_${'a'.repeat(43)}` },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('FORBIDDEN');
  });

  it('asks for sign-in on the session routes without a cookie', async () => {
    const res = await fetch(`${api.origin}/api/v1/dashboard/session`);
    expect(res.status).toBe(401);
  });

  it('leaves the dashboard routes out of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${api.origin}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, object>;
    };
    expect(Object.keys(doc.paths).filter((p) => p.includes('dashboard'))).toEqual([]);
  });
});
