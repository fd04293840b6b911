import { httpRequestDuration, httpRequests } from '@vidgen/metrics';
import type { NextFunction, Request, Response } from 'express';

/**
 * The route label is the template Express matched (`/api/v1/videos/:id`), never the raw path:
 * ids in paths would make one series per video and swamp Prometheus. Requests no route matched
 * (404s for unknown paths, body-parser failures) share one label.
 */
export function routeLabel(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl ?? ''}${route.path}`;
  return 'unmatched';
}

/** Counts and times every response once it has been sent (vidgen_http_requests_total and _duration_seconds). */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const labels = { method: req.method, route: routeLabel(req), status: String(res.statusCode) };
    httpRequests.inc(labels);
    httpRequestDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
  });
  next();
}
