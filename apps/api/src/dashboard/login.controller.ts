import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Body, Controller, Get, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { DashboardSessionService, hashToken, LoginLinkError, looksLikeSecretToken } from '@vidgen/auth';
import type { AppConfig } from '@vidgen/config';
import { RateLimitedError } from '@vidgen/core';
import { RateLimiter } from '@vidgen/limits';
import type { Request, Response } from 'express';
import { Public } from '../common/auth';
import { cookieOf } from '../common/cookies';
import { ApiExcludeController } from '../common/openapi-decorators';
import { CONFIG } from '../infra/infra.tokens';
import { type LoginPageProblem, loginConfirmPage, loginProblemPage } from './login-pages';
import { cookieIsSecure, setSessionCookie } from './session-cookie';

/**
 * Sign-in attempts per client address per minute: guessing a 256-bit token is hopeless, flooding
 * is not. The address is the connection's, or the one TRUST_PROXY's proxies forward.
 */
export const LOGIN_ATTEMPTS_PER_MINUTE = 30;
/**
 * Attempts on one link per minute, from any address: opening it and pressing its button are two.
 * A link hammered from many addresses stops here, whatever each address's own count.
 */
export const LOGIN_ATTEMPTS_PER_LINK_PER_MINUTE = 10;

/** The browser's secret (a cookie) from which each link page's nonce is made: ties the button's POST to its page. */
export const LOGIN_NONCE_COOKIE = 'vidgen_login';
const LOGIN_NONCE_TTL_SECONDS = 15 * 60;

/**
 * `GET /dashboard/login?token=…` — the one-time link from `vidgen accounts login-link`. Outside
 * the /api/v1 prefix: it is a page a person opens. A GET never spends the link: a good one shows
 * the account it signs into and a "Sign in" button, whose POST spends it, opens a session and
 * redirects to the dashboard. So a link sent to someone else, or a cross-site form, cannot sign
 * a browser into an account unseen (login CSRF). A used, expired or unknown link gets a page that
 * says which and what to do.
 */
@ApiExcludeController()
@Controller('dashboard')
export class LoginController {
  constructor(
    private readonly sessions: DashboardSessionService,
    private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('login')
  @Public()
  async show(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    noStore(res);
    await this.answer(res, async () => {
      const link = typeof token === 'string' ? token : undefined;
      await this.count(req, link);
      const account = await this.sessions.inspectLink(link);
      // One browser secret for every link page open in this browser; each page's nonce is bound
      // to its own link, so two links opened in two tabs both work.
      const existing = cookieOf(req, LOGIN_NONCE_COOKIE);
      const browserSecret =
        existing && looksLikeSecretToken(existing) ? existing : randomBytes(32).toString('base64url');
      const nonce = linkNonce(browserSecret, link!);
      res.cookie(LOGIN_NONCE_COOKIE, browserSecret, {
        httpOnly: true,
        // Never sent with a request another site starts, a form post included.
        sameSite: 'strict',
        secure: cookieIsSecure(this.config, req),
        path: '/dashboard/login',
        maxAge: LOGIN_NONCE_TTL_SECONDS * 1000,
      });
      res
        .status(200)
        .type('html')
        .send(loginConfirmPage({ accountName: account.name, token: link!, nonce }));
    });
  }

  @Post('login')
  @Public()
  async signIn(@Body() body: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    noStore(res);
    await this.answer(res, async () => {
      const form = (body ?? {}) as Record<string, unknown>;
      const link = typeof form.token === 'string' ? form.token : undefined;
      const nonce = typeof form.nonce === 'string' ? form.nonce : undefined;
      if (!this.fromOwnPage(req, link, nonce)) {
        res.status(403).type('html').send(loginProblemPage('cross-site'));
        return;
      }
      await this.count(req, link);
      const session = await this.sessions.signIn(link);
      res.clearCookie(LOGIN_NONCE_COOKIE, { path: '/dashboard/login' });
      setSessionCookie(res, session.token, cookieIsSecure(this.config, req));
      res.redirect(303, '/dashboard/videos');
    });
  }

  /**
   * The POST came from the link's page in this browser: its nonce is the one made from the
   * page's SameSite=Strict cookie and this link, and the browser does not say another site sent it.
   */
  private fromOwnPage(req: Request, link: string | undefined, nonce: string | undefined): boolean {
    const site = req.get('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin') return false;
    // "null" is what a browser sends when it withholds the origin (a no-referrer policy, say):
    // then the nonce and Sec-Fetch-Site decide.
    const origin = req.get('origin');
    if (origin !== undefined && origin !== 'null' && origin !== new URL(this.config.publicBaseUrl).origin) {
      const own = `${req.protocol}://${req.get('host') ?? ''}`;
      if (origin !== own) return false;
    }
    const browserSecret = cookieOf(req, LOGIN_NONCE_COOKIE);
    if (!browserSecret || !nonce || link === undefined) return false;
    const a = Buffer.from(linkNonce(browserSecret, link));
    const b = Buffer.from(nonce);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Counted when a lookup would follow (a malformed token is refused without the database): per address and per link. */
  private async count(req: Request, token: string | undefined): Promise<void> {
    if (token === undefined || !looksLikeSecretToken(token)) return;
    await this.limiter.hit(`dashboard-login:${req.ip ?? 'unknown'}`, {
      limit: LOGIN_ATTEMPTS_PER_MINUTE,
      window: 'minute',
    });
    await this.limiter.hit(`dashboard-login-link:${hashToken(token)}`, {
      limit: LOGIN_ATTEMPTS_PER_LINK_PER_MINUTE,
      window: 'minute',
    });
  }

  private async answer(res: Response, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      if (err instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(err.retryAfterSeconds));
        res.status(429).type('html').send(loginProblemPage('rate-limited'));
        return;
      }
      if (!(err instanceof LoginLinkError)) throw err;
      // 410 Gone: the link existed and is spent or past its time; 404 for one that never did.
      const problem: LoginPageProblem = err.problem;
      res
        .status(err.problem === 'unknown' ? 404 : 410)
        .type('html')
        .send(loginProblemPage(problem));
    }
  }
}

function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  // The link's token is in the page's address: a Referer carries at most the origin, never the
  // token, and the page's form POST still carries its Origin (no-referrer would send "null").
  res.setHeader('Referrer-Policy', 'strict-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
}

/** The nonce of one link's page: HMAC of the link under the browser's secret, which other sites cannot read. */
function linkNonce(browserSecret: string, link: string): string {
  return createHmac('sha256', browserSecret).update(link).digest('base64url');
}
