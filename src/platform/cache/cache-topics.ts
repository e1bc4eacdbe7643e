/**
 * What a cached value is about, and so what an invalidation names. The key of `store` is a store
 * id (its settings, zones, rates, methods changed); the key of `api_key` is an API key id.
 */
export const CACHE_TOPIC = {
  store: 'store',
  apiKey: 'api_key',
  /** Key: `customer|staff:<store id>:<subject id>`, a subject whose sessions were all ended. */
  tokenSubject: 'token_subject',
  /** Key: a store id whose promotions (or their rules or actions) changed. */
  promotions: 'promotions',
} as const;
