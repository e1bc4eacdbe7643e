import type { FastifyInstance } from 'fastify';
import { pino, type Level } from 'pino';

function levelFor(statusCode: number): Level {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/** Password reset tokens travel in the path (`/password_resets/prt_…`): the log keeps the prefix. */
const RESET_TOKEN = /prt_[A-Za-z0-9_-]+/g;

function loggedUrl(url: string): string {
  return url.includes('prt_') ? url.replace(RESET_TOKEN, 'prt_[redacted]') : url;
}

/**
 * One JSON line per response: request id, method, URL, status and time taken. Only what identifies
 * the request is written; headers carry credentials and never reach the logs.
 */
export function logRequests(fastify: FastifyInstance, level: string): void {
  const logger = pino({ level });
  // Callback style: no promise per request on the hot path.
  fastify.addHook('onResponse', (request, reply, done) => {
    const lineLevel = levelFor(reply.statusCode);
    if (logger.isLevelEnabled(lineLevel)) {
      logger[lineLevel](
        {
          req: { id: request.id, method: request.method, url: loggedUrl(request.url) },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });
}
