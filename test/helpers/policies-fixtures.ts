import { randomBytes, randomUUID } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import type { TestResponse } from './http-client.js';
import type { TestApp } from './test-app.js';

/** A client address of its own (IPv6 documentation range), so budgets never meet across tests. */
export function someClientIp(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `2001:db8:${groups.slice(0, 3).join(':')}::1`;
}

/** A fresh tally name for the probe routes. */
export function someCounter(): string {
  return `counter-${randomUUID()}`;
}

/** Secrets two app instances must share to accept each other's keys and tokens. */
export function sharedSecrets(): Record<string, string> {
  return {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
}

/** The rate-limit headers of a response, for one `toEqual`. */
export function rateLimitOf(response: TestResponse) {
  return {
    status: response.status,
    limit: response.headers.get('x-ratelimit-limit'),
    remaining: response.headers.get('x-ratelimit-remaining'),
  };
}

/** The database id behind a seeded store's public id. */
export function storeIdOf(t: TestApp, shop: DemoCredentials): string {
  return t.app.get(PublicIdCodec).decode(ID_PREFIX.store, shop.store_id)!;
}
