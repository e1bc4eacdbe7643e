import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/index.js';
import { CacheInvalidation } from './cache-invalidation.js';
import { RedisCacheInvalidation } from './redis-cache-invalidation.js';
import { StoreSettingsChanges } from './store-settings-changes.js';

/** Cross-process cache invalidation: over Redis when `REDIS_URL` is set, in-process otherwise. */
@Global()
@Module({
  providers: [
    {
      provide: CacheInvalidation,
      inject: [AppConfig],
      useFactory: (config: AppConfig): CacheInvalidation =>
        config.REDIS_URL
          ? new RedisCacheInvalidation(config.REDIS_URL, config.QUEUE_PREFIX)
          : new CacheInvalidation(),
    },
    StoreSettingsChanges,
  ],
  exports: [CacheInvalidation, StoreSettingsChanges],
})
export class CacheModule {}
