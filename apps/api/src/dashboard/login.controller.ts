import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { DashboardSessionService, LoginLinkError, looksLikeSecretToken } from '@vidgen/auth';
import type { AppConfig } from '@vidgen/config';
import { RateLimitedError } from '@vidgen/core';
import { RateLimiter } from '@vidgen/limits';
import type { Request, Response } from 'express';
import { Public } from '../common/auth';
import { ApiExcludeController } from '../common/openapi-decorators';
import { CONFIG } from '../infra/infra.tokens';
import { loginProblemPage } from './login-pages';
import { cookieIsSecure, setSessionCookie } from './session-cookie';

/** Sign-in attempts per client address per minute: guessing a 256-bit token is hopeless, flooding is not. */
export const LOGIN_ATTEMPTS_PER_MINUTE = 30;

/**
 * `GET /dashboard/login?token=…` — the one-time link from `vidgen accounts login-link`. Outside
 * the /api/v1 prefix: it is a page a person opens. A good link opens a session and redirects to
 * the dashboard (the token leaves the address bar at once); a used, expired or unknown one gets a
 * page that says which and what to do.
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
  async login(
    @Query('token') token: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    try {
      // Counted when a lookup would follow; a malformed token is refused without touching the database.
      if (typeof token === 'string' && looksLikeSecretToken(token)) {
        await this.limiter.hit(`dashboard-login:${req.ip ?? 'unknown'}`, {
          limit: LOGIN_ATTEMPTS_PER_MINUTE,
          window: 'minute',
        });
      }
      const session = await this.sessions.signIn(typeof token === 'string' ? token : undefined);
      setSessionCookie(res, session.token, cookieIsSecure(this.config, req));
      res.redirect(303, '/dashboard/videos');
    } catch (err) {
      if (err instanceof RateLimitedError) {
        res.setHeader('Retry-After', String(err.retryAfterSeconds));
        res.status(429).type('html').send(loginProblemPage('rate-limited'));
        return;
      }
      if (!(err instanceof LoginLinkError)) throw err;
      // 410 Gone: the link existed and is spent or past its time; 404 for one that never did.
      res
        .status(err.problem === 'unknown' ? 404 : 410)
        .type('html')
        .send(loginProblemPage(err.problem));
    }
  }
}
