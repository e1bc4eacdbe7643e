import type { DemoCredentials } from '../../../src/seed/seed-demo-store.js';
import type { TestApp } from '../test-app.js';
import type { FuzzOperation } from './operations.js';
import { kindOf, prefixOf } from './param-kinds.js';

/** Path values of one store: ids by prefix (`prod`), other values by kind (`slug`, `iso`). */
export type IdPool = Map<string, string[]>;

/** Members whose string values are path values of their own kind. */
const VALUE_MEMBERS = new Set(['slug', 'permalink', 'iso', 'number', 'code']);

function collect(pool: IdPool, value: unknown, key = ''): void {
  if (Array.isArray(value)) {
    for (const element of value) collect(pool, element, key);
    return;
  }
  if (value !== null && typeof value === 'object') {
    for (const [member, inner] of Object.entries(value)) collect(pool, inner, member);
    return;
  }
  if (typeof value !== 'string') return;
  const kind =
    key === 'id' || key.endsWith('_id') || key.endsWith('_ids')
      ? prefixOf(value)
      : VALUE_MEMBERS.has(key)
        ? key
        : undefined;
  if (!kind) return;
  const values = pool.get(kind) ?? [];
  if (!values.includes(value)) values.push(value);
  pool.set(kind, values);
}

/** The headers that open a GET of `path` to the store's own staff or customer. */
function readerHeaders(
  shop: DemoCredentials,
  customerJwt: string,
  path: string,
): Record<string, string> {
  if (path.startsWith('/api/v3/admin')) return { 'x-store-api-key': shop.secret_key };
  return { 'x-store-api-key': shop.publishable_key, authorization: `Bearer ${customerJwt}` };
}

/**
 * Walks the document's GET operations as the store's own callers, filling path parameters
 * from what earlier answers named, and keeps every id and path value the answers show.
 */
export async function harvestIds(
  t: TestApp,
  operations: FuzzOperation[],
  shop: DemoCredentials,
  customerJwt: string,
): Promise<IdPool> {
  const pool: IdPool = new Map();
  const reads = operations.filter((operation) => operation.method === 'GET');
  const done = new Set<string>();
  for (let pass = 0; pass < 3; pass++) {
    for (const operation of reads) {
      if (done.has(operation.path)) continue;
      const params = operation.pathParams.filter((param) => param !== '*');
      const values = params.map((param) => pool.get(kindOf(operation.path, param))?.[0]);
      if (values.some((value) => value === undefined)) continue;
      done.add(operation.path);
      let path = operation.path;
      params.forEach((param, index) => {
        path = path.replace(`{${param}}`, encodeURIComponent(values[index]!));
      });
      const response = await t.http.get(path, readerHeaders(shop, customerJwt, path));
      if (response.status === 200) collect(pool, response.body);
    }
  }
  return pool;
}
