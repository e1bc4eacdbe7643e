import { randomUUID } from 'node:crypto';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Redis } from 'ioredis';
import { StateChangeLog } from '../logging/state-change-log.js';
import { CacheInvalidation } from './cache-invalidation.js';

interface InvalidationMessage {
  origin: string;
  topic: string;
  key: string;
}

/**
 * Invalidations over Redis pub/sub, on a channel named after the deployment's namespace (pub/sub
 * ignores the Redis database number). A process skips its own messages: it ran its handlers when
 * it published. A message lost while Redis is down leaves the other processes' caches to expire
 * by their TTL.
 */
export class RedisCacheInvalidation
  extends CacheInvalidation
  implements OnModuleInit, OnApplicationShutdown
{
  private readonly origin = randomUUID();
  private readonly channel: string;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;

  constructor(url: string, namespace: string) {
    super();
    this.channel = `${namespace}:cache-invalidation`;
    const options = { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 2000 };
    this.publisher = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, commandTimeout: undefined });
    // ioredis reports every failed reconnection attempt: while Redis is down, one line then one
    // when it is back, not one every retry.
    const states = new StateChangeLog(this.logger);
    for (const [client, role] of [
      [this.publisher, 'publisher'],
      [this.subscriber, 'subscriber'],
    ] as const) {
      const name = `Redis for cache invalidation (${role})`;
      client.on('error', (error: Error) => states.failed(name, error.message));
      client.on('ready', () => states.up(name));
    }
    this.subscriber.on('message', (channel: string, text: string) => this.receive(channel, text));
  }

  /** Subscribed before the process serves requests, so no invalidation sent after boot is missed. */
  async onModuleInit(): Promise<void> {
    try {
      await this.subscriber.connect();
      await this.subscriber.subscribe(this.channel);
    } catch (error) {
      this.logger.warn(`Cannot subscribe to cache invalidations yet: ${String(error)}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.subscriber.disconnect();
    this.publisher.disconnect();
  }

  protected override async broadcast(topic: string, key: string): Promise<void> {
    const message: InvalidationMessage = { origin: this.origin, topic, key };
    try {
      await this.publisher.publish(this.channel, JSON.stringify(message));
    } catch (error) {
      this.logger.warn(`Could not broadcast the invalidation of ${topic} ${key}: ${String(error)}`);
    }
  }

  private receive(channel: string, text: string): void {
    if (channel !== this.channel) return;
    let message: Partial<InvalidationMessage>;
    try {
      message = JSON.parse(text) as Partial<InvalidationMessage>;
    } catch {
      return;
    }
    const { origin, topic, key } = message;
    if (origin === this.origin || typeof topic !== 'string' || typeof key !== 'string') return;
    this.runLocal(topic, key);
  }
}
