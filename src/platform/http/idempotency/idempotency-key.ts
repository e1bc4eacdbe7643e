import type { FastifyRequest } from 'fastify';
import { StoreError } from '../../../common/errors/store-error.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';

const MAX_KEY_LENGTH = 255;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const V3_PATH = '/api/v3/';

/** The raw `Idempotency-Key` of a v3 write, or undefined when the policy does not apply. */
export function idempotencyHeaderOf(request: FastifyRequest): string | string[] | undefined {
  if (!WRITE_METHODS.has(request.method) || !request.url.startsWith(V3_PATH)) return undefined;
  return request.headers[IDEMPOTENCY_KEY_HEADER];
}

/** The key itself: 1 to 255 characters, or 400 `invalid_request`. */
export function validIdempotencyKey(header: string | string[]): string {
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_KEY_LENGTH) {
    throw new StoreError(
      'invalid_request',
      `The Idempotency-Key header must be 1 to ${MAX_KEY_LENGTH} characters`,
    );
  }
  return header;
}
