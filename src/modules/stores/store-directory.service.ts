import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { growingLruCache } from '../../common/memo/growing-lru-cache.js';
import { CACHE_TOPIC, CacheInvalidation } from '../../platform/cache/index.js';
import { hostName } from './hosts/host-names.js';
import { type StoreContext, storeContextOf } from './store-context.js';
import { Store } from './store.entity.js';

/** What the host cache holds for a host no store answers to. */
const NO_STORE = '';

/**
 * The store context of a store id (callers identified by a token rather than a key), or of the
 * host a request was sent to (callers with no credential at all); cached 30 s, and dropped in
 * every process when a store's settings or the default store change (any store's change may
 * move a host).
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
    const context = storeContextOf(store);
    this.cache.set(storeId, context);
    return context;
  }

  /**
   * The store a host name belongs to: the one that claims it (`store_hosts`, from its URL or its
   * `domains`), else the store the operator flagged `is_default`, else none.
   */
  async forHost(host: string | undefined): Promise<StoreContext | undefined> {
    const name = hostName(host);
    let storeId = this.hosts.get(name);
    if (storeId === undefined) {
      const [row] = (await this.stores.query(
        `SELECT COALESCE((SELECT store_id FROM store_hosts WHERE host = $1),
                         (SELECT id FROM stores WHERE is_default))::text AS id`,
        [name],
      )) as { id: string | null }[];
      // A host of no store is remembered too, so unknown hosts cost no query each.
      storeId = row?.id ?? NO_STORE;
      this.hosts.set(name, storeId);
    }
    return storeId === NO_STORE ? undefined : this.context(storeId);
  }
}
