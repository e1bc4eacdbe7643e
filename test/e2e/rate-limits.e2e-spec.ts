import { Redis } from 'ioredis';
import { AccessTokensService } from '../../src/modules/auth/access-tokens.service.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import {
  rateLimitOf,
  sharedSecrets,
  someClientIp,
  someCounter,
  storeIdOf,
} from '../helpers/policies-fixtures.js';
import { PoliciesProbeModule, probeCalls } from '../helpers/policies-probe.module.js';
import { startTcpProxy } from '../helpers/tcp-proxy.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const BUDGETS = {
  RATE_LIMIT_LOGIN_PER_MINUTE: '2',
  RATE_LIMIT_REGISTRATION_PER_MINUTE: '3',
  RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '5',
  RATE_LIMIT_SECRET_KEY_PER_MINUTE: '3',
};

const SIGN_IN = '/api/v3/store/policies-probe/sign-in';
const REGISTER = '/api/v3/store/policies-probe/register';
const ADMIN_SESSION = '/api/v3/admin/policies-probe/session';

/** Sends the probe's `@IpRateLimit` routes from `ip`, with `key`. */
function probe(t: TestApp, route: string, key: string, ip: string, counter = someCounter()) {
  return t.http.post(route, { counter }, { 'x-store-api-key': key, 'x-forwarded-for': ip });
}

function expectRateLimited(response: Awaited<ReturnType<TestApp['http']['get']>>, limit: string) {
  expectError(response, 429, 'rate_limit_exceeded');
  expect(rateLimitOf(response)).toEqual({ status: 429, limit, remaining: '0' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe(`rate limits (${process.env.REDIS_URL ? 'Redis' : 'in-memory'} counters)`, () => {
  let t: TestApp;
  const products = (shop: DemoCredentials, headers: Record<string, string> = {}) =>
    t.http.get('/api/v3/store/products', { 'x-store-api-key': shop.publishable_key, ...headers });

  beforeAll(async () => {
    t = await startTestApp({ env: BUDGETS, extraModules: [PoliciesProbeModule] });
  });
  afterAll(() => t.close());

  describe('per client IP, on @IpRateLimit routes', () => {
    it('admits the budget, then answers 429 rate_limit_exceeded with Retry-After without running the handler', async () => {
      const shop = await t.seedStore();
      const ip = someClientIp();
      const counter = someCounter();
      const signIn = () => probe(t, SIGN_IN, shop.publishable_key, ip, counter);

      expect(rateLimitOf(await signIn())).toEqual({ status: 201, limit: '2', remaining: '1' });
      expect(rateLimitOf(await signIn())).toEqual({ status: 201, limit: '2', remaining: '0' });
      expectRateLimited(await signIn(), '2');
      expectRateLimited(await signIn(), '2');
      expect(probeCalls(counter)).toBe(2);
    });

    it('counts each IP and each action separately', async () => {
      const ip = someClientIp();
      const [first, second, third] = [
        await t.seedStore(),
        await t.seedStore(),
        await t.seedStore(),
      ];
      await probe(t, SIGN_IN, first.publishable_key, ip);
      await probe(t, SIGN_IN, first.publishable_key, ip);
      expectRateLimited(await probe(t, SIGN_IN, first.publishable_key, ip), '2');

      const otherIp = await probe(t, SIGN_IN, second.publishable_key, someClientIp());
      expect(rateLimitOf(otherIp)).toEqual({ status: 201, limit: '2', remaining: '1' });
      const otherAction = await probe(t, REGISTER, third.publishable_key, ip);
      expect(rateLimitOf(otherAction)).toEqual({ status: 201, limit: '3', remaining: '2' });
    });

    it('applies on Admin API session routes too, and counts the key that admitted the caller', async () => {
      const shop = await t.seedStore();
      for (let i = 0; i < 4; i += 1) expect((await products(shop)).status).toBe(200);
      // The IP has one sign-in left, the key none: the key's budget is the one reported.
      const session = await probe(t, ADMIN_SESSION, shop.publishable_key, someClientIp());
      expect(rateLimitOf(session)).toEqual({ status: 201, limit: '5', remaining: '0' });
      expectRateLimited(await probe(t, ADMIN_SESSION, shop.publishable_key, someClientIp()), '5');
    });
  });

  describe('per API key', () => {
    it('limits a publishable key over every Store API request, customer-token requests included', async () => {
      const [shop, otherShop] = [await t.seedStore(), await t.seedStore()];
      for (const remaining of ['4', '3', '2', '1']) {
        expect(rateLimitOf(await products(shop))).toEqual({ status: 200, limit: '5', remaining });
      }
      // A token is only admitted while its customer exists.
      const [{ id: customerId }] = await t.dataSource.query<{ id: string }[]>(
        `INSERT INTO customers (store_id, email) VALUES ($1, 'rate-limited@example.com')
         RETURNING id::text AS id`,
        [storeIdOf(t, shop)],
      );
      const customerToken = t.app
        .get(AccessTokensService)
        .issue({ subject: 'customer', storeId: storeIdOf(t, shop), subjectId: customerId }).token;
      expect(
        rateLimitOf(await products(shop, { authorization: `Bearer ${customerToken}` })),
      ).toEqual({ status: 200, limit: '5', remaining: '0' });
      expectRateLimited(await products(shop), '5');
      expectRateLimited(await products(shop, { authorization: `Bearer ${customerToken}` }), '5');

      expect(rateLimitOf(await products(otherShop))).toEqual({
        status: 200,
        limit: '5',
        remaining: '4',
      });
    });

    it('reports the tighter budget when a client IP and a key both apply', async () => {
      const shop = await t.seedStore();
      const ip = someClientIp();
      // Key: 5 - 1 = 4 left; IP: 2 - 1 = 1 left → the IP's budget is reported.
      const first = await probe(t, SIGN_IN, shop.publishable_key, ip);
      expect(rateLimitOf(first)).toEqual({ status: 201, limit: '2', remaining: '1' });
      for (let i = 0; i < 3; i += 1) await products(shop);
      // Key: 0 left; IP: 0 left → the same remaining, the smaller limit.
      const second = await probe(t, SIGN_IN, shop.publishable_key, ip);
      expect(rateLimitOf(second)).toEqual({ status: 201, limit: '2', remaining: '0' });
      // A fresh IP (2 → 1 left) on the spent key: the key's refusal is the one reported.
      expectRateLimited(await probe(t, SIGN_IN, shop.publishable_key, someClientIp()), '5');
    });

    it('limits a secret key over the Admin API; staff tokens and other stores are not affected', async () => {
      const [shop, otherShop] = [await t.seedStore(), await t.seedStore()];
      const ping = (headers: Record<string, string>) =>
        t.http.get('/api/v3/admin/policies-probe/ping', headers);
      for (const remaining of ['2', '1', '0']) {
        expect(rateLimitOf(await ping({ 'x-store-api-key': shop.secret_key }))).toEqual({
          status: 200,
          limit: '3',
          remaining,
        });
      }
      expectRateLimited(await ping({ 'x-store-api-key': shop.secret_key }), '3');

      // A token is only admitted while its staff user exists.
      const [staff] = await t.dataSource.query<{ id: string }[]>(
        'SELECT id::text AS id FROM staff_users WHERE store_id = $1 ORDER BY id LIMIT 1',
        [storeIdOf(t, shop)],
      );
      const staffToken = t.app.get(AccessTokensService).issue({
        subject: 'staff',
        storeId: storeIdOf(t, shop),
        subjectId: staff.id,
        scopes: ['write_all'],
      }).token;
      const asStaff = await ping({ authorization: `Bearer ${staffToken}` });
      expect(rateLimitOf(asStaff)).toEqual({ status: 200, limit: null, remaining: null });
      expect(rateLimitOf(await ping({ 'x-store-api-key': otherShop.secret_key }))).toEqual({
        status: 200,
        limit: '3',
        remaining: '2',
      });
    });
  });

  describe('what is not counted', () => {
    it('a request the access guard refuses carries no rate-limit headers and spends nothing', async () => {
      const shop = await t.seedStore();
      // A publishable key does not admit anyone to a scoped Admin API route.
      const refused = await t.http.get('/api/v3/admin/policies-probe/ping', {
        'x-store-api-key': shop.publishable_key,
      });
      expectError(refused, 401, 'invalid_token');
      expect(rateLimitOf(refused)).toEqual({ status: 401, limit: null, remaining: null });
      // A valid key with a bad customer token: refused before the key is counted (guard order).
      const badToken = await products(shop, { authorization: 'Bearer not-a-jwt' });
      expectError(badToken, 401, 'invalid_token');
      expect(rateLimitOf(badToken)).toEqual({ status: 401, limit: null, remaining: null });
      expect(rateLimitOf(await products(shop))).toEqual({
        status: 200,
        limit: '5',
        remaining: '4',
      });
    });

    it('routes outside the v3 APIs carry no rate-limit headers', async () => {
      const health = await t.http.get('/health');
      expect(rateLimitOf(health)).toEqual({ status: 200, limit: null, remaining: null });
    });
  });
});

describe('rate limits when their Redis is unreachable', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens there any more: every connection attempt is refused.
    const deadRedis = await startTcpProxy();
    const refusedUrl = deadRedis.relay('redis://localhost:6379');
    await deadRedis.close();
    t = await startTestApp({
      env: { REDIS_URL: refusedUrl, RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1' },
    });
  });
  afterAll(() => t.close());

  it('lets requests through uncounted rather than failing them (fail open)', async () => {
    const shop = await t.seedStore();
    for (let i = 0; i < 3; i += 1) {
      const response = await t.http.get('/api/v3/store/products', {
        'x-store-api-key': shop.publishable_key,
      });
      expect(rateLimitOf(response)).toEqual({ status: 200, limit: null, remaining: null });
    }
  });
});

const withServers = process.env.REDIS_URL && process.env.DATABASE_URL ? describe : describe.skip; // two instances share a budget only on one Redis, and see the same keys only on a PostgreSQL server (the embedded one serves one connection); CI always sets both

withServers('rate limits shared by two instances on one Redis', () => {
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  const namespace = `test-shared-${Date.now()}`;

  beforeAll(async () => {
    const env = { ...BUDGETS, ...sharedSecrets(), QUEUE_PREFIX: namespace };
    a = await startTestApp({ env, extraModules: [PoliciesProbeModule] });
    b = await startTestApp({ env, extraModules: [PoliciesProbeModule] });
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await redis.quit();
  });

  it('spends one key budget across both instances, counted in Redis with a one-minute expiry', async () => {
    const shop = await a.seedStore();
    const get = (t: TestApp) =>
      t.http.get('/api/v3/store/products', { 'x-store-api-key': shop.publishable_key });
    for (const [t, remaining] of [
      [a, '4'],
      [b, '3'],
      [a, '2'],
      [b, '1'],
      [a, '0'],
    ] as const) {
      expect(rateLimitOf(await get(t))).toEqual({ status: 200, limit: '5', remaining });
    }
    expectRateLimited(await get(b), '5');
    expectRateLimited(await get(a), '5');

    const [apiKey] = (await a.dataSource.query(
      `SELECT id::text AS id FROM api_keys WHERE store_id = $1 AND key_type = 'publishable'`,
      [storeIdOf(a, shop)],
    )) as { id: string }[];
    const bucket = `${namespace}:rate-limit:key:${apiKey!.id}`;
    expect(await redis.get(bucket)).toBe('7');
    const ttl = await redis.pttl(bucket);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });

  it('spends one client IP budget across both instances', async () => {
    const shop = await a.seedStore();
    const ip = someClientIp();
    const signIn = (t: TestApp) => probe(t, SIGN_IN, shop.publishable_key, ip);
    expect(rateLimitOf(await signIn(a))).toEqual({ status: 201, limit: '2', remaining: '1' });
    expect(rateLimitOf(await signIn(b))).toEqual({ status: 201, limit: '2', remaining: '0' });
    expectRateLimited(await signIn(a), '2');
  });
});
