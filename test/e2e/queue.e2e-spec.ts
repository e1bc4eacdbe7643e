import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule, configFromEnvironment } from '../../src/config/index.js';
import { QueueModule } from '../../src/platform/queue/queue.module.js';
import { QueuePort, type Job } from '../../src/platform/queue/queue.port.js';

/**
 * The queue module alone: the application consumes every queue it names, and a queue has one
 * consumer per process.
 */
async function startQueueContext(): Promise<{ context: INestApplicationContext; close(): void }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'queue-test-'));
  const config = configFromEnvironment({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    QUEUE_PREFIX: `test-${randomBytes(4).toString('hex')}`,
  });
  @Module({ imports: [ConfigModule.forRoot(config), QueueModule.forRoot(config)] })
  class QueueOnly {}
  const context = await NestFactory.createApplicationContext(QueueOnly, { logger: false });
  return {
    context,
    close: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * The queue port as the application sees it: Bull on Redis when REDIS_URL is set, the
 * in-process adapter otherwise (CI runs both ways).
 */
describe(`queue port (${process.env.REDIS_URL ? 'Bull on Redis' : 'in-process'})`, () => {
  let context: INestApplicationContext;
  let cleanUp: () => void;
  let queue: QueuePort;
  const seen: Job<{ n: number }>[] = [];
  const failuresBeforeSuccess = new Map<number, number>();
  const waiters = new Map<number, (job: Job<{ n: number }>) => void>();

  beforeAll(async () => {
    ({ context, close: cleanUp } = await startQueueContext());
    queue = context.get(QueuePort);
    queue.consume<{ n: number }>('mail', async (job) => {
      seen.push(job);
      const failuresLeft = failuresBeforeSuccess.get(job.data.n) ?? 0;
      if (failuresLeft > 0) {
        failuresBeforeSuccess.set(job.data.n, failuresLeft - 1);
        throw new Error(`planned failure of job ${job.data.n}`);
      }
      waiters.get(job.data.n)?.(job);
    });
  });
  afterAll(async () => {
    await context.close();
    cleanUp();
  });

  const completion = (n: number) => {
    const { promise, resolve } = deferred<Job<{ n: number }>>();
    waiters.set(n, resolve);
    return promise;
  };

  it('delivers a job with its name and data to the consumer', async () => {
    const done = completion(1);
    await queue.enqueue('mail', 'welcome', { n: 1 });
    const job = await done;
    expect(job).toMatchObject({ name: 'welcome', data: { n: 1 }, attempt: 1 });
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    failuresBeforeSuccess.set(2, 2);
    const done = completion(2);
    await queue.enqueue('mail', 'retry-me', { n: 2 }, { attempts: 3, backoffMs: 20 });
    const job = await done;
    expect(job.attempt).toBe(3);
    expect(seen.filter((item) => item.data.n === 2).map((item) => item.attempt)).toEqual([1, 2, 3]);
  });

  it('runs a job offered twice under one job id only once', async () => {
    const done = completion(3);
    await queue.enqueue('mail', 'once', { n: 3 }, { jobId: 'job-3' });
    await queue.enqueue('mail', 'once', { n: 3 }, { jobId: 'job-3' });
    await done;
    const after = completion(4);
    await queue.enqueue('mail', 'marker', { n: 4 });
    await after;
    expect(seen.filter((item) => item.data.n === 3)).toHaveLength(1);
  });

  it('answers the health ping', async () => {
    await expect(queue.ping()).resolves.toBeUndefined();
    expect(queue.backend).toBe(process.env.REDIS_URL ? 'redis' : 'in-process');
  });
});
