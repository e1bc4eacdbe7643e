import type { EntityManager } from 'typeorm';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { CacheInvalidation } from '../../src/platform/cache/cache-invalidation.js';
import { CACHE_TOPIC } from '../../src/platform/cache/cache-topics.js';
import type { MarketDirectoryService } from '../../src/modules/markets/index.js';
import { StoreCheckoutOptionsCache } from '../../src/modules/orders/store-checkout-options.js';

/**
 * A cache over reads that answer a store's one payment method, named after how many reads there
 * were, a moment later; `inTransaction` says whether the callers' manager is in a transaction.
 */
function cacheOverCountedReads(inTransaction = false) {
  const reads: string[] = [];
  let pause = Promise.resolve();
  const manager = {
    queryRunner: { isTransactionActive: inTransaction },
    async query(_sql: string, [storeId]: string[]) {
      reads.push(storeId);
      const name = `Card ${reads.length}`;
      await pause;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return [{ id: '1', name, description: null, type: 'card' }];
    },
  } as unknown as EntityManager;
  const markets = { ofStore: async () => ({ markets: [] }) } as unknown as MarketDirectoryService;
  const invalidation = new CacheInvalidation();
  const cache = new StoreCheckoutOptionsCache(new PublicIdCodec(), markets, invalidation);
  return {
    cache,
    manager,
    reads,
    invalidation,
    holdReads(until: Promise<void>) {
      pause = until;
    },
  };
}

const methodName = async (options: ReturnType<StoreCheckoutOptionsCache['of']>) =>
  (await options).paymentMethods[0].name;

describe('StoreCheckoutOptionsCache', () => {
  it('reads a store once for callers outside a transaction that miss together, then keeps it', async () => {
    const { cache, manager, reads } = cacheOverCountedReads();
    const names = await Promise.all(
      Array.from({ length: 20 }, () => methodName(cache.of(manager, '7'))),
    );
    expect(new Set(names)).toEqual(new Set(['Card 1']));
    expect(await methodName(cache.of(manager, '7'))).toBe('Card 1');
    expect(await methodName(cache.of(manager, '8'))).toBe('Card 2');
    expect(reads).toEqual(['7', '8']);
  });

  it('reads in each caller’s transaction: a transaction never waits on another’s read', async () => {
    const { cache, manager, reads } = cacheOverCountedReads(true);
    await Promise.all([cache.of(manager, '7'), cache.of(manager, '7')]);
    expect(reads).toEqual(['7', '7']);
  });

  it('keeps nothing of a read under way when the store’s options are dropped', async () => {
    const { cache, manager, reads, invalidation, holdReads } = cacheOverCountedReads();
    let release!: () => void;
    holdReads(new Promise<void>((resolve) => (release = resolve)));
    const before = cache.of(manager, '7');
    await new Promise((resolve) => setImmediate(resolve));
    await invalidation.invalidate(CACHE_TOPIC.store, '7');
    // A caller after the drop reads anew rather than sharing the stale read.
    const after = cache.of(manager, '7');
    release();
    expect(await methodName(before)).toBe('Card 1');
    expect(await methodName(after)).toBe('Card 2');
    expect(await methodName(cache.of(manager, '7'))).toBe('Card 2');
    expect(reads).toEqual(['7', '7']);
  });
});
