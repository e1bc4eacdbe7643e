import { Logger } from '@nestjs/common';

export type InvalidationHandler = (key: string) => void;

/**
 * Tells every process that cached values are stale: `invalidate(topic, key)` runs this process's
 * handlers of the topic at once and (on Redis) broadcasts to the other processes, whose handlers
 * run when the message arrives. Call it after the change committed, or another process could
 * reload the old value before the commit. This base class reaches this process only.
 */
export class CacheInvalidation {
  protected readonly logger = new Logger('CacheInvalidation');
  private readonly handlers = new Map<string, InvalidationHandler[]>();

  onInvalidate(topic: string, handler: InvalidationHandler): void {
    this.handlers.set(topic, [...(this.handlers.get(topic) ?? []), handler]);
  }

  async invalidate(topic: string, key: string): Promise<void> {
    this.runLocal(topic, key);
    await this.broadcast(topic, key);
  }

  /** Sends the invalidation to the other processes; nothing to do in-process. */
  protected broadcast(_topic: string, _key: string): Promise<void> {
    return Promise.resolve();
  }

  /** A failing handler must not keep the other caches stale. */
  protected runLocal(topic: string, key: string): void {
    for (const handler of this.handlers.get(topic) ?? []) {
      try {
        handler(key);
      } catch (error) {
        this.logger.error(`Invalidating ${topic} ${key} failed: ${String(error)}`);
      }
    }
  }
}
