import { type CanActivate, type ExecutionContext, Inject, Injectable, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AccountRepository, type Plan } from '@vidgen/auth';
import type { AppConfig } from '@vidgen/config';
import { RateLimiter } from '@vidgen/limits';
import type { Request } from 'express';
import { CONFIG } from '../infra/infra.tokens';

const DAILY_VIDEO_QUOTA = 'vidgen:daily-video-quota';

/** Marks the endpoint whose calls count against the plan's daily video-creation limit. */
export const DailyVideoQuota = () => SetMetadata(DAILY_VIDEO_QUOTA, true);

/**
 * Runs after the key guard: every authenticated request counts against its key's per-minute
 * limit, and video creation also against the account plan's per-day limit. Counters live in
 * PostgreSQL, so all api instances share them. Requests are counted when they arrive,
 * refused or not, like most API rate limiters.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly accounts: AccountRepository,
    private readonly reflector: Reflector,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<Request>();
    const principal = req.principal;
    if (!principal) return true;
    await this.limiter.hit(`key:${principal.keyId}`, {
      limit: this.config.rateLimits.perKeyPerMinute,
      window: 'minute',
    });
    if (this.reflector.get<boolean>(DAILY_VIDEO_QUOTA, ctx.getHandler())) {
      const account = await this.accounts.find(principal.accountId);
      const plan: Plan = account?.plan ?? 'free';
      await this.limiter.hit(`videos:create:${principal.accountId}`, {
        limit: this.config.rateLimits.videoCreatesPerDay[plan],
        window: 'day',
      });
    }
    return true;
  }
}
