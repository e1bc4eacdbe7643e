import { InMemoryRateLimitStore } from '../../src/platform/http/rate-limit/in-memory-rate-limit.store.js';

const WINDOW_MS = 60_000;

describe('InMemoryRateLimitStore', () => {
  let now: number;
  let store: InMemoryRateLimitStore;

  beforeEach(() => {
    now = 1_000_000;
    store = new InMemoryRateLimitStore(() => now);
  });

  it('counts every hit of a bucket within its window, with the time left until it resets', async () => {
    expect(await store.hit('key:1', WINDOW_MS)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 15_000;
    expect(await store.hit('key:1', WINDOW_MS)).toEqual({ count: 2, resetInMs: 45_000 });
    now += 44_999;
    expect(await store.hit('key:1', WINDOW_MS)).toEqual({ count: 3, resetInMs: 1 });
  });

  it('starts a new window, from zero, once the window has ended', async () => {
    await store.hit('key:1', WINDOW_MS);
    await store.hit('key:1', WINDOW_MS);
    now += WINDOW_MS;
    expect(await store.hit('key:1', WINDOW_MS)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 30_000;
    expect(await store.hit('key:1', WINDOW_MS)).toEqual({ count: 2, resetInMs: 30_000 });
  });

  it('keeps buckets apart, each with its own window', async () => {
    await store.hit('ip:login:198.51.100.7', WINDOW_MS);
    now += 10_000;
    expect(await store.hit('ip:login:198.51.100.8', WINDOW_MS)).toEqual({
      count: 1,
      resetInMs: 60_000,
    });
    expect(await store.hit('ip:login:198.51.100.7', WINDOW_MS)).toEqual({
      count: 2,
      resetInMs: 50_000,
    });
    expect(await store.hit('ip:refresh:198.51.100.7', WINDOW_MS)).toEqual({
      count: 1,
      resetInMs: 60_000,
    });
  });

  it('forgets buckets whose window ended, so idle clients do not pile up', async () => {
    for (let i = 0; i < 100; i += 1) await store.hit(`ip:login:client-${i}`, WINDOW_MS);
    expect(store.size).toBe(100);
    now += WINDOW_MS;
    await store.hit('key:1', WINDOW_MS);
    expect(store.size).toBe(1);
  });

  it('does not forget buckets whose window is still running', async () => {
    await store.hit('key:1', WINDOW_MS);
    now += WINDOW_MS / 2;
    await store.hit('key:2', WINDOW_MS);
    now += WINDOW_MS / 2;
    expect(await store.hit('key:2', WINDOW_MS)).toEqual({ count: 2, resetInMs: 30_000 });
    expect(store.size).toBe(1);
  });
});
