// A dashboard session as the api's specs drive it: a sign-in by link, then requests that carry the
// session cookie and, on changes, the CSRF header; and sign-in attempts from a chosen address.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import {
  AccountRepository,
  DashboardSessionRepository,
  DashboardSessionService,
  hashToken,
} from '@vidgen/auth';
import { inject } from 'vitest';
import { testDb } from '../../../../test/support/api';
import { signInWithLink } from './dashboard-sign-in';

export const dashboardSessions = () =>
  new DashboardSessionService(new DashboardSessionRepository(testDb()), new AccountRepository(testDb()));

/** When the link of this token was spent, or null while it is not. */
export async function loginLinkUsedAt(token: string): Promise<string | null> {
  const link = await testDb()
    .selectFrom('login_links')
    .select('used_at')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return link.used_at;
}

/** A signed-in browser, reduced to what it sends: the session cookie and, on changes, the CSRF header. */
export class SessionBrowser {
  constructor(
    readonly base: string,
    readonly cookie: string,
    readonly csrf: string,
  ) {}

  async request(method: string, path: string, body?: unknown, opts: { csrf?: string | null } = {}) {
    const headers: Record<string, string> = { Cookie: this.cookie };
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf;
    if (csrf !== null && method !== 'GET') headers['X-CSRF-Token'] = csrf;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined, text };
  }
}

/** Signs in to the shared stack's api with a fresh link of the account. */
export async function signIn(accountId: string): Promise<SessionBrowser> {
  const base = inject('stack').apiBaseUrl;
  const { token } = await dashboardSessions().createLoginLink(accountId);
  const { cookie } = await signInWithLink(new URL(base).origin, token);
  const info = await (await fetch(`${base}/dashboard/session`, { headers: { Cookie: cookie } })).json();
  return new SessionBrowser(base, cookie, (info as { csrf_token: string }).csrf_token);
}

export interface SignInAttempt {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

/**
 * Opens a sign-in link of a random (unknown) token on the shared stack's api from a loopback address
 * of the spec's own (127.0.0.2, …), so its count of attempts touches no other spec's sign-ins.
 */
export function openUnknownLinkFrom(
  localAddress: string,
  headers: Record<string, string> = {},
): Promise<SignInAttempt> {
  const url = new URL(inject('stack').apiBaseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: url.hostname,
        port: url.port,
        path: `/dashboard/login?token=${randomBytes(32).toString('base64url')}`,
        localAddress,
        headers,
      },
      (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string, body }),
        );
      },
    );
    req.on('error', reject);
  });
}
