import 'reflect-metadata';
import { loadConfig } from '../../src/config/app-config.js';
import { InProcessQueueAdapter } from '../../src/platform/queue/in-process-queue.adapter.js';
import { DEFAULT_CONCURRENCY } from '../../src/platform/queue/queue.port.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `count` jobs that each take a little while; answers the most that ran at once. */
async function peakConcurrency(concurrency: number | undefined, count: number): Promise<number> {
  const queue = new InProcessQueueAdapter(loadConfig({}));
  let running = 0;
  let peak = 0;
  let done = 0;
  queue.consume(
    'mail',
    async () => {
      running += 1;
      peak = Math.max(peak, running);
      await tick(5);
      running -= 1;
      done += 1;
    },
    concurrency,
  );
  for (let n = 0; n < count; n += 1) await queue.enqueue('mail', 'job', { n });
  while (done < count) await tick(5);
  await queue.beforeApplicationShutdown();
  return peak;
}

describe('in-process queue concurrency', () => {
  it('runs at most the consumer concurrency at a time, and every job', async () => {
    expect(await peakConcurrency(3, 20)).toBe(3);
    expect(await peakConcurrency(1, 5)).toBe(1);
  });

  it(`defaults to ${DEFAULT_CONCURRENCY} at a time`, async () => {
    expect(await peakConcurrency(undefined, 30)).toBe(DEFAULT_CONCURRENCY);
  });

  it('does not start jobs still waiting for a slot once the process shuts down', async () => {
    const queue = new InProcessQueueAdapter(loadConfig({}));
    const started: number[] = [];
    queue.consume<{ n: number }>(
      'mail',
      async (job) => {
        started.push(job.data.n);
        await tick(20);
      },
      1,
    );
    for (let n = 0; n < 5; n += 1) await queue.enqueue('mail', 'job', { n });
    await tick(5);
    await queue.beforeApplicationShutdown();
    expect(started).toEqual([0]);
  });
});

describe('in-process queue shutdown', () => {
  it('does not wait for a failed job’s next attempt: the job is not run again', async () => {
    const queue = new InProcessQueueAdapter(loadConfig({}));
    let runs = 0;
    queue.consume('mail', async () => {
      runs += 1;
      throw new Error('refused');
    });
    // Ten minutes to the next attempt: were shutdown to wait for it, the test would time out.
    await queue.enqueue('mail', 'job', {}, { attempts: 3, backoffMs: 600_000 });
    while (runs === 0) await tick(5);
    await queue.beforeApplicationShutdown();
    expect(runs).toBe(1);
  });
});
