import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import type { StoreEventMessage } from './event-envelope.js';
import { emitterPatternOf, prefixOf } from './event-patterns.js';
import { SubscriberJobs } from './subscriber-jobs.js';
import { type RegisteredSubscriber, SubscriberRegistry } from './subscriber-registry.js';

/**
 * Dispatches committed events in process through EventEmitter2. Every registered subscriber
 * listens for its patterns: a sync subscriber runs in its listener, an async one's listener
 * enqueues its background job. Only events the relay dispatches reach these listeners (anything
 * else emitted on the application's EventEmitter2 is ignored), and a subscriber whose patterns
 * overlap (`order.*` and `order.completed`) is reached once per event.
 */
@Injectable()
export class EventDispatcher implements OnModuleInit {
  private readonly logger = new Logger('EventDispatcher');
  /** The events being emitted right now, each with the subscribers it has reached. */
  private readonly emitting = new WeakMap<StoreEventMessage, Set<string>>();

  constructor(
    private readonly emitter: EventEmitter2,
    private readonly subscribers: SubscriberRegistry,
    private readonly jobs: SubscriberJobs,
  ) {}

  onModuleInit(): void {
    for (const subscriber of this.subscribers.all()) {
      for (const pattern of new Set(subscriber.events)) this.listen(subscriber, pattern);
    }
  }

  /**
   * Emits one event and resolves once its listeners have: sync subscribers have run (a failure
   * is logged, not thrown) and async subscribers' jobs are enqueued (a failure is thrown).
   */
  async dispatch(event: StoreEventMessage): Promise<void> {
    this.emitting.set(event, new Set());
    let listeners: Promise<unknown>;
    try {
      // EventEmitter2 calls every listener before emitAsync returns; only their promises remain.
      listeners = this.emitter.emitAsync(event.name, event);
    } finally {
      this.emitting.delete(event);
    }
    await listeners;
  }

  private listen(subscriber: RegisteredSubscriber, pattern: string): void {
    const prefix = prefixOf(pattern);
    this.emitter.on(emitterPatternOf(pattern), (event: StoreEventMessage) => {
      const reached = this.emitting.get(event);
      if (!reached || reached.has(subscriber.name)) return undefined;
      // `order.**` also matches an event named `order`, which `order.*` does not.
      if (prefix !== undefined && event.name === prefix) return undefined;
      reached.add(subscriber.name);
      return subscriber.sync
        ? this.runSync(subscriber, event)
        : this.jobs.enqueue(subscriber, event);
    });
  }

  private async runSync(subscriber: RegisteredSubscriber, event: StoreEventMessage): Promise<void> {
    try {
      await subscriber.instance.handle(event);
    } catch (error) {
      this.logger.error(
        `Subscriber ${subscriber.name} failed on ${event.name} (${event.id}): ${String(error)}`,
      );
    }
  }
}
