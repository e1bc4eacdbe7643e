import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/index.js';
import { type JobHandler, type JobOptions, QueuePort, type QueueName } from './queue.port.js';

const REMEMBERED_JOB_IDS = 10_000;

/**
 * Runs jobs in this process, with the same retry and de-duplication rules as the Redis
 * adapter. For development without Redis only: jobs do not survive a restart.
 */
@Injectable()
export class InProcessQueueAdapter extends QueuePort implements OnApplicationShutdown {
  readonly backend = 'in-process' as const;
  private readonly logger = new Logger('InProcessQueue');
  private readonly handlers = new Map<QueueName, JobHandler>();
  private readonly seenJobIds = new Set<string>();
  private readonly running = new Set<Promise<void>>();
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

  consume<T>(queue: QueueName, handler: JobHandler<T>): void {
    if (this.config.runsWorkers) this.handlers.set(queue, handler as JobHandler);
  }

  async ping(): Promise<void> {}

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
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
      const handler = this.handlers.get(queue);
      if (!handler) return;
      try {
        await handler({ ...job, attempt });
        return;
      } catch (error) {
        this.logger.warn(
          `Job ${job.name} (${job.id}) failed on attempt ${attempt}/${attempts}: ${String(error)}`,
        );
        if (attempt < attempts) await delay((options.backoffMs ?? 1000) * 2 ** (attempt - 1));
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
