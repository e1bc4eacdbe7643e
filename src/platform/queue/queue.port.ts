/** One queue per purpose, so a slow consumer of one never starves another. */
export const QUEUE_NAMES = [
  'events',
  'webhooks',
  'mail',
  'email',
  'promotions',
  'gift_cards',
  'media',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** Jobs of one queue a process runs at a time unless its consumer asks for another number. */
export const DEFAULT_CONCURRENCY = 10;

export interface JobOptions {
  /** Jobs with the same id are enqueued once, however often they are offered. */
  jobId?: string;
  /** Total tries, the first included. */
  attempts?: number;
  /** First retry delay; doubles at every further try. */
  backoffMs?: number;
}

export interface Job<T> {
  id: string;
  name: string;
  data: T;
  attempt: number;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

/** What the application needs from a job queue; Bull on Redis and an in-process queue implement it. */
export abstract class QueuePort {
  abstract enqueue<T>(queue: QueueName, name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Registers the consumer of a queue; it only consumes in processes whose role runs workers, and
   * runs at most `concurrency` (default DEFAULT_CONCURRENCY) of the queue's jobs at a time in this
   * process.
   */
  abstract consume<T>(queue: QueueName, handler: JobHandler<T>, concurrency?: number): void;
  /** Resolves when the queue backend answers. */
  abstract ping(): Promise<void>;
  abstract readonly backend: 'redis' | 'in-process';
}
