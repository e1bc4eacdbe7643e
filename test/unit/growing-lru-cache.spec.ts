import { growingLruCache } from '../../src/common/memo/growing-lru-cache.js';

describe('growingLruCache', () => {
  it('holds at most its number of entries, evicting the least recently used', () => {
    const cache = growingLruCache<string, number>(3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect(cache.size).toBe(3);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.get('b')).toBeUndefined();
  });

  it('keeps the bound over many more entries than it holds', () => {
    const cache = growingLruCache<number, number>(1_000);
    for (let key = 0; key < 5_000; key += 1) cache.set(key, key * 2);
    expect(cache.size).toBe(1_000);
    expect(cache.get(4_999)).toBe(9_998);
    expect(cache.get(3_999)).toBeUndefined();
  });

  it('replaces an entry in place without growing', () => {
    const cache = growingLruCache<string, string>(2);
    cache.set('a', 'x').set('a', 'y').set('b', 'z');
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBe('y');
  });

  it('passes the other options through: entries expire after their ttl', () => {
    let now = 1_000_000;
    const cache = growingLruCache<string, number>(10, {
      ttl: 1_000,
      ttlResolution: 0,
      perf: { now: () => now },
    });
    cache.set('a', 1);
    now += 500;
    expect(cache.get('a')).toBe(1);
    now += 501;
    expect(cache.get('a')).toBeUndefined();
  });
});
