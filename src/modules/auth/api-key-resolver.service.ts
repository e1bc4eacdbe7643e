import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { AppConfig } from '../../config/index.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { ApiKey } from './api-key.entity.js';
import { ApiKeyTokens } from './api-key-tokens.js';
import type { Principal } from './principal.js';
import { type StoreContext, storeContextOf } from '../stores/index.js';

export interface ResolvedKey {
  store: StoreContext;
  key: Extract<Principal, { kind: 'api_key' }>;
}

const CACHE_TTL_MS = 30_000;
const LAST_USED_RESOLUTION_MS = 60_000;
const CACHED_KEYS = 10_000;
const CACHED_UNKNOWN_TOKENS = 1_000;

interface CachedKey {
  resolved: ResolvedKey;
  lastUsedWrittenAt: number;
}

/**
 * Finds the store behind an API key token. Lookups are cached in memory for 30 s, keyed by the
 * token itself so the hot path skips the HMAC; a revoked key (`api_key` invalidation) or a changed
 * store (`store` invalidation) is forgotten at once in every process. Tokens that match no key
 * are remembered apart, so a flood of guesses cannot evict the keys in use. `last_used_at` is
 * written at most once a minute per key, off the request path.
 */
@Injectable()
export class ApiKeyResolverService {
  private readonly logger = new Logger(ApiKeyResolverService.name);
  private readonly cache = growingLruCache<string, CachedKey>(CACHED_KEYS, { ttl: CACHE_TTL_MS });
  private readonly unknownTokens = growingLruCache<string, true>(CACHED_UNKNOWN_TOKENS, {
    ttl: CACHE_TTL_MS,
  });
  readonly tokens: ApiKeyTokens;

  constructor(
    config: AppConfig,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly invalidation: CacheInvalidation,
  ) {
    this.tokens = new ApiKeyTokens(config.ENCRYPTION_KEY!);
    invalidation.onInvalidate(CACHE_TOPIC.apiKey, (apiKeyId) =>
      this.drop((cached) => cached.resolved.key.apiKeyId === apiKeyId),
    );
    invalidation.onInvalidate(CACHE_TOPIC.store, (storeId) =>
      this.drop((cached) => cached.resolved.store.storeId === storeId),
    );
  }

  async resolve(token: string): Promise<ResolvedKey | null> {
    if (!ApiKeyTokens.typeOf(token) || token.length > 200) return null;
    let cached = this.cache.get(token);
    if (!cached) {
      if (this.unknownTokens.has(token)) return null;
      const resolved = await this.load(this.tokens.digest(token));
      if (!resolved) {
        this.unknownTokens.set(token, true);
        return null;
      }
      cached = { resolved, lastUsedWrittenAt: 0 };
      this.cache.set(token, cached);
    }
    this.touch(cached);
    return cached.resolved;
  }

  /**
   * Drops every cached lookup of a key's token in every process (after its revocation or
   * deletion committed), by the key's id.
   */
  forget(apiKeyId: string): Promise<void> {
    return this.invalidation.invalidate(CACHE_TOPIC.apiKey, apiKeyId);
  }

  private drop(matches: (cached: CachedKey) => boolean): void {
    for (const [token, cached] of this.cache.entries()) {
      if (matches(cached)) this.cache.delete(token);
    }
  }

  private async load(digest: string): Promise<ResolvedKey | null> {
    const key = await this.keys.findOne({
      where: { tokenDigest: digest, revokedAt: IsNull() },
      relations: { store: true },
    });
    if (!key?.store) return null;
    return {
      store: storeContextOf(key.store),
      key: {
        kind: 'api_key',
        credentialId: `key:${key.id}`,
        apiKeyId: key.id,
        keyType: key.keyType,
        scopes: key.scopes,
      },
    };
  }

  private touch(cached: CachedKey): void {
    const now = Date.now();
    if (now - cached.lastUsedWrittenAt < LAST_USED_RESOLUTION_MS) return;
    cached.lastUsedWrittenAt = now;
    this.keys
      .update({ id: cached.resolved.key.apiKeyId }, { lastUsedAt: new Date(now) })
      .catch((error: unknown) => this.logger.warn(`Could not record key use: ${String(error)}`));
  }
}
