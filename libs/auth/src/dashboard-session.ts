import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a sign-in link works unless the CLI asks otherwise, and the most it may ask for. */
export const LOGIN_LINK_TTL_MINUTES = 15;
export const LOGIN_LINK_MAX_TTL_MINUTES = 24 * 60;
/** Links one account may be issued per hour: a leaked CLI cannot flood an account with live links. */
export const LOGIN_LINKS_PER_HOUR = 20;
/** A session lasts this long from sign-in (absolute, not sliding); signing out ends it sooner. */
export const SESSION_TTL_SECONDS = 7 * 24 * 3600;
export const SESSION_COOKIE = 'vidgen_session';
export const CSRF_HEADER = 'x-csrf-token';

/** 32 random bytes, base64url: unguessable, so a plain SHA-256 is enough to store (as for API keys). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeSecretToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * The CSRF token is derived from the session token (HMAC keyed by it), so it is bound to that
 * session, needs no storage, and changes with every sign-in. The page reads it from
 * GET /dashboard/session — a response another origin cannot read — and sends it in X-CSRF-Token.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('vidgen dashboard csrf').digest('base64url');
}

export function csrfTokenMatches(sessionToken: string, given: string | undefined): boolean {
  if (!given) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
