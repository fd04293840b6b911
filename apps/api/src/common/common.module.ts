import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountRepository, ApiKeyRepository, AuthService } from '@vidgen/auth';
import { IdempotencyStore, RateLimiter } from '@vidgen/limits';
import { overDb } from '../infra/infra.tokens';
import { ApiKeyGuard } from './auth';
import { RateLimitGuard } from './rate-limit.guard';

/**
 * What every route shares: the global guards with what they need, and the store behind
 * @Idempotent(). Feature modules import it for AuthService or IdempotencyStore.
 */
@Module({
  providers: [
    overDb(AccountRepository),
    overDb(ApiKeyRepository),
    {
      provide: AuthService,
      useFactory: (keys: ApiKeyRepository, accounts: AccountRepository) => new AuthService(keys, accounts),
      inject: [ApiKeyRepository, AccountRepository],
    },
    overDb(RateLimiter),
    overDb(IdempotencyStore),
    // Guards run in this order: authenticate, then count against the rate limits.
    { provide: APP_GUARD, useClass: ApiKeyGuard },
    { provide: APP_GUARD, useClass: RateLimitGuard },
  ],
  exports: [AuthService, IdempotencyStore, RateLimiter],
})
export class CommonModule {}
