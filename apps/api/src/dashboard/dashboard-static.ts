import { existsSync } from 'node:fs';
import path from 'node:path';
import express from 'express';

export const DASHBOARD_PATH = '/dashboard';
/** Paths under /dashboard the api answers itself (Nest routes), not the static files. */
const SERVER_ROUTES = new Set(['/dashboard/login']);

/**
 * Where `npm run build` puts the dashboard: apps/dashboard/dist of the repository (or image). The
 * compiled api runs from dist/apps/api/src/dashboard, one folder deeper than its source.
 */
export function defaultDashboardDir(): string {
  const root = path.resolve(__dirname, __filename.endsWith('.js') ? '../../../../..' : '../../../..');
  return path.join(root, 'apps', 'dashboard', 'dist');
}

export function isDashboardPath(p: string): boolean {
  return (p === DASHBOARD_PATH || p.startsWith(`${DASHBOARD_PATH}/`)) && !SERVER_ROUTES.has(p);
}

function securityHeaders(res: express.Response, publicOrigin: string): void {
  // Same origin only: no CDN, no inline script. The public origin serves the signed media URLs.
  const media = publicOrigin ? `'self' ${publicOrigin}` : `'self'`;
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      `img-src ${media} data: blob:`,
      `media-src ${media} blob:`,
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  );
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
}

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>vidgen dashboard</title></head>
<body><h1>The dashboard has not been built</h1>
<p>Run <code>npm run build</code> (or <code>npm start</code>, which builds it when missing), then reload.</p></body></html>`;

/**
 * Serves the built dashboard at /dashboard, same origin as the API: hashed files under
 * /dashboard/static/ for a year, anything else that looks like a page gets index.html (the
 * single-page app routes it). Mounted before the 404 handler for paths outside /api/v1.
 */
export function serveDashboard(dir: string, publicBaseUrl: string): express.RequestHandler {
  const publicOrigin = (() => {
    try {
      return new URL(publicBaseUrl).origin;
    } catch {
      return '';
    }
  })();
  const files = express.static(dir, {
    index: false,
    fallthrough: true,
    setHeaders: (res, file) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      if (file.includes(`${path.sep}static${path.sep}`)) {
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });
  const indexFile = path.join(dir, 'index.html');
  return (req, res, next) => {
    if (!isDashboardPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const rest = req.path.slice(DASHBOARD_PATH.length) || '/';
    // express.static resolves the path below `dir` and refuses to climb out of it.
    const original = req.url;
    req.url = rest + (original.includes('?') ? original.slice(original.indexOf('?')) : '');
    files(req, res, (err?: unknown) => {
      req.url = original;
      if (err) return next(err);
      // A missing file (it has an extension) is a 404, not the app: a stale script must not get HTML.
      if (/\.[a-z0-9]+$/i.test(rest)) return next();
      securityHeaders(res, publicOrigin);
      res.setHeader('Cache-Control', 'no-cache');
      if (!existsSync(indexFile)) {
        res.status(503).type('html').send(NOT_BUILT);
        return;
      }
      res.type('html').sendFile(indexFile);
    });
  };
}
