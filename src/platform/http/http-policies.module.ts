import { Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AppConfig } from '../../config/index.js';
import { IdempotencyLedger } from './idempotency/idempotency-ledger.service.js';
import { IdempotencyRecordSweeper } from './idempotency/idempotency-record.sweeper.js';
import { IdempotencyRecords } from './idempotency/idempotency-records.repository.js';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor.js';
import { InMemoryRateLimitStore } from './rate-limit/in-memory-rate-limit.store.js';
import { RateLimitGuard } from './rate-limit/rate-limit.guard.js';
import { RateLimitStore } from './rate-limit/rate-limit.store.js';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit.store.js';

/**
 * Cross-cutting request policies: rate limits (a global guard, which must be registered after
 * AuthModule's access guard: AppModule imports this module after AuthModule) and idempotency
 * (a global interceptor).
 */
@Module({
  providers: [
    {
      provide: RateLimitStore,
      inject: [AppConfig],
      useFactory: (config: AppConfig): RateLimitStore =>
        config.REDIS_URL
          ? new RedisRateLimitStore(config.REDIS_URL, config.QUEUE_PREFIX)
          : new InMemoryRateLimitStore(),
    },
    IdempotencyRecords,
    IdempotencyLedger,
    IdempotencyRecordSweeper,
    { provide: APP_GUARD, useClass: RateLimitGuard },
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class HttpPoliciesModule {}
