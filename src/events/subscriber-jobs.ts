import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueuePort } from '../platform/queue/queue.port.js';
import { StoredEvents } from './stored-events.js';
import { SubscriberRegistry } from './subscriber-registry.js';

interface SubscriberJobData {
  eventId: string;
  subscriber: string;
}

/** Runs async subscribers from the `events` queue (retries come from the job's options). */
@Injectable()
export class SubscriberJobs implements OnModuleInit {
  private readonly logger = new Logger('Subscribers');

  constructor(
    private readonly queue: QueuePort,
    private readonly events: StoredEvents,
    private readonly subscribers: SubscriberRegistry,
  ) {}

  onModuleInit(): void {
    this.queue.consume<SubscriberJobData>('events', async (job) => {
      const subscriber = this.subscribers.byName(job.data.subscriber);
      const event = await this.events.load(job.data.eventId);
      if (!subscriber || !event) return;
      try {
        await subscriber.instance.handle(event);
      } catch (error) {
        this.logger.warn(
          `Subscriber ${subscriber.name} failed on ${event.name} (${event.id}), attempt ${job.attempt}: ${String(error)}`,
        );
        throw error;
      }
    });
  }
}
