import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import type { LocalRateBudget } from '@vidgen/limits';
import type { Request } from 'express';
import { PER_KEY_BUDGET } from './hot-path';

/**
 * Runs after the key guard: every authenticated request counts against its key's (or session's) per-minute
 * limit. The counters live in PostgreSQL, so all api instances share them; each instance admits
 * from a local budget it syncs with them (LocalRateBudget), so a request need not write there.
 * (The daily quota on video creations is counted exactly where a video is created: DailyVideoQuota.)
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(@Inject(PER_KEY_BUDGET) private readonly budget: LocalRateBudget) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const principal = ctx.switchToHttp().getRequest<Request>().principal;
    if (!principal) return true;
    // A dashboard session counts like a key of its own.
    const subject = principal.keyId ? `key:${principal.keyId}` : `session:${principal.sessionId}`;
    await this.budget.hit(subject);
    return true;
  }
}
