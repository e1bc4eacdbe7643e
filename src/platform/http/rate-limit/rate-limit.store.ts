/** A counter's state right after one more request was counted in the current window. */
export interface WindowCount {
  /** Requests counted in the window so far, this one included. */
  count: number;
  /** Milliseconds until the window ends and the counter starts again from zero. */
  resetInMs: number;
}

/** Fixed-window request counters: Redis when `REDIS_URL` is set (shared by every instance), memory otherwise. */
export abstract class RateLimitStore {
  /** Counts one request against `bucket`; a bucket's window starts with its first request. */
  abstract hit(bucket: string, windowMs: number): Promise<WindowCount>;
}
