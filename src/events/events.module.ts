import { Global, Module } from '@nestjs/common';
import { EventPublisher } from './event-publisher.js';

@Global()
@Module({ providers: [EventPublisher], exports: [EventPublisher] })
export class EventsModule {}
