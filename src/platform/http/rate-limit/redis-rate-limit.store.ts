import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { RateLimitStore, type WindowCount } from './rate-limit.store.js';

/**
 * One round trip, atomic: count the request and start the window's expiry with its first
 * request (or if a counter was somehow left without one). Returns the count and the window's
 * remaining milliseconds.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }`;

type ScriptedRedis = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
};

/**
 * Counters in Redis, shared by every instance on it: two replicas behind a load balancer spend
 * one budget. One connection per process, opened on first use (worker processes never count) and
 * closed on shutdown. A command fails fast (no long retry queue) so a Redis outage cannot stall
 * requests; the guard decides what a failure means.
 */
export class RedisRateLimitStore extends RateLimitStore implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimit');
  private readonly client: ScriptedRedis;
  private reportedDown = false;

  constructor(url: string, namespace: string) {
    super();
    this.client = new Redis(url, {
      keyPrefix: `${namespace}:rate-limit:`,
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
    }) as ScriptedRedis;
    this.client.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.client.on('ready', () => (this.reportedDown = false));
    this.client.on('error', (error: Error) => {
      if (this.reportedDown) return;
      this.reportedDown = true;
      this.logger.warn(`Redis for rate limits is unreachable: ${error.message}`);
    });
  }

  async hit(bucket: string, windowMs: number): Promise<WindowCount> {
    const [count, ttl] = await this.client.rateLimitHit(bucket, windowMs);
    return { count, resetInMs: ttl };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.client.status !== 'ready') return this.client.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
