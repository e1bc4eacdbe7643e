import { LRUCache } from 'lru-cache';

type GrowingLruOptions<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation'
>;

/**
 * A least-recently-used cache of at most `entries` entries that takes memory as it fills. Given
 * `max`, lru-cache allocates and fills every slot when it is built (about 11 ms for 50,000), a cost
 * every service instance and id codec paid up front; bounded by a size of one per entry instead,
 * it allocates on use and evicts the same way.
 */
export function growingLruCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  entries: number,
  options: GrowingLruOptions<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: entries, sizeCalculation: () => 1 });
}
