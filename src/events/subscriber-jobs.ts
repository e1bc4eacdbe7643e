import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/index.js';
import { QueuePort } from '../platform/queue/queue.port.js';
import type { StoreEventMessage } from './event-envelope.js';
import { StoredEvents } from './stored-events.js';
import { type RegisteredSubscriber, SubscriberRegistry } from './subscriber-registry.js';

export const SUBSCRIBER_JOB = 'subscriber';
const SUBSCRIBER_ATTEMPTS = 3;
const SUBSCRIBER_BACKOFF_MS = 1000;

interface SubscriberJobData {
  eventId: string;
  subscriber: string;
}

/**
 * The bridge from in-process dispatch to background subscribers: one `events` queue job per event
 * and async subscriber, with the job id `<event id>:<subscriber name>`, so relaying an event twice
 * enqueues it once. Runs those jobs (retries come from the job's options).
 */
@Injectable()
export class SubscriberJobs implements OnModuleInit {
  private readonly logger = new Logger('Subscribers');

  constructor(
    private readonly queue: QueuePort,
    private readonly events: StoredEvents,
    private readonly subscribers: SubscriberRegistry,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.queue.consume<SubscriberJobData>(
      'events',
      async (job) => {
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
      },
      this.config.SUBSCRIBER_CONCURRENCY,
    );
  }

  enqueue(subscriber: RegisteredSubscriber, event: StoreEventMessage): Promise<void> {
    const data: SubscriberJobData = { eventId: event.id, subscriber: subscriber.name };
    return this.queue.enqueue('events', SUBSCRIBER_JOB, data, {
      jobId: `${event.id}:${subscriber.name}`,
      attempts: SUBSCRIBER_ATTEMPTS,
      backoffMs: SUBSCRIBER_BACKOFF_MS,
    });
  }
}
