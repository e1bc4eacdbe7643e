import { CacheInvalidation } from '../../src/platform/cache/index.js';

describe('CacheInvalidation (in-process)', () => {
  it('runs the handlers of the topic with the key, before the call resolves', async () => {
    const invalidation = new CacheInvalidation();
    const seen: string[] = [];
    invalidation.onInvalidate('store', (key) => seen.push(`first:${key}`));
    invalidation.onInvalidate('store', (key) => seen.push(`second:${key}`));

    const pending = invalidation.invalidate('store', '42');
    expect(seen).toEqual(['first:42', 'second:42']);
    await pending;
    expect(seen).toEqual(['first:42', 'second:42']);
  });

  it('leaves the handlers of other topics alone', async () => {
    const invalidation = new CacheInvalidation();
    const stores: string[] = [];
    const keys: string[] = [];
    invalidation.onInvalidate('store', (key) => stores.push(key));
    invalidation.onInvalidate('api_key', (key) => keys.push(key));

    await invalidation.invalidate('api_key', '7');

    expect(keys).toEqual(['7']);
    expect(stores).toEqual([]);
  });

  it('still runs the other handlers when one throws', async () => {
    const invalidation = new CacheInvalidation();
    const seen: string[] = [];
    invalidation.onInvalidate('store', () => {
      throw new Error('broken cache');
    });
    invalidation.onInvalidate('store', (key) => seen.push(key));

    await expect(invalidation.invalidate('store', '1')).resolves.toBeUndefined();
    expect(seen).toEqual(['1']);
  });

  it('accepts an invalidation nobody listens to', async () => {
    await expect(new CacheInvalidation().invalidate('nothing', 'x')).resolves.toBeUndefined();
  });
});
