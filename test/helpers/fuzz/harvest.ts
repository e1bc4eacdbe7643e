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

/** An answered GET: the template, the path values it was filled with, what the answer named. */
interface Sample {
  template: string;
  values: string[];
  found: IdPool;
}

/** Path values known to belong together, per operation with several parameters. */
export type PathTuples = Map<string, string[][]>;

/**
 * For each operation with several path parameters, value tuples that belong together: a
 * sample of a shorter path (`/products/{product_id}/variants`) and an id its answer named.
 */
function pathTuples(operations: FuzzOperation[], samples: Sample[]): PathTuples {
  const tuples: PathTuples = new Map();
  for (const operation of operations) {
    const params = operation.pathParams.filter((param) => param !== '*');
    if (params.length < 2) continue;
    const found: string[][] = [];
    for (const sample of samples) {
      if (!operation.path.startsWith(`${sample.template}/`)) continue;
      const rest = params.slice(sample.values.length);
      const picks = rest.map((param) => sample.found.get(kindOf(operation.path, param)) ?? []);
      if (picks.some((values) => !values.length)) continue;
      for (let index = 0; index < 3; index++)
        found.push([...sample.values, ...picks.map((values) => values[index % values.length])]);
    }
    if (found.length) tuples.set(`${operation.method} ${operation.path}`, found.slice(0, 12));
  }
  return tuples;
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
): Promise<{ ids: IdPool; tuples: PathTuples }> {
  const pool: IdPool = new Map();
  const samples: Sample[] = [];
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
      if (response.status !== 200) continue;
      collect(pool, response.body);
      const found: IdPool = new Map();
      collect(found, response.body);
      samples.push({ template: operation.path, values: values as string[], found });
    }
  }
  return { ids: pool, tuples: pathTuples(operations, samples) };
}
