import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventDispatcher } from './event-dispatcher.js';
import { EventPublisher } from './event-publisher.js';
import { EventRelay } from './event-relay.js';
import { ModelEvents } from './model-events/model-events.js';
import { ModelSerializers } from './model-events/model-serializers.js';
import { OutboxCommitHook } from './outbox-commit-hook.js';
import { OutboxSweeper } from './outbox-sweeper.js';
import { StoredEvents } from './stored-events.js';
import { SubscriberJobs } from './subscriber-jobs.js';
import { SubscriberRegistry } from './subscriber-registry.js';

/**
 * The transactional outbox, its relay and sweeper, and explicitly registered subscribers, reached
 * through the application's EventEmitter2 (`EventEmitterModule.forRoot({ wildcard: true,
 * delimiter: '.' })`, registered by the application root).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    EventPublisher,
    EventRelay,
    EventDispatcher,
    StoredEvents,
    SubscriberRegistry,
    OutboxCommitHook,
    OutboxSweeper,
    SubscriberJobs,
    ModelSerializers,
    ModelEvents,
  ],
  exports: [EventPublisher, ModelEvents, EventRelay, StoredEvents, OutboxSweeper, OutboxCommitHook],
})
export class EventsModule {}
