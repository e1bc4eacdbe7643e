import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Bull from 'bull';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import {
  buildService,
  killServiceProcesses,
  type ServiceBuild,
  type ServiceProcess,
  startServiceProcess,
} from './service-processes.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Separate processes share work only through PostgreSQL and Redis servers. */
export const hasServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/** Outbox rows as a process that died right after its commit leaves them: never relayed. */
export async function commitUnrelayedEvents(
  t: TestApp,
  storeKey: string,
  name: string,
  count: number,
): Promise<string[]> {
  const rows: { id: string }[] = await t.dataSource.query(
    `WITH stored AS (
       INSERT INTO events (id, store_id, name, payload, created_at)
       SELECT gen_random_uuid(), $1, $2, jsonb_build_object('n', n), now() - interval '1 minute'
       FROM generate_series(1, $3::int) AS n
       RETURNING id, created_at
     ), outboxed AS (INSERT INTO event_outbox SELECT id, created_at FROM stored)
     SELECT id::text AS id FROM stored`,
    [storeKey, name, count],
  );
  return rows.map((row) => row.id);
}

/**
 * What Bull does by itself for the jobs of a worker that died: once their locks expire
 * (`lockDuration`, 30 s) and a live worker's stalled-job check has come round twice
 * (`stalledInterval`, 30 s), they go back to waiting and run again. Done at once here, so that a
 * test need not wait a minute. Answers how many jobs went back.
 */
export async function requeueJobsOfDeadWorkers(queue: Bull.Queue): Promise<number> {
  const active = await queue.getActive();
  for (const job of active) await queue.client.del(`${queue.toKey(String(job.id))}:lock`);
  const checker = queue as unknown as { moveUnlockedJobsToWait(): Promise<void> };
  // The first check marks the active jobs as possibly stalled, the second moves the unlocked ones.
  for (let round = 0; round < 2; round += 1) {
    await queue.client.del(queue.toKey('stalled-check'));
    await checker.moveUnlockedJobsToWait();
  }
  return active.length - (await queue.getActiveCount());
}

/**
 * Worker processes of the built service on a database of their own, with an in-test `control`
 * app (role `api`: it migrates, seeds and calls the Admin API, but neither consumes queues nor
 * sweeps the outbox) and the `webhooks` Bull queue they share.
 */
export interface WorkerCluster {
  control: TestApp;
  webhooksQueue: Bull.Queue;
  startWorker(name: string, env?: Record<string, string>): Promise<ServiceProcess>;
  close(): Promise<void>;
}

export async function startWorkerCluster(): Promise<WorkerCluster> {
  const redisUrl = process.env.REDIS_URL!;
  const queuePrefix = `test-workers-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-workers-'));
  let scratch: ScratchDatabase | undefined;
  let build: ServiceBuild | undefined;
  let control: TestApp | undefined;
  let webhooksQueue: Bull.Queue | undefined;
  const close = async () => {
    await killServiceProcesses();
    await control?.close();
    await webhooksQueue?.obliterate({ force: true }).catch(() => undefined);
    await webhooksQueue?.close();
    await build?.remove();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [scratch, build] = await Promise.all([
      createScratchDatabase(process.env.DATABASE_URL!),
      buildService(),
    ]);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: scratch.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      DATA_DIR: dataDir,
      MIGRATIONS_RUN: 'false',
      JWT_SECRET: randomBytes(36).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '100000',
      RATE_LIMIT_SECRET_KEY_PER_MINUTE: '100000',
    };
    control = await startTestApp({
      env: { ...env, PROCESS_ROLE: 'api', LOG_LEVEL: 'silent', MIGRATIONS_RUN: 'true' },
    });
    webhooksQueue = new Bull('webhooks', { redis: redisUrl, prefix: queuePrefix });
    const built = build;
    return {
      control,
      webhooksQueue,
      startWorker: (name, extra = {}) =>
        startServiceProcess(built, name, { ...env, PROCESS_ROLE: 'worker', ...extra }, 90_000),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
