import { hostname } from 'node:os';
import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { AppConfig } from '../../config/index.js';
import { StateChangeLog } from '../logging/state-change-log.js';
import { connectionFailure } from './connection-failure.js';

export const HEARTBEAT_INTERVAL_MS = 5_000;
/** Three beats: one late beat (a long pause of the event loop) does not make a worker unhealthy. */
export const HEARTBEAT_TTL_MS = 15_000;
const WRITE_TIMEOUT_MS = 2_000;

/** What a worker writes at each beat. */
export interface Heartbeat {
  host: string;
  pid: number;
  at: string;
}

/** The key a worker on `host` beats at: one per host (a container runs one worker). */
export function heartbeatKey(namespace: string, host = hostname()): string {
  return `${namespace}:worker-heartbeat:${host}`;
}

/**
 * A process that consumes queues (PROCESS_ROLE worker or all, with Redis) writes its heartbeat to
 * Redis every few seconds with a short expiry, so that a health check of a process serving no
 * HTTP (`cli.js health --role worker`) can tell it is alive and reaches Redis.
 */
@Injectable()
export class WorkerHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private redis?: Redis;
  private timer?: NodeJS.Timeout;
  private readonly states = new StateChangeLog(new Logger('WorkerHeartbeat'));

  constructor(private readonly config: AppConfig) {}

  /** The first beat is written before the process reports it started. */
  async onApplicationBootstrap(): Promise<void> {
    const { REDIS_URL: url, runsWorkers } = this.config;
    if (!url || !runsWorkers) return;
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: WRITE_TIMEOUT_MS });
    // Failures are reported by beat(), once per change; the client's events would repeat them.
    this.redis.on('error', () => undefined);
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS).unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
    this.redis?.disconnect();
  }

  private async beat(): Promise<void> {
    const beat: Heartbeat = { host: hostname(), pid: process.pid, at: new Date().toISOString() };
    const key = heartbeatKey(this.config.QUEUE_PREFIX);
    try {
      await this.redis!.set(key, JSON.stringify(beat), 'PX', HEARTBEAT_TTL_MS);
      this.states.up('Redis for the worker heartbeat');
    } catch (error) {
      const { reason } = connectionFailure(error, WRITE_TIMEOUT_MS);
      this.states.failed('Redis for the worker heartbeat', reason);
    }
  }
}
