import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import {
  AccountRepository,
  ApiKeyCache,
  ApiKeyRepository,
  AuthService,
  DashboardSessionRepository,
  DashboardSessionService,
} from '@vidgen/auth';
import type { Db } from '@vidgen/db';
import { IdempotencyStore, InstanceLease, RateLimiter } from '@vidgen/limits';
import { DB, overDb } from '../infra/infra.tokens';
import { ApiKeyGuard } from './auth';
import { HotPathLifecycle, perKeyBudgetProvider } from './hot-path';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * What every route shares: the global guards with what they need, and the store behind
 * @Idempotent(). Feature modules import it for AuthService or IdempotencyStore.
 */
@Module({
  providers: [
    overDb(AccountRepository),
    overDb(ApiKeyRepository),
    // Keys are cached for at most 500 ms and dropped on change notifications (HotPathLifecycle).
    { provide: ApiKeyCache, useFactory: () => new ApiKeyCache() },
    {
      provide: AuthService,
      useFactory: (keys: ApiKeyRepository, accounts: AccountRepository, cache: ApiKeyCache) =>
        new AuthService(keys, accounts, cache),
      inject: [ApiKeyRepository, AccountRepository, ApiKeyCache],
    },
    overDb(DashboardSessionRepository),
    {
      provide: DashboardSessionService,
      useFactory: (sessions: DashboardSessionRepository, accounts: AccountRepository) =>
        new DashboardSessionService(sessions, accounts),
      inject: [DashboardSessionRepository, AccountRepository],
    },
    overDb(RateLimiter),
    perKeyBudgetProvider,
    HotPathLifecycle,
    {
      provide: IdempotencyStore,
      useFactory: (db: Db, lease: InstanceLease) => new IdempotencyStore(db, { owner: lease.id }),
      inject: [DB, InstanceLease],
    },
    // Guards run in this order: authenticate, then count against the rate limits.
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [AuthService, DashboardSessionService, IdempotencyStore, RateLimiter],
})
export class CommonModule {}
