import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { AppConfig } from '../../config/index.js';
import { IdempotencyAudit } from './idempotency/idempotency-audit.js';
import { IdempotencyLedgerService } from './idempotency/idempotency-ledger.service.js';
import { IdempotencyRecordSweeper } from './idempotency/idempotency-record.sweeper.js';
import { IdempotencyRecords } from './idempotency/idempotency-records.repository.js';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor.js';
import { FailedAuthenticationLimiter } from './rate-limit/failed-authentication-limiter.js';
import { InMemoryRateLimitStore } from './rate-limit/in-memory-rate-limit.store.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitStore } from './rate-limit/rate-limit.store.js';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit.store.js';

/**
 * Cross-cutting request policies: rate limits (a global guard, which must be registered after
 * AuthModule's access guard: AppModule imports this module after AuthModule) and idempotency
 * (an interceptor every mutating v3 route binds with @Idempotent(), checked at boot).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimitStore =>
        config.REDIS_URL
          ? new RedisRateLimitStore(config.REDIS_URL, config.QUEUE_PREFIX)
          : new InMemoryRateLimitStore(),
    },
    FailedAuthenticationLimiter,
    IdempotencyRecords,
    IdempotencyLedgerService,
    IdempotencyRecordSweeper,
    { provide: APP_GUARD, useClass: RateLimitGuard },
    IdempotencyInterceptor,
    IdempotencyAudit,
  ],
  // Controllers bind the interceptor with @Idempotent(); it resolves its ledger from here.
  exports: [IdempotencyLedgerService, IdempotencyInterceptor, FailedAuthenticationLimiter],
})
export class HttpPoliciesModule {}
