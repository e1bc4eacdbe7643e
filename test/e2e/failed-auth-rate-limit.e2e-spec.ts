import { randomBytes } from 'node:crypto';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { freshIp } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const LIMIT = 5;

/** A well-formed secret key no store issued. */
const unknownSecretKey = () => `sk_${randomBytes(30).toString('base64url')}`;

/**
 * Two instances on one Redis share the failed-authentication budget (with no Redis, counters are
 * per process, so both "instances" are the same one).
 */
describe('refused credentials are rate limited per client IP', () => {
  let first: TestApp;
  let second: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    const env = {
      RATE_LIMIT_FAILED_AUTH_PER_MINUTE: String(LIMIT),
      QUEUE_PREFIX: `failed-auth-${randomBytes(4).toString('hex')}`,
    };
    first = await startTestApp({ env });
    const sameSecrets = {
      JWT_SECRET: first.config.JWT_SECRET!,
      ENCRYPTION_KEY: first.config.ENCRYPTION_KEY!,
      ID_ALPHABET: first.config.ID_ALPHABET,
    };
    second = process.env.REDIS_URL
      ? await startTestApp({ env: { ...env, ...sameSecrets } })
      : first;
    shop = await first.seedStore();
  });
  afterAll(async () => {
    if (second !== first) await second.close();
    await first.close();
  });

  const adminProducts = (t: TestApp, headers: Record<string, string>) =>
    t.http.request('GET', '/api/v3/admin/orders', { headers });

  it('answers 429 with Retry-After once an address had too many unknown keys refused, on every instance; a valid key is still served', async () => {
    const guesser = freshIp();
    for (let attempt = 0; attempt < LIMIT; attempt += 1) {
      const instance = attempt % 2 === 0 ? first : second;
      const response = await adminProducts(instance, {
        ...guesser,
        'x-store-api-key': unknownSecretKey(),
      });
      expectError(response, 401, 'invalid_token');
    }
    for (const instance of [first, second]) {
      const refused = await adminProducts(instance, {
        ...guesser,
        'x-store-api-key': unknownSecretKey(),
      });
      expectError(refused, 429, 'rate_limit_exceeded');
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // The store's real key, never looked up by the second instance: served from this address too
    // (the budget refuses only what fails to verify)...
    const served = await adminProducts(second, { ...guesser, 'x-store-api-key': shop.secret_key });
    expect(served.status).toBe(200);
    // ...while the address's refusals stay 429.
    expectError(
      await adminProducts(second, { ...guesser, 'x-store-api-key': unknownSecretKey() }),
      429,
      'rate_limit_exceeded',
    );
  });

  it('counts bad bearer tokens and unknown publishable keys alike', async () => {
    const guesser = freshIp();
    const attempts = [
      () =>
        first.http.request('GET', '/api/v3/admin/orders', {
          headers: { ...guesser, authorization: 'Bearer not.a.jwt' },
        }),
      () =>
        second.http.request('GET', '/api/v3/store/products', {
          headers: { ...guesser, 'x-store-api-key': `pk_${randomBytes(20).toString('hex')}` },
        }),
    ];
    for (let attempt = 0; attempt < LIMIT; attempt += 1)
      expectError(await attempts[attempt % 2]!(), 401, 'invalid_token');
    expectError(await attempts[0]!(), 429, 'rate_limit_exceeded');
    expectError(await attempts[1]!(), 429, 'rate_limit_exceeded');
  });

  it('leaves an address with valid credentials alone, however many requests it sends', async () => {
    const shopper = freshIp();
    for (let request = 0; request < LIMIT * 3; request += 1) {
      const response = await second.http.request('GET', '/api/v3/store/products?limit=1', {
        headers: { ...shopper, 'x-store-api-key': shop.publishable_key },
      });
      expect(response.status).toBe(200);
    }
  });
});
