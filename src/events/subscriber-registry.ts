import { Injectable } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { EVENT_PATTERN } from './event-patterns.js';
import {
  EVENT_SUBSCRIBER,
  type EventSubscriber,
  type SubscriberDeclaration,
} from './subscriber.decorator.js';

export interface RegisteredSubscriber extends SubscriberDeclaration {
  /** Unique per application: the class name. */
  name: string;
  instance: EventSubscriber;
}

/**
 * The subscribers registered in the application: providers of any module carrying
 * `@Subscribes`. A decorated class no module provides is never found, so it never runs.
 */
@Injectable()
export class SubscriberRegistry {
  private subscribers?: RegisteredSubscriber[];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  /** Found on first use, once every provider exists (from a lifecycle hook or a job, not a constructor). */
  all(): readonly RegisteredSubscriber[] {
    return (this.subscribers ??= this.discover());
  }

  byName(name: string): RegisteredSubscriber | undefined {
    return this.all().find((subscriber) => subscriber.name === name);
  }

  private discover(): RegisteredSubscriber[] {
    return this.discovery
      .getProviders()
      .filter((wrapper) => wrapper.metatype && wrapper.instance)
      .flatMap((wrapper) => {
        const declaration = this.reflector.get<SubscriberDeclaration | undefined>(
          EVENT_SUBSCRIBER,
          wrapper.metatype as object as new () => unknown,
        );
        if (!declaration) return [];
        const instance = wrapper.instance as EventSubscriber;
        if (typeof instance.handle !== 'function') {
          throw new Error(`Subscriber ${wrapper.name} has no handle(event) method`);
        }
        const invalid = declaration.events.filter((pattern) => !EVENT_PATTERN.test(pattern));
        if (declaration.events.length === 0 || invalid.length > 0) {
          throw new Error(
            `Subscriber ${wrapper.name} must subscribe to event names, <prefix>.* patterns or *` +
              (invalid.length > 0 ? `, not ${invalid.map((p) => `"${p}"`).join(', ')}` : ''),
          );
        }
        return [{ ...declaration, name: String(wrapper.name), instance }];
      });
  }
}
