/**
 * Request logs never carry what grants access: API keys travel in headers (redacted by path),
 * and signed asset URLs and sign-in links carry theirs in the query string, redacted here.
 */
const SECRET_PARAMS = ['signature', 'expires', 'token'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

export const REDACTED = '[REDACTED]';

/** The URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Header paths pino redacts from every request log line. */
export const REDACTED_HEADERS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
];

/** pino-http request serializer: the standard fields with the secret query values redacted. */
export function redactRequest<T extends { url?: string; query?: Record<string, unknown> }>(req: T): T {
  const query = req.query && { ...req.query };
  if (query) for (const p of SECRET_PARAMS) if (p in query) query[p] = REDACTED;
  return { ...req, url: redactUrl(req.url), ...(query && { query }) };
}
