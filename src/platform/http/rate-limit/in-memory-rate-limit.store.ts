import { RateLimitStore, type WindowCount } from './rate-limit.store.js';

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Counters in this process's memory, for a single instance without Redis. Ended windows are
 * swept at most once per window length, so idle buckets do not accumulate.
 */
export class InMemoryRateLimitStore extends RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private nextSweepAt = 0;

  constructor(private readonly now: () => number = Date.now) {
    super();
  }

  /** How many buckets are held (ended windows included until the next sweep). */
  get size(): number {
    return this.windows.size;
  }

  hit(bucket: string, windowMs: number): Promise<WindowCount> {
    const now = this.now();
    this.sweep(now, windowMs);
    let window = this.windows.get(bucket);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(bucket, window);
    }
    window.count += 1;
    return Promise.resolve({ count: window.count, resetInMs: window.endsAt - now });
  }

  private sweep(now: number, windowMs: number): void {
    if (now < this.nextSweepAt) return;
    this.nextSweepAt = now + windowMs;
    for (const [bucket, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(bucket);
    }
  }
}
