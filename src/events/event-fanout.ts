import type { EntityManager } from 'typeorm';
import type { QueueName } from '../platform/queue/queue.port.js';
import type { StoreEventMessage } from './event-envelope.js';

/** One background job an event causes besides its subscribers (e.g. a webhook delivery). */
export interface FanoutJob {
  queue: QueueName;
  name: string;
  data: unknown;
  /** Identifies the target; the job id is `<event id>:<key>`, so a relay twice enqueues once. */
  key: string;
}

/** Something outside the events module that wants jobs for events (the webhooks module). */
export abstract class EventFanout {
  /** `manager` is the relay's: query through it (the embedded database has one connection). */
  abstract jobsFor(event: StoreEventMessage, manager: EntityManager): Promise<FanoutJob[]>;
}
