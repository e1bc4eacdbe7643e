import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventPublisher } from './event-publisher.js';
import { EventRelay } from './event-relay.js';
import { LifecycleEntityListener } from './model-events/lifecycle-entity-listener.js';
import { ModelEvents } from './model-events/model-events.js';
import { ModelSerializers } from './model-events/model-serializers.js';
import { OutboxCommitHook } from './outbox-commit-hook.js';
import { OutboxSweeper } from './outbox-sweeper.js';
import { StoredEvents } from './stored-events.js';
import { SubscriberJobs } from './subscriber-jobs.js';
import { SubscriberRegistry } from './subscriber-registry.js';

/** The transactional outbox, its relay and sweeper, and explicitly registered subscribers. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    EventPublisher,
    EventRelay,
    StoredEvents,
    SubscriberRegistry,
    OutboxCommitHook,
    OutboxSweeper,
    SubscriberJobs,
    ModelSerializers,
    ModelEvents,
    LifecycleEntityListener,
  ],
  exports: [EventPublisher, ModelEvents, EventRelay, StoredEvents, OutboxSweeper, OutboxCommitHook],
})
export class EventsModule {}
