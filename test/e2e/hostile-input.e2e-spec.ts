import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import type { RequestOptions } from '../helpers/http-client.js';
import { ProbeModule } from '../helpers/probe.module.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface HostileRequest {
  method: string;
  path: string;
  options?: RequestOptions;
}

const SQL_AND_ODDITIES = [
  "' OR 1=1 --",
  "'; DROP TABLE products; --",
  '" OR ""="',
  '1; SELECT pg_sleep(1)',
  '%',
  '_',
  '\\',
  '%00',
  '%00abc',
  'prod_%00',
  '../../etc/passwd',
  '%2e%2e%2f',
  '😀🛒',
  'ﬁ',
  '\u202etxt.exe',
  'Ω≈ç√∫',
  'a'.repeat(600),
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '[]',
  '{}',
  'prod_',
  'prod_0000000000',
  'prod_zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
  '%F0%9F%98',
  '%C0%AF',
  '%FF',
];

const BODIES: { raw: string | Buffer; type: string }[] = [
  { raw: '{', type: 'application/json' },
  { raw: '{"email": }', type: 'application/json' },
  {
    raw: '{"__proto__": {"admin": true}, "email": "a@b.co", "quantity": 1}',
    type: 'application/json',
  },
  { raw: '{"constructor": {"prototype": {"x": 1}}}', type: 'application/json' },
  { raw: '{"email": ["a@b.co"], "quantity": "1"}', type: 'application/json' },
  { raw: '{"email": {"$gt": ""}, "quantity": {"n": 1}}', type: 'application/json' },
  { raw: '{"email": "a@b.co", "quantity": 1e400}', type: 'application/json' },
  { raw: '{"email": "a@b.co", "quantity": 99999999999999999999999}', type: 'application/json' },
  { raw: '{"email": "\\u0000@b.co", "quantity": 1}', type: 'application/json' },
  { raw: '{"email": "a@b.co", "quantity": 1, "address": "string"}', type: 'application/json' },
  { raw: '{"email": "a@b.co", "quantity": 1, "address": [1, 2]}', type: 'application/json' },
  { raw: JSON.stringify({ email: '😀@😀.co', quantity: -1 }), type: 'application/json' },
  { raw: `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`, type: 'application/json' },
  { raw: Buffer.from([0xff, 0xfe, 0x00, 0x7b]), type: 'application/json' },
  { raw: 'email=a@b.co&quantity=1', type: 'application/x-www-form-urlencoded' },
  { raw: 'plain text', type: 'text/plain' },
  { raw: '<xml/>', type: 'application/xml' },
  { raw: '--boundary\r\n\r\n', type: 'multipart/form-data; boundary=boundary' },
  { raw: '{}', type: 'application/json; charset=latin-1' },
  { raw: '{}', type: 'invalid content type' },
  { raw: 'x'.repeat(1024 * 1024), type: 'application/json' },
  {
    raw: JSON.stringify({ email: 'a@b.co', quantity: 1, blob: 'y'.repeat(1024 * 1024) }),
    type: 'application/json',
  },
];

function hostileRequests(key: string): HostileRequest[] {
  const headers = { 'x-store-api-key': key };
  const requests: HostileRequest[] = [];
  for (const value of SQL_AND_ODDITIES) {
    const encoded = /%[0-9A-F]{2}/i.test(value) ? value : encodeURIComponent(value);
    requests.push(
      { method: 'GET', path: `/api/v3/store/products/${encoded}`, options: { headers } },
      { method: 'GET', path: `/api/v3/store/products?name=${encoded}`, options: { headers } },
      {
        method: 'GET',
        path: `/api/v3/store/products?sort=${encoded}&page=${encoded}`,
        options: { headers },
      },
      {
        method: 'GET',
        path: `/api/v3/store/products?limit=${encoded}&currency=${encoded}`,
        options: { headers },
      },
      { method: 'GET', path: `/api/v3/store/products?expand=${encoded}`, options: { headers } },
      // Header values travel as raw bytes: UTF-8 sent as latin1 reaches the server unchanged.
      {
        method: 'GET',
        path: '/api/v3/store/products',
        options: { headers: { 'x-store-api-key': Buffer.from(value).toString('latin1') } },
      },
    );
  }
  for (const body of BODIES) {
    requests.push(
      {
        method: 'POST',
        path: '/test-probe',
        options: { raw: body.raw, headers: { 'content-type': body.type } },
      },
      {
        method: 'PATCH',
        path: '/api/v3/store/products/x',
        options: { raw: body.raw, headers: { 'content-type': body.type, ...headers } },
      },
    );
  }
  requests.push(
    { method: 'GET', path: '/api/v3/store/products?page[]=1&page[]=2', options: { headers } },
    { method: 'GET', path: '/api/v3/store/products?name=a&name=b', options: { headers } },
    { method: 'GET', path: '/api/v3/store/products?limit=1&limit=2', options: { headers } },
    { method: 'GET', path: '/test-probe/query?required=a&required=b&count=1&count=2' },
    { method: 'GET', path: '/test-probe/query?required=%00' },
    { method: 'GET', path: `/${'a/'.repeat(300)}` },
    { method: 'OPTIONS', path: '/api/v3/store/products' },
    { method: 'HEAD', path: '/api/v3/store/products', options: { headers } },
    { method: 'PUT', path: '/health' },
  );
  return requests;
}

describe('hostile and malformed input', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [ProbeModule] });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  it('answers at least 200 hostile requests without a single 5xx, always in the error envelope', async () => {
    const requests = hostileRequests(shop.publishable_key);
    expect(requests.length).toBeGreaterThanOrEqual(200);
    const failures: string[] = [];
    for (const request of requests) {
      const response = await t.http.request(request.method, request.path, request.options);
      const label = `${request.method} ${request.path.slice(0, 80)} → ${response.status}`;
      if (response.status >= 500) failures.push(`${label} ${response.text.slice(0, 200)}`);
      const hasBody = request.method !== 'HEAD';
      if (response.status >= 400 && hasBody && typeof response.body?.error?.code !== 'string') {
        failures.push(`${label} without the error envelope: ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('leaves the catalog intact afterwards', async () => {
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM products p JOIN api_keys k ON k.store_id = p.store_id
       WHERE k.token_prefix = $1`,
      [shop.publishable_key.slice(0, 11)],
    );
    expect(count).toBe(24);
    const response = await t.http.get('/api/v3/store/products', {
      'x-store-api-key': shop.publishable_key,
    });
    expect(response.body.meta.count).toBe(24);
  });
});
