import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { hostName } from '../stores/index.js';

/** What the caches hold for a host no store claims, and the key of every store's origins. */
const UNCLAIMED = '';

/**
 * The origins allowed to call the Store API at a host: those of the store that claims the host
 * (its URL's or one of its `domains`), or on a host no store claims (an API host that stores
 * share, each telling its requests by its key) those of every store. A preflight carries no key,
 * so the host is all there is to go by. Cached 30 s, and dropped in every process when a store's
 * settings (its hosts or its allowed origins) change.
 */
@Injectable()
export class StoreOrigins {
  private readonly hostStores = growingLruCache<string, string>(10_000, { ttl: 30_000 });
  private readonly origins = growingLruCache<string, ReadonlySet<string>>(10_000, { ttl: 30_000 });

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    invalidation: CacheInvalidation,
  ) {
    invalidation.onInvalidate(CACHE_TOPIC.store, () => {
      this.hostStores.clear();
      this.origins.clear();
    });
  }

  async allows(host: string | undefined, origin: string): Promise<boolean> {
    const storeId = await this.storeClaiming(hostName(host));
    return (await this.originsOf(storeId)).has(origin);
  }

  private async storeClaiming(host: string): Promise<string> {
    const cached = this.hostStores.get(host);
    if (cached !== undefined) return cached;
    const [row] = (await this.dataSource.query(
      'SELECT store_id::text AS id FROM store_hosts WHERE host = $1',
      [host],
    )) as { id: string }[];
    const storeId = row?.id ?? UNCLAIMED;
    this.hostStores.set(host, storeId);
    return storeId;
  }

  private async originsOf(storeId: string): Promise<ReadonlySet<string>> {
    const cached = this.origins.get(storeId);
    if (cached) return cached;
    const rows = (await (storeId === UNCLAIMED
      ? this.dataSource.query('SELECT DISTINCT origin FROM allowed_origins')
      : this.dataSource.query('SELECT origin FROM allowed_origins WHERE store_id = $1', [
          storeId,
        ]))) as { origin: string }[];
    const origins = new Set(rows.map((row) => row.origin));
    this.origins.set(storeId, origins);
    return origins;
  }
}
