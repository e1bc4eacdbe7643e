import { getQueueToken } from '@nestjs/bull';
import { Injectable, Logger } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { Queue } from 'bull';
import { AppConfig } from '../../config/index.js';
import {
  DEFAULT_CONCURRENCY,
  type JobHandler,
  type JobOptions,
  QueuePort,
  type QueueName,
} from './queue.port.js';

/** Bull queues on Redis: durable, shared by every API and worker process. */
@Injectable()
export class BullQueueAdapter extends QueuePort {
  readonly backend = 'redis' as const;
  private readonly logger = new Logger('BullQueue');

  constructor(
    private readonly moduleRef: ModuleRef,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async enqueue<T>(
    queue: QueueName,
    name: string,
    data: T,
    options: JobOptions = {},
  ): Promise<void> {
    await this.queue(queue).add(name, data, {
      jobId: options.jobId,
      attempts: options.attempts ?? 1,
      backoff: options.backoffMs ? { type: 'exponential', delay: options.backoffMs } : undefined,
      removeOnComplete: 1000,
      removeOnFail: 5000,
    });
  }

  consume<T>(queue: QueueName, handler: JobHandler<T>, concurrency = DEFAULT_CONCURRENCY): void {
    if (!this.config.runsWorkers) return;
    void this.queue(queue).process('*', concurrency, async (job) => {
      try {
        await handler({
          id: String(job.id),
          name: job.name,
          data: job.data as T,
          attempt: job.attemptsMade + 1,
        });
      } catch (error) {
        this.logger.warn(
          `Job ${job.name} (${job.id}) failed on attempt ${job.attemptsMade + 1}: ${String(error)}`,
        );
        throw error;
      }
    });
  }

  async ping(): Promise<void> {
    await this.queue('events').client.ping();
  }

  private queue(name: QueueName): Queue {
    return this.moduleRef.get<Queue>(getQueueToken(name), { strict: false });
  }
}
