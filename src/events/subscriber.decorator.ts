import { SetMetadata } from '@nestjs/common';
import type { StoreEventMessage } from './event-envelope.js';

export const EVENT_SUBSCRIBER = 'store:event-subscriber';

export interface SubscriberOptions {
  /** Run in the publishing process right after commit instead of as a background job. */
  sync?: boolean;
}

export interface SubscriberDeclaration extends SubscriberOptions {
  events: string[];
}

/** What a subscriber implements. */
export interface EventSubscriber {
  handle(event: StoreEventMessage): Promise<void> | void;
}

/**
 * Declares a class as a subscriber of events by name or pattern (`order.completed`, `order.*`,
 * `*`). It runs only when a module lists it among its providers. Background jobs are retried
 * with exponential backoff (3 attempts) unless `sync` is set.
 */
export const Subscribes = (events: string[], options: SubscriberOptions = {}) =>
  SetMetadata<string, SubscriberDeclaration>(EVENT_SUBSCRIBER, { events, ...options });
