import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Keeps a caller's `X-Request-Id` when it looks like one (so traces line up across services),
 * otherwise makes a fresh one. The raw request carries it too, so the request logger reuses it.
 */
export function requestIdFor(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  const id =
    typeof incoming === 'string' && ACCEPTABLE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  (request as IncomingMessage & { id?: string }).id = id;
  return id;
}
