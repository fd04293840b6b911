import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '@vidgen/config';
import { RateLimiter } from '@vidgen/limits';
import type { Request } from 'express';
import { CONFIG } from '../infra/infra.tokens';

/**
 * Runs after the key guard: every authenticated request counts against its key's per-minute
 * limit. Counters live in PostgreSQL, so all api instances share them; requests are counted
 * when they arrive, refused or not, like most API rate limiters. (The daily quota on video
 * creations is counted where a video is created: DailyVideoQuota.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const principal = ctx.switchToHttp().getRequest<Request>().principal;
    if (!principal) return true;
    await this.limiter.hit(`key:${principal.keyId}`, {
      limit: this.config.rateLimits.perKeyPerMinute,
      window: 'minute',
    });
    return true;
  }
}
