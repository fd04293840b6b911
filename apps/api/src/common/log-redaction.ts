/**
 * Request logs never carry what grants access: API keys, cookies and CSRF tokens travel in
 * headers, which request lines leave out (request-log.ts), and signed asset URLs and sign-in
 * links carry theirs in the query string, redacted here.
 */
const SECRET_PARAMS = ['signature', 'expires', 'token'];
const SECRET_QUERY = new RegExp(`([?&](?:${SECRET_PARAMS.join('|')})=)[^&#]*`, 'gi');

export const REDACTED = '[REDACTED]';

/** The URL with the values of its secret query parameters replaced. */
export function redactUrl(url: string | undefined): string | undefined {
  // Most URLs have no query at all: nothing to search.
  return url !== undefined && (url.includes('?') || url.includes('&'))
    ? url.replace(SECRET_QUERY, `$1${REDACTED}`)
    : url;
}
