import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import {
  AuthService,
  csrfTokenFor,
  DashboardSessionService,
  type Principal,
  SESSION_COOKIE,
} from '@vidgen/auth';
import { PLAN_OFFERS } from '@vidgen/ledger';
import type { Request, Response } from 'express';
import { CurrentPrincipal, SessionOnly } from '../common/auth';
import { cookieOf } from '../common/cookies';
import { ApiExcludeController } from '../common/openapi-decorators';
import { UuidPipe } from '../common/uuid.pipe';
import { CreateKeyDto, toKeyRecord } from './dashboard.dto';
import { clearSessionCookie } from './session-cookie';

/**
 * What only the dashboard does: its own session, and managing the account's API keys. Every
 * route is session-only, so a key can neither see nor mint keys. Everything else the dashboard
 * shows goes through the REST API's own controllers. Left out of the OpenAPI document: these
 * are not for API clients.
 */
@ApiExcludeController()
@Controller('dashboard')
@SessionOnly()
export class DashboardController {
  constructor(
    private readonly sessions: DashboardSessionService,
    private readonly auth: AuthService,
  ) {}

  @Get('session')
  @Header('Cache-Control', 'no-store')
  async session(@CurrentPrincipal() p: Principal, @Req() req: Request) {
    const account = await this.sessions.account(p.accountId);
    return {
      account: { id: account.id, name: account.name, plan: account.plan },
      csrf_token: csrfTokenFor(cookieOf(req, SESSION_COOKIE)!),
      plan_offers: Object.values(PLAN_OFFERS).map((o) => ({
        plan: o.plan,
        credits: o.credits,
        price_cents: o.priceCents,
      })),
    };
  }

  /** Signing out revokes the session server-side; the cookie is cleared too. */
  @Delete('session')
  @HttpCode(204)
  async signOut(@CurrentPrincipal() p: Principal, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.sessions.signOut(p.sessionId!);
    clearSessionCookie(res);
  }

  @Get('keys')
  @Header('Cache-Control', 'no-store')
  async keys(@CurrentPrincipal() p: Principal) {
    return { data: (await this.auth.listKeys(p.accountId)).map(toKeyRecord) };
  }

  /** The secret is in this response only. */
  @Post('keys')
  @Header('Cache-Control', 'no-store')
  async createKey(@CurrentPrincipal() p: Principal, @Body() dto: CreateKeyDto) {
    const created = await this.auth.createKey({
      accountId: p.accountId,
      scopes: dto.scopes,
      name: dto.name,
      expiresInDays: dto.expires_in_days,
    });
    const listed = (await this.auth.listKeys(p.accountId)).find((k) => k.id === created.id)!;
    return { ...toKeyRecord(listed), key: created.key };
  }

  @Delete('keys/:id')
  @HttpCode(204)
  async revokeKey(@CurrentPrincipal() p: Principal, @Param('id', UuidPipe) id: string): Promise<void> {
    await this.auth.revokeAccountKey(p.accountId, id);
  }
}
