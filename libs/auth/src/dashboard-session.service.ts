import {
  DomainError,
  InvalidTokenError,
  isUuid,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from '@vidgen/core';
import type { AccountRepository } from './account.repository';
import type { Principal } from './auth.service';
import {
  hashToken,
  LOGIN_LINK_MAX_TTL_MINUTES,
  LOGIN_LINK_TTL_MINUTES,
  LOGIN_LINKS_PER_HOUR,
  looksLikeSecretToken,
  newSecretToken,
  SESSION_TTL_SECONDS,
} from './dashboard-session';
import type { DashboardSessionRepository } from './dashboard-session.repository';
import { ALL_SCOPES } from './scopes';

export type LoginLinkProblem = 'unknown' | 'used' | 'expired';

/** A sign-in link that cannot open a session; `problem` picks the page the visitor sees. */
export class LoginLinkError extends DomainError {
  readonly code = 'INVALID_TOKEN';
  readonly status = 401;
  constructor(readonly problem: LoginLinkProblem) {
    super(
      problem === 'used'
        ? 'This sign-in link has already been used'
        : problem === 'expired'
          ? 'This sign-in link has expired'
          : 'This sign-in link is not valid',
    );
  }
}

export interface OpenedSession {
  /** Goes into the cookie; only its hash is stored. */
  token: string;
  id: string;
  accountId: string;
  expiresAt: string;
}

/**
 * Sign-in to the dashboard (docs/dashboard.md): one-time links made by the CLI, exchanged for a
 * session whose cookie authenticates like a key holding every scope of the account.
 */
export class DashboardSessionService {
  constructor(
    private readonly sessions: DashboardSessionRepository,
    private readonly accounts: AccountRepository,
  ) {}

  async createLoginLink(
    accountId: string,
    ttlMinutes = LOGIN_LINK_TTL_MINUTES,
  ): Promise<{ token: string; expiresAt: string }> {
    if (!Number.isInteger(ttlMinutes) || ttlMinutes < 1 || ttlMinutes > LOGIN_LINK_MAX_TTL_MINUTES) {
      throw new ValidationError([
        { loc: ['ttl_minutes'], msg: `a whole number of minutes from 1 to ${LOGIN_LINK_MAX_TTL_MINUTES}` },
      ]);
    }
    if (!isUuid(accountId) || !(await this.accounts.find(accountId))) throw new NotFoundError('Account');
    if ((await this.sessions.linksIssuedInLastHour(accountId)) >= LOGIN_LINKS_PER_HOUR) {
      throw new RateLimitedError(
        `Rate limit exceeded: ${LOGIN_LINKS_PER_HOUR} sign-in links per 1 hour`,
        3600,
      );
    }
    // Links are made rarely (by an operator), so this is a cheap moment to drop dead rows.
    await this.sessions.pruneExpired();
    const token = newSecretToken();
    const row = await this.sessions.insertLoginLink({ accountId, tokenHash: hashToken(token), ttlMinutes });
    return { token, expiresAt: row.expires_at };
  }

  /**
   * The account a link would sign into, without spending it: the link's page names it before
   * the visitor chooses to sign in. A used, expired or unknown link throws LoginLinkError.
   */
  async inspectLink(linkToken: string | undefined): Promise<{ id: string; name: string }> {
    if (!linkToken || !looksLikeSecretToken(linkToken)) throw new LoginLinkError('unknown');
    const link = await this.sessions.linkState(hashToken(linkToken));
    if (!link) throw new LoginLinkError('unknown');
    if (link.state !== 'valid') throw new LoginLinkError(link.state);
    const account = await this.accounts.find(link.accountId);
    if (!account) throw new LoginLinkError('unknown');
    return { id: account.id, name: account.name };
  }

  /** Spends the link (once) and opens a session; a used, expired or unknown link throws LoginLinkError. */
  async signIn(linkToken: string | undefined): Promise<OpenedSession> {
    if (!linkToken || !looksLikeSecretToken(linkToken)) throw new LoginLinkError('unknown');
    const token = newSecretToken();
    const result = await this.sessions.redeem(hashToken(linkToken), hashToken(token), SESSION_TTL_SECONDS);
    if ('state' in result) {
      throw new LoginLinkError(
        result.state === 'used' ? 'used' : result.state === 'expired' ? 'expired' : 'unknown',
      );
    }
    const { session } = result;
    return { token, id: session.id, accountId: session.accountId, expiresAt: session.expiresAt };
  }

  /** Missing or unknown cookie → UNAUTHORIZED; signed out or past its 7 days → INVALID_TOKEN. */
  async authenticate(sessionToken: string | undefined): Promise<Principal & { sessionId: string }> {
    if (!sessionToken || !looksLikeSecretToken(sessionToken)) throw new UnauthorizedError('Not signed in');
    const session = await this.sessions.findSession(hashToken(sessionToken));
    if (!session) throw new UnauthorizedError('Not signed in');
    if (session.revokedAt) throw new InvalidTokenError('The session has been signed out');
    if (session.expired) throw new InvalidTokenError('The session has expired: sign in again');
    return { accountId: session.accountId, sessionId: session.id, scopes: [...ALL_SCOPES] };
  }

  async account(accountId: string) {
    const account = await this.accounts.find(accountId);
    if (!account) throw new NotFoundError('Account');
    return account;
  }

  async signOut(sessionId: string): Promise<void> {
    await this.sessions.revokeSession(sessionId);
  }
}
