import type { AppConfig } from '../../../config/index.js';
import { CacheInvalidation } from '../../../platform/cache/index.js';
import { RedisCacheInvalidation } from '../../../platform/cache/redis-cache-invalidation.js';

/** A cache invalidation an operator command sends, and how to let go of it afterwards. */
export interface OperatorCacheInvalidation {
  invalidation: CacheInvalidation;
  close(): Promise<void>;
}

/**
 * What the running processes' caches hear from a command run outside them: the Redis channel
 * they listen on (as `CacheModule` builds it), or nothing without `REDIS_URL`, where the one
 * process that serves requests reads the change once its caches expire (30 s).
 */
export function operatorCacheInvalidation(config: AppConfig): OperatorCacheInvalidation {
  if (!config.REDIS_URL) return { invalidation: new CacheInvalidation(), close: async () => {} };
  const invalidation = new RedisCacheInvalidation(config.REDIS_URL, config.QUEUE_PREFIX);
  return { invalidation, close: () => invalidation.onApplicationShutdown() };
}
