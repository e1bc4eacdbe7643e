import { createHash } from 'node:crypto';
import { StoreError } from '../../../common/errors/store-error.js';

/** Deeper than any resource nests; also keeps the recursion below far from the stack's limit. */
const MAX_DEPTH = 64;

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_DEPTH)
    throw new StoreError('invalid_request', 'The request is nested too deeply');
  if (Array.isArray(value))
    return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map(
        (key) =>
          `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key], depth + 1)}`,
      );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * SHA-256 (hex) over method, path with query and body: a key sent again with anything else is a
 * different request. Bodies that are not JSON (a string or raw bytes) are hashed as they are.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256').update(`${method}\n${url}\n`);
  if (body === undefined) return hash.digest('hex');
  if (typeof body === 'string' || Buffer.isBuffer(body)) return hash.update(body).digest('hex');
  return hash.update(canonicalJson(body)).digest('hex');
}
