import type { FastifyRequest } from 'fastify';

/** A request header's first value, trimmed; undefined when absent or blank. */
export function headerValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name];
  return (Array.isArray(header) ? header[0] : header)?.trim() || undefined;
}
