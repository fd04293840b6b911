import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ApiKeyCache } from '@vidgen/auth';
import { type AppConfig, requireDatabaseUrl } from '@vidgen/config';
import { API_KEY_CHANGES_CHANNEL, type Listener, listen } from '@vidgen/db';
import { LocalRateBudget, RateLimiter } from '@vidgen/limits';
import { CONFIG } from '../infra/infra.tokens';

/**
 * The per-key minute limit, from a budget each instance syncs with the shared counter
 * (LocalRateBudget: at most 5 % of the limit over per instance, README "Rate limits").
 */
export const PER_KEY_BUDGET = Symbol('PER_KEY_BUDGET');

export const perKeyBudgetProvider = {
  provide: PER_KEY_BUDGET,
  useFactory: (limiter: RateLimiter, config: AppConfig) =>
    new LocalRateBudget(limiter, { limit: config.rateLimits.perKeyPerMinute, window: 'minute' }),
  inject: [RateLimiter, CONFIG],
};

/**
 * Keeps the api's key cache honest: every instance drops a key the moment a trigger announces a
 * change to it (revoked, expiry moved: migration 0008), and everything after a gap in the
 * announcements; the cache's TTL covers the rest. On shutdown the per-key budget sends what it
 * has not yet counted.
 */
@Injectable()
export class HotPathLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private listener: Listener | undefined;

  constructor(
    private readonly cache: ApiKeyCache,
    @Inject(PER_KEY_BUDGET) private readonly budget: LocalRateBudget,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.listener = listen(requireDatabaseUrl(this.config), API_KEY_CHANGES_CHANNEL, {
      onMessage: (keyId) => this.cache.evict(keyId),
      onGap: () => this.cache.clear(),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
    await this.budget.close().catch(() => undefined);
  }
}
