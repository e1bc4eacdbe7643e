import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ADMIN_ORIGIN = 'https://admin.example.test';
/** What the clients send (`@spree/sdk`, the v2 client), renamed; and what the Admin API's send. */
const STORE_HEADERS =
  'Authorization, Content-Type, Idempotency-Key, X-Request-Id, X-Store-API-Key, X-Store-Token, ' +
  'X-Store-Order-Token, X-Store-Locale, X-Store-Currency, X-Store-Country, X-Store-Channel';
const ADMIN_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id, X-Store-API-Key';
const freshOrigin = (label: string) =>
  `https://${label}-${randomBytes(4).toString('hex')}.example.test`;

/** A browser's preflight: the origin, the method and the headers it is about to send. */
const preflight = (t: TestApp, path: string, origin: string, extra: Record<string, string> = {}) =>
  t.http.request('OPTIONS', path, {
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'content-type,x-store-api-key,x-store-token',
      ...extra,
    },
  });

const corsHeaders = (response: TestResponse) =>
  Object.fromEntries([...response.headers].filter(([name]) => name.startsWith('access-control-')));

function expectAllowedPreflight(response: TestResponse, origin: string, headers: string) {
  expect(response.status).toBe(204);
  expect(response.text).toBe('');
  expect(corsHeaders(response)).toEqual({
    'access-control-allow-origin': origin,
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
    'access-control-allow-headers': headers,
    'access-control-expose-headers': 'Retry-After, X-Request-Id, Idempotent-Replayed',
    'access-control-max-age': '600',
  });
  expect(response.headers.get('vary')).toContain('Origin');
}

/** A refused preflight: no CORS header at all, the route's 404 envelope. */
function expectRefusedPreflight(response: TestResponse) {
  expectError(response, 404, 'record_not_found');
  expect(corsHeaders(response)).toEqual({});
}

describe('CORS: browser storefronts', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let shopHost: string;
  let allowed: string;

  const admin = (shopCredentials: DemoCredentials) => keyHeader(shopCredentials.secret_key);
  const allow = (shopCredentials: DemoCredentials, origin: string) =>
    t.http.post('/api/v3/admin/allowed_origins', { origin }, admin(shopCredentials));
  const storedOrigins = async (shopCredentials: DemoCredentials) =>
    (
      (await t.dataSource.query(
        'SELECT origin FROM allowed_origins WHERE store_id = $1 ORDER BY origin',
        [new PublicIdCodec(t.config.ID_ALPHABET).decode(ID_PREFIX.store, shopCredentials.store_id)],
      )) as { origin: string }[]
    ).map((row) => row.origin);

  beforeAll(async () => {
    t = await startTestApp({
      env: { CORS_ALLOW_LOOPBACK_ORIGINS: 'false', ADMIN_CORS_ORIGINS: ADMIN_ORIGIN },
    });
    shop = await t.seedStore();
    other = await t.seedStore();
    const store = await t.http.get('/api/v3/admin/store', admin(shop));
    shopHost = new URL(store.body.url).host;
    allowed = freshOrigin('shop');
    const created = await allow(shop, allowed);
    expect(created.status).toBe(201);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('Store API preflights', () => {
    it('answers an allowed origin with the headers the clients send and the ones they read', async () => {
      for (const path of [
        '/api/v3/store/carts',
        '/api/v3/store/products?limit=5',
        '/api/v2/storefront/cart',
        '/spree_oauth/token',
      ]) {
        expectAllowedPreflight(await preflight(t, path, allowed), allowed, STORE_HEADERS);
      }
    });

    it('gives an unlisted origin no CORS header, and a preflight from it no allow headers', async () => {
      const stranger = freshOrigin('stranger');
      expectRefusedPreflight(await preflight(t, '/api/v3/store/carts', stranger));
      expectRefusedPreflight(await preflight(t, '/api/v2/storefront/cart', stranger));
      // A look-alike of an allowed origin is another origin.
      expectRefusedPreflight(await preflight(t, '/api/v3/store/carts', `${allowed}:8443`));
      expectRefusedPreflight(
        await preflight(t, '/api/v3/store/carts', allowed.replace('https', 'http')),
      );
    });

    it('serves the requests themselves either way, with the CORS headers for an allowed origin only', async () => {
      const headers = { ...keyHeader(shop.publishable_key) };
      const fromAllowed = await t.http.get('/api/v3/store/products?limit=1', {
        ...headers,
        origin: allowed,
      });
      expect(fromAllowed.status).toBe(200);
      expect(corsHeaders(fromAllowed)).toEqual({
        'access-control-allow-origin': allowed,
        'access-control-expose-headers': 'Retry-After, X-Request-Id, Idempotent-Replayed',
      });
      const fromStranger = await t.http.get('/api/v3/store/products?limit=1', {
        ...headers,
        origin: freshOrigin('stranger'),
      });
      expect(fromStranger.status).toBe(200);
      expect(corsHeaders(fromStranger)).toEqual({});
      // Errors carry them too, so a page can read why it was refused.
      const refused = await t.http.get('/api/v3/store/products', { origin: allowed });
      expectError(refused, 401, 'authentication_required');
      expect(refused.headers.get('access-control-allow-origin')).toBe(allowed);
    });

    it('goes by the store that claims the request host, and by every store on a host none claims', async () => {
      const otherOrigin = freshOrigin('other');
      expect((await allow(other, otherOrigin)).status).toBe(201);
      const atShop = { host: shopHost };
      expectAllowedPreflight(
        await preflight(t, '/api/v3/store/carts', allowed, atShop),
        allowed,
        STORE_HEADERS,
      );
      expectRefusedPreflight(await preflight(t, '/api/v3/store/carts', otherOrigin, atShop));
      // 127.0.0.1 is claimed by no store: a shared API host, where every store's origins are allowed.
      expectAllowedPreflight(
        await preflight(t, '/api/v3/store/carts', otherOrigin),
        otherOrigin,
        STORE_HEADERS,
      );
    });

    it('stops allowing an origin at once when the store removes it', async () => {
      const origin = freshOrigin('brief');
      const created = await allow(shop, origin);
      expectAllowedPreflight(
        await preflight(t, '/api/v3/store/carts', origin),
        origin,
        STORE_HEADERS,
      );
      const removed = await t.http.request(
        'DELETE',
        `/api/v3/admin/allowed_origins/${created.body.id}`,
        {
          headers: admin(shop),
        },
      );
      expect(removed.status).toBe(204);
      expectRefusedPreflight(await preflight(t, '/api/v3/store/carts', origin));
    });

    it('allows no loopback origin when CORS_ALLOW_LOOPBACK_ORIGINS is false', async () => {
      expectRefusedPreflight(await preflight(t, '/api/v3/store/carts', 'http://localhost:5173'));
    });

    it('adds nothing to requests without an Origin, nor to paths outside the APIs', async () => {
      const plain = await t.http.get(
        '/api/v3/store/products?limit=1',
        keyHeader(shop.publishable_key),
      );
      expect(corsHeaders(plain)).toEqual({});
      const health = await t.http.get('/health', { origin: allowed });
      expect(health.status).toBe(200);
      expect(corsHeaders(health)).toEqual({});
    });
  });

  describe('Admin API', () => {
    it('allows only the origins of ADMIN_CORS_ORIGINS, never a storefront’s', async () => {
      expectAllowedPreflight(
        await preflight(t, '/api/v3/admin/orders', ADMIN_ORIGIN, {
          'access-control-request-headers': 'authorization,content-type',
        }),
        ADMIN_ORIGIN,
        ADMIN_HEADERS,
      );
      expectRefusedPreflight(await preflight(t, '/api/v3/admin/orders', allowed));
      const served = await t.http.get('/api/v3/admin/allowed_origins', {
        ...admin(shop),
        origin: allowed,
      });
      expect(served.status).toBe(200);
      expect(corsHeaders(served)).toEqual({});
    });
  });

  describe('/api/v3/admin/allowed_origins', () => {
    it('creates an origin written as browsers send it', async () => {
      const label = `Mixed-${randomBytes(3).toString('hex')}`;
      const created = await allow(shop, ` HTTPS://${label}.Example.Test:443/ `);
      expect(created.status).toBe(201);
      const origin = `https://${label.toLowerCase()}.example.test`;
      expect(created.body).toEqual({
        id: expect.stringMatching(/^ao_/),
        origin,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await storedOrigins(shop)).toContain(origin);
      const shown = await t.http.get(
        `/api/v3/admin/allowed_origins/${created.body.id}`,
        admin(shop),
      );
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(created.body);
    });

    it('refuses what is not a bare http(s) origin, and one already allowed, naming origin', async () => {
      const before = await storedOrigins(shop);
      for (const origin of [
        'shop.example.test',
        'ftp://shop.example.test',
        'https://shop.example.test/path',
        'https://shop.example.test?x=1',
        'https://user@shop.example.test',
        'https://',
        '',
      ]) {
        const refused = await allow(shop, origin);
        expect(expectError(refused, 422, 'validation_error')).toEqual({
          origin: [expect.stringContaining('must be an origin')],
        });
      }
      expect(
        expectError(await allow(shop, 42 as unknown as string), 422, 'validation_error'),
      ).toHaveProperty('origin');
      const taken = await allow(shop, allowed);
      expect(expectError(taken, 422, 'validation_error')).toEqual({
        origin: [`${allowed} is already allowed`],
      });
      expect(await storedOrigins(shop)).toEqual(before);
    });

    it('lists the store’s own origins, filtered and sorted', async () => {
      const list = await t.http.get(
        '/api/v3/admin/allowed_origins?sort=-origin&limit=100',
        admin(shop),
      );
      expect(list.status).toBe(200);
      const origins = list.body.data.map((row: { origin: string }) => row.origin);
      expect(origins).toEqual([...(await storedOrigins(shop))].sort().reverse());
      expect(list.body.meta).toMatchObject({ page: 1, limit: 100, count: origins.length });
      const filtered = await t.http.get(
        `/api/v3/admin/allowed_origins?q[origin_cont]=${encodeURIComponent(new URL(allowed).hostname)}`,
        admin(shop),
      );
      expect(filtered.body.data.map((row: { origin: string }) => row.origin)).toEqual([allowed]);
      const badSort = await t.http.get('/api/v3/admin/allowed_origins?sort=secret', admin(shop));
      expect(expectError(badSort, 400, 'parameter_invalid')).toHaveProperty('sort');
    });

    it('changes an origin, and keeps other stores’ origins out of reach', async () => {
      const created = await allow(shop, freshOrigin('before'));
      const renamed = freshOrigin('after');
      const updated = await t.http.request(
        'PATCH',
        `/api/v3/admin/allowed_origins/${created.body.id}`,
        {
          json: { origin: renamed },
          headers: admin(shop),
        },
      );
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({ id: created.body.id, origin: renamed });
      expect(await storedOrigins(shop)).toContain(renamed);
      expectAllowedPreflight(
        await preflight(t, '/api/v3/store/carts', renamed),
        renamed,
        STORE_HEADERS,
      );

      const path = `/api/v3/admin/allowed_origins/${created.body.id}`;
      expectError(await t.http.get(path, admin(other)), 404, 'record_not_found');
      expectError(
        await t.http.request('PATCH', path, {
          json: { origin: freshOrigin('x') },
          headers: admin(other),
        }),
        404,
        'record_not_found',
      );
      expectError(
        await t.http.request('DELETE', path, { headers: admin(other) }),
        404,
        'record_not_found',
      );
      expect(await storedOrigins(shop)).toContain(renamed);
    });
  });
});

describe('CORS: the development default', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('allows pages on this machine to call the Store API outside production, any port', async () => {
    expect(t.config.allowLoopbackOrigins).toBe(true);
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:3001', 'http://[::1]:8080']) {
      expectAllowedPreflight(
        await preflight(t, '/api/v3/store/carts', origin),
        origin,
        STORE_HEADERS,
      );
    }
    expectRefusedPreflight(
      await preflight(t, '/api/v3/store/carts', 'http://localhost.example.test'),
    );
  });

  it('allows them no Admin API call', async () => {
    expectRefusedPreflight(await preflight(t, '/api/v3/admin/orders', 'http://localhost:5173'));
  });
});
