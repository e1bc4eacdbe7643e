import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { CacheInvalidation } from './cache-invalidation.js';
import { CACHE_TOPIC } from './cache-topics.js';

/**
 * Runs a change of a store's settings (the store, its zones, rates, delivery and payment methods)
 * as one transaction, then drops what every process caches about the store. Only after the
 * commit: dropped earlier, another process could reload the old rows before they change.
 */
@Injectable()
export class StoreSettingsChanges {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly invalidation: CacheInvalidation,
  ) {}

  async run<T>(storeId: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    const result = await this.dataSource.transaction(work);
    await this.invalidation.invalidate(CACHE_TOPIC.store, storeId);
    return result;
  }
}
