import { setTimeout as sleep } from 'node:timers/promises';
import type { AppConfig } from '../../config/index.js';
import { probeDatabase } from '../database/database-probe.js';
import { withoutPassword } from '../logging/redacted-url.js';
import { withRedisOnce } from '../queue/redis-once.js';
import { connectionFailure } from './connection-failure.js';

/** A server the process needs at boot; its message names it, where it is and why it failed. */
export class UnreachableAtBoot extends Error {
  override name = 'UnreachableAtBoot';
}

export type Server = 'database' | 'redis';

interface Dependency {
  /** How a line names it: `the database`, `Redis`. */
  name: string;
  /** Its URL without the password. */
  target: string;
  connect(timeoutMs: number): Promise<unknown>;
}

function dependenciesOf(config: AppConfig, servers: readonly Server[]): Dependency[] {
  const database = servers.includes('database') ? config.DATABASE_URL : undefined;
  const redis = servers.includes('redis') ? config.REDIS_URL : undefined;
  return [
    ...(database
      ? [
          {
            name: 'the database',
            target: withoutPassword(database),
            connect: (timeoutMs: number) => probeDatabase(database, timeoutMs),
          },
        ]
      : []),
    ...(redis
      ? [
          {
            name: 'Redis',
            target: withoutPassword(redis),
            connect: (timeoutMs: number) => withRedisOnce(redis, timeoutMs, (r) => r.ping()),
          },
        ]
      : []),
  ];
}

async function reach(dependency: Dependency, config: AppConfig): Promise<void> {
  const attempts = config.STARTUP_CONNECT_RETRIES + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      await dependency.connect(config.STARTUP_CONNECT_TIMEOUT_MS);
      return;
    } catch (error) {
      const { reason, permanent } = connectionFailure(error, config.STARTUP_CONNECT_TIMEOUT_MS);
      if (permanent || attempt >= attempts) {
        const tries = attempt > 1 ? ` (${attempt} attempts)` : '';
        throw new UnreachableAtBoot(
          `Cannot reach ${dependency.name} at ${dependency.target}: ${reason}${tries}`,
        );
      }
      await sleep(config.STARTUP_CONNECT_RETRY_DELAY_MS);
    }
  }
}

/**
 * Connects once to each of `servers` the configuration names (the database, Redis), at once,
 * before anything else boots, so that a wrong URL or a server down ends the process within
 * seconds and with one line (UnreachableAtBoot) rather than a framework's long retries. Retries
 * STARTUP_CONNECT_RETRIES times what may pass. Answers what was reached, for the boot's log.
 */
export async function reachServersAtBoot(
  config: AppConfig,
  servers: readonly Server[] = ['database', 'redis'],
): Promise<{ name: string; target: string }[]> {
  const dependencies = dependenciesOf(config, servers);
  await Promise.all(dependencies.map((dependency) => reach(dependency, config)));
  return dependencies.map(({ name, target }) => ({ name, target }));
}
