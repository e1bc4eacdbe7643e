import type { EntityManager } from 'typeorm';
import type { QueueName } from '../platform/queue/queue.port.js';
import type { StoreEventMessage } from './event-envelope.js';

/** One background job an event causes besides its subscribers (e.g. a webhook delivery). */
export interface FanoutJob {
  eventId: string;
  queue: QueueName;
  name: string;
  data: unknown;
  /** Identifies the target; the job id is `<event id>:<key>`, so a relay twice enqueues once. */
  key: string;
}

/** Something outside the events module that wants jobs for events (the webhooks module). */
export abstract class EventFanout {
  /**
   * The jobs a batch of events needs, asked once per relay so the cost does not grow with the
   * batch. `manager` is the relay's: query through it (the embedded database has one connection).
   */
  abstract jobsFor(
    events: readonly StoreEventMessage[],
    manager: EntityManager,
  ): Promise<FanoutJob[]>;
}
