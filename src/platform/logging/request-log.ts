import type { FastifyInstance } from 'fastify';
import { pino, type Level } from 'pino';
import { loggedUrl } from './logged-url.js';

function levelFor(statusCode: number): Level {
  if (statusCode >= 500) return 'error';
  return statusCode >= 400 ? 'warn' : 'info';
}

/**
 * One JSON line per response: request id, method, URL (credentials redacted), status and time
 * taken. Only what identifies the request is written; headers carry credentials and never reach
 * the logs.
 */
export function logRequests(fastify: FastifyInstance, level: string): void {
  const logger = pino({ level });
  // Callback style: no promise per request on the hot path.
  fastify.addHook('onResponse', (request, reply, done) => {
    const lineLevel = levelFor(reply.statusCode);
    if (logger.isLevelEnabled(lineLevel)) {
      logger[lineLevel](
        {
          req: {
            id: request.id,
            method: request.method,
            url: loggedUrl(request.url, request.routeOptions.url),
          },
          res: { statusCode: reply.statusCode },
          responseTime: Math.round(reply.elapsedTime),
        },
        'request completed',
      );
    }
    done();
  });
}
