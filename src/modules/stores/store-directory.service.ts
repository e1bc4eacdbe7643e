import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import type { StoreContext } from './store-context.js';
import { Store } from './store.entity.js';

/**
 * The store context of a store id (callers identified by a token rather than a key), or of the
 * host a request was sent to (callers with no credential at all); cached 30 s, and dropped in
 * every process when the store's settings change (any store's change may move a host).
 */
@Injectable()
export class StoreDirectoryService {
  private readonly cache = growingLruCache<string, StoreContext>(10_000, { ttl: 30_000 });
  private readonly hosts = growingLruCache<string, string>(10_000, { ttl: 30_000 });

  constructor(
    @InjectRepository(Store) private readonly stores: Repository<Store>,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CACHE_TOPIC.store, (storeId) => {
      this.cache.delete(storeId);
      this.hosts.clear();
    });
  }

  async context(storeId: string): Promise<StoreContext | undefined> {
    const cached = this.cache.get(storeId);
    if (cached) return cached;
    const store = await this.stores.findOne({ where: { id: storeId } });
    if (!store) return undefined;
    const context = {
      storeId: store.id,
      defaultCurrency: store.defaultCurrency,
      supportedCurrencies: store.supportedCurrencies,
    };
    this.cache.set(storeId, context);
    return context;
  }

  /**
   * The store a host name belongs to: the one whose URL has that host or that lists it among its
   * `domains`, else the default store (the one flagged `is_default`, else the first created: by
   * time, as processes take ids in blocks). Undefined only when there is no store at all.
   */
  async forHost(host: string | undefined): Promise<StoreContext | undefined> {
    const name = hostName(host);
    let storeId = this.hosts.get(name);
    if (storeId === undefined) {
      const [row] = (await this.stores.query(
        `SELECT id::text AS id FROM stores
         ORDER BY COALESCE($1 <> '' AND ($1 = ANY(domains)
                   OR lower(substring(url from '://([^/:?#]+)')) = $1), false) DESC,
                  is_default DESC, created_at, id
         LIMIT 1`,
        [name],
      )) as { id: string }[];
      if (!row) return undefined;
      storeId = row.id;
      this.hosts.set(name, storeId);
    }
    return this.context(storeId);
  }
}

/** The host of a `Host` header, lower-cased, without its port (IPv6 literals keep brackets). */
function hostName(host: string | undefined): string {
  if (!host) return '';
  const lower = host.trim().toLowerCase();
  return lower.startsWith('[') ? lower.slice(0, lower.indexOf(']') + 1) : lower.split(':')[0];
}
