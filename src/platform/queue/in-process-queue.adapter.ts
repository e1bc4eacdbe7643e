import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/index.js';
import {
  DEFAULT_CONCURRENCY,
  type JobHandler,
  type JobOptions,
  QueuePort,
  type QueueName,
} from './queue.port.js';

const REMEMBERED_JOB_IDS = 10_000;

/** At most `size` tasks at a time; the others wait their turn, first come first served. */
class Slots {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.size) this.active += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next waiting task, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

interface Consumer {
  handler: JobHandler;
  slots: Slots;
}

/**
 * Runs jobs in this process, with the same retry, de-duplication and concurrency rules as the
 * Redis adapter. For development without Redis only: jobs do not survive a restart.
 */
@Injectable()
export class InProcessQueueAdapter extends QueuePort implements BeforeApplicationShutdown {
  readonly backend = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly consumers = new Map<QueueName, Consumer>();
  private readonly seenJobIds = new Set<string>();
  private readonly running = new Set<Promise<void>>();
  /** Ends the waits between a failed job's attempts when the process shuts down. */
  private readonly shutdown = new AbortController();
  private closed = false;

  constructor(private readonly config: AppConfig) {
    super();
  }

  async enqueue<T>(
    queue: QueueName,
    name: string,
    data: T,
    options: JobOptions = {},
  ): Promise<void> {
    const id = options.jobId ?? randomUUID();
    if (this.seenJobIds.has(id) || this.closed) return;
    this.remember(id);
    const run = this.runWithRetries(queue, { id, name, data, attempt: 1 }, options).finally(() =>
      this.running.delete(run),
    );
    this.running.add(run);
  }

  consume<T>(queue: QueueName, handler: JobHandler<T>, concurrency = DEFAULT_CONCURRENCY): void {
    if (!this.config.runsWorkers) return;
    this.consumers.set(queue, {
      handler: handler as JobHandler,
      slots: new Slots(Math.max(1, concurrency)),
    });
  }

  async ping(): Promise<void> {}

  /** Before any module lets go of what jobs use (the database first of all), jobs under way end. */
  async beforeApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.shutdown.abort();
    await Promise.allSettled([...this.running]);
  }

  private async runWithRetries(
    queue: QueueName,
    job: { id: string; name: string; data: unknown; attempt: number },
    options: JobOptions,
  ): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    const attempts = options.attempts ?? 1;
    for (let attempt = 1; attempt <= attempts && !this.closed; attempt++) {
      const consumer = this.consumers.get(queue);
      if (!consumer) return;
      try {
        // A job still waiting for a slot when the process shuts down does not start.
        await consumer.slots.run(async () => {
          if (!this.closed) await consumer.handler({ ...job, attempt });
        });
        return;
      } catch (error) {
        this.logger.warn(
          `Job ${job.name} (${job.id}) failed on attempt ${attempt}/${attempts}: ${String(error)}`,
        );
        if (attempt < attempts) {
          await delay((options.backoffMs ?? 1000) * 2 ** (attempt - 1), this.shutdown.signal);
        }
      }
    }
  }

  private remember(id: string): void {
    this.seenJobIds.add(id);
    if (this.seenJobIds.size > REMEMBERED_JOB_IDS) {
      this.seenJobIds.delete(this.seenJobIds.values().next().value as string);
    }
  }
}

/** Waits `ms`, or less if `signal` aborts (a job waiting for its next attempt is not run again). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref();
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
