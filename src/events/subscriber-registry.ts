import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { matchesAnyEventPattern } from './event-patterns.js';
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
export class SubscriberRegistry implements OnModuleInit {
  private subscribers: RegisteredSubscriber[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    this.subscribers = this.discovery
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
        return [{ ...declaration, name: String(wrapper.name), instance }];
      });
  }

  matching(eventName: string): RegisteredSubscriber[] {
    return this.subscribers.filter((subscriber) =>
      matchesAnyEventPattern(subscriber.events, eventName),
    );
  }

  byName(name: string): RegisteredSubscriber | undefined {
    return this.subscribers.find((subscriber) => subscriber.name === name);
  }
}
