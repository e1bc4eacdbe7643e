export { CacheInvalidation } from './cache-invalidation.js';
export type { InvalidationHandler } from './cache-invalidation.js';
export { CACHE_TOPIC } from './cache-topics.js';
export { CacheModule } from './cache.module.js';
export { StoreSettingsChanges } from './store-settings-changes.js';
