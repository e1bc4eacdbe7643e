import { hostname } from 'node:os';
import type { AppConfig } from '../../config/index.js';
import { withoutPassword } from '../logging/redacted-url.js';
import { withRedisOnce } from '../queue/redis-once.js';
import { connectionFailure } from './connection-failure.js';
import { type Heartbeat, HEARTBEAT_TTL_MS, heartbeatKey } from './worker-heartbeat.js';

export const HEALTH_PROBE_ROLES = ['api', 'worker'] as const;
export type HealthProbeRole = (typeof HEALTH_PROBE_ROLES)[number];

const PROBE_TIMEOUT_MS = 3_000;

interface Verdict {
  healthy: boolean;
  line: string;
}

/** The API of this host: `GET /health` on the configured port, over loopback when it listens everywhere. */
async function probeApi(config: AppConfig): Promise<Verdict> {
  const host = ['0.0.0.0', '::'].includes(config.listenHost) ? '127.0.0.1' : config.listenHost;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}/health`;
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (error) {
    const { reason } = connectionFailure(error, PROBE_TIMEOUT_MS);
    return { healthy: false, line: `api unhealthy: ${url}: ${reason}` };
  }
  const body = (await response.json().catch(() => undefined)) as
    { error?: { message?: string } } | undefined;
  return response.ok
    ? { healthy: true, line: `api healthy: ${url} answered ${response.status}` }
    : {
        healthy: false,
        line: `api unhealthy: ${url} answered ${response.status}${body?.error?.message ? ` (${body.error.message})` : ''}`,
      };
}

/** A worker of this host: Redis answers and holds a heartbeat of this host that has not expired. */
async function probeWorker(config: AppConfig): Promise<Verdict> {
  const url = config.REDIS_URL;
  if (!url) return { healthy: false, line: 'worker unhealthy: REDIS_URL is not set' };
  const host = hostname();
  let value: string | null;
  try {
    value = await withRedisOnce(url, PROBE_TIMEOUT_MS, (redis) =>
      redis.get(heartbeatKey(config.QUEUE_PREFIX, host)),
    );
  } catch (error) {
    const { reason } = connectionFailure(error, PROBE_TIMEOUT_MS);
    return {
      healthy: false,
      line: `worker unhealthy: cannot reach Redis at ${withoutPassword(url)}: ${reason}`,
    };
  }
  if (!value) {
    return {
      healthy: false,
      line: `worker unhealthy: no heartbeat from a worker on ${host} in the last ${HEARTBEAT_TTL_MS / 1000} s`,
    };
  }
  const beat = JSON.parse(value) as Heartbeat;
  return {
    healthy: true,
    line: `worker healthy: pid ${beat.pid} on ${beat.host} beat at ${beat.at}`,
  };
}

/**
 * `cli.js health [--role api|worker]`, a container's health check: one line (stdout when healthy,
 * stderr otherwise) and the exit code, 0 healthy, 1 not. Without a role, PROCESS_ROLE's: a
 * process of role `all` serves HTTP, which answers for its workers too.
 */
export async function healthProbeCommand(
  config: AppConfig,
  role: HealthProbeRole = config.PROCESS_ROLE === 'worker' ? 'worker' : 'api',
): Promise<number> {
  const { healthy, line } = role === 'api' ? await probeApi(config) : await probeWorker(config);
  (healthy ? process.stdout : process.stderr).write(`${line}\n`);
  return healthy ? 0 : 1;
}
