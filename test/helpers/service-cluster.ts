import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Bull from 'bull';
import { createScratchDatabase, type ScratchDatabase } from './scratch-database.js';
import { buildService, type ServiceBuild } from './service-build.js';
import {
  killServiceProcesses,
  type ServiceProcess,
  startServiceProcess,
} from './service-processes.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Separate processes share work only through PostgreSQL and Redis servers. */
export const hasServers = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

/**
 * Processes of the built service on a scratch database of their own (every process that runs
 * workers sweeps the whole outbox: they must relay neither other test files' events nor have
 * theirs relayed), sharing one Redis queue prefix and one environment, with:
 * - `control`, an in-test app with role `api` (it migrates, seeds, calls the Admin API and reads
 *   rows, but neither consumes queues nor sweeps the outbox by itself);
 * - `webhooksQueue`, a Bull handle on the processes' `webhooks` queue.
 */
export interface ServiceCluster {
  control: TestApp;
  webhooksQueue: Bull.Queue;
  build: ServiceBuild;
  /** The environment every process of the cluster starts with (role and log level aside). */
  env: Record<string, string>;
  /** Starts a process of the built service with `env` and `extra` (`PROCESS_ROLE` among them). */
  start(name: string, extra: Record<string, string>): Promise<ServiceProcess>;
  /** Kills every process, closes `control` and the queue, drops the database. */
  close(): Promise<void>;
}

export interface ServiceClusterOptions {
  /** Settings beside the shared ones: rate limits, pool sizes, log level. */
  env?: Record<string, string>;
  /** Bull settings of `webhooksQueue` (the stalled-job bound, say). */
  queueSettings?: Bull.QueueOptions['settings'];
}

/** Service processes start slowly on a busy machine. */
const PROCESS_READY_MS = 90_000;

export async function startServiceCluster(
  options: ServiceClusterOptions = {},
): Promise<ServiceCluster> {
  const redisUrl = process.env.REDIS_URL!;
  const queuePrefix = `test-cluster-${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-cluster-'));
  let scratch: ScratchDatabase | undefined;
  let build: ServiceBuild | undefined;
  let control: TestApp | undefined;
  let webhooksQueue: Bull.Queue | undefined;
  const close = async () => {
    await killServiceProcesses();
    await control?.close();
    await webhooksQueue?.obliterate({ force: true }).catch(() => undefined);
    await webhooksQueue?.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    [scratch, build] = await Promise.all([
      createScratchDatabase(process.env.DATABASE_URL!),
      buildService(),
    ]);
    const env: Record<string, string> = {
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
      ...options.env,
    };
    control = await startTestApp({
      env: { ...env, PROCESS_ROLE: 'api', LOG_LEVEL: 'silent', MIGRATIONS_RUN: 'true' },
    });
    webhooksQueue = new Bull('webhooks', {
      redis: redisUrl,
      prefix: queuePrefix,
      ...(options.queueSettings ? { settings: options.queueSettings } : {}),
    });
    const built = build;
    return {
      control,
      webhooksQueue,
      build: built,
      env,
      start: (name, extra) =>
        startServiceProcess(built, name, { ...env, ...extra }, PROCESS_READY_MS),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
