import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LRUCache } from 'lru-cache';
import { Repository } from 'typeorm';
import type { StoreContext } from './store-context.js';
import { Store } from './store.entity.js';

/** The store context of a store id (callers identified by a token rather than a key); cached 30 s. */
@Injectable()
export class StoreDirectoryService {
  private readonly cache = new LRUCache<string, StoreContext>({ max: 10_000, ttl: 30_000 });

  constructor(@InjectRepository(Store) private readonly stores: Repository<Store>) {}

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
}
