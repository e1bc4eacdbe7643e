import { Redis } from 'ioredis';

/**
 * Runs `work` on a new connection to Redis at `url` that tries once, answers within `timeoutMs`
 * and queues nothing while disconnected, then closes it: for checks, not for serving.
 */
export async function withRedisOnce<T>(
  url: string,
  timeoutMs: number,
  work: (redis: Redis) => Promise<T>,
): Promise<T> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // ioredis tells why only in its error events: connect() rejects with "Connection is closed"
  // when refused, and a failed SELECT of the URL's database leaves the connection up.
  let failure: unknown;
  redis.on('error', (error: unknown) => (failure ??= error));
  try {
    await redis.connect().catch((error: unknown) => {
      throw failure ?? error;
    });
    const result = await work(redis);
    if (failure) throw failure;
    return result;
  } finally {
    redis.disconnect();
  }
}
