import { randomBytes } from 'node:crypto';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { ApiKeyResolverService } from '../../src/modules/auth/api-key-resolver.service.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { StoreCaller, startCustomersTestApp, staffToken } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestResponse } from '../helpers/http-client.js';
import { insertApiKey, keyOf } from '../helpers/staff-fixtures.js';
import { bearer, freshIp, keyHeader } from '../helpers/staff-requests.js';
import type { TestApp } from '../helpers/test-app.js';

const LIMIT = 3;

const unknownKey = (prefix: 'sk' | 'pk') => `${prefix}_${randomBytes(30).toString('base64url')}`;

/**
 * A storefront server sends every shopper's requests from one address: a guesser (or a broken
 * client) behind it must not lock the shoppers out. Over the failed-authentication budget, what
 * fails to verify is 429; what verifies is served, whether or not this process has it cached.
 */
describe('an address over its failed-authentication budget', () => {
  let t: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    t = await startCustomersTestApp({ RATE_LIMIT_FAILED_AUTH_PER_MINUTE: String(LIMIT) });
    shop = await t.seedStore();
  });
  afterAll(() => t.close());

  const adminOrders = (headers: Record<string, string>) =>
    t.http.request('GET', '/api/v3/admin/orders?limit=1', { headers });
  const expectTooMany = (response: TestResponse) => {
    expectError(response, 429, 'rate_limit_exceeded');
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  };
  /** A fresh address, with its budget of refusals spent: its next refusal is a 429. */
  const blockedAddress = async () => {
    const address = freshIp();
    for (let attempt = 0; attempt < LIMIT; attempt += 1)
      expectError(
        await adminOrders({ ...address, ...keyHeader(unknownKey('sk')) }),
        401,
        'invalid_token',
      );
    expectTooMany(await adminOrders({ ...address, ...keyHeader(unknownKey('sk')) }));
    return address;
  };

  it('serves a valid key this process has never looked up', async () => {
    const address = await blockedAddress();
    const fresh = await insertApiKey(t, shop.store_id, { scopes: ['read_orders'] });
    const response = await adminOrders({ ...address, ...keyHeader(fresh.token) });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(expect.any(Array));
    // The address is still blocked for what fails to verify.
    expectTooMany(await adminOrders({ ...address, ...keyHeader(unknownKey('sk')) }));
  });

  it('serves a valid key whose cached lookup this process has dropped', async () => {
    const key = await insertApiKey(t, shop.store_id, { scopes: ['read_orders'] });
    expect((await adminOrders({ ...freshIp(), ...keyHeader(key.token) })).status).toBe(200);
    await t.app.get(ApiKeyResolverService).forget(keyOf(t, ID_PREFIX.apiKey, key.id));

    const address = await blockedAddress();
    expect((await adminOrders({ ...address, ...keyHeader(key.token) })).status).toBe(200);
  });

  it('serves shoppers (publishable key and customer token) and staff tokens', async () => {
    const shopper = await new StoreCaller(t, shop).register();
    const address = await blockedAddress();

    const products = await t.http.get('/api/v3/store/products?limit=1', {
      ...address,
      ...keyHeader(shop.publishable_key),
    });
    expect(products.status).toBe(200);
    const account = await t.http.get('/api/v3/store/customers/me', {
      ...address,
      ...keyHeader(shop.publishable_key),
      ...bearer(shopper.token),
    });
    expect({ status: account.status, id: account.body.id }).toEqual({
      status: 200,
      id: shopper.id,
    });
    const staff = await adminOrders({
      ...address,
      ...bearer(await staffToken(t, shop, ['read_orders'])),
    });
    expect(staff.status).toBe(200);
  });

  it('answers 429 for every credential that fails to verify, whatever the reason', async () => {
    const address = await blockedAddress();
    const revoked = await insertApiKey(t, shop.store_id, { scopes: ['read_orders'] });
    await t.dataSource.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [
      keyOf(t, ID_PREFIX.apiKey, revoked.id),
    ]);
    const refused = [
      () => adminOrders({ ...address, ...keyHeader(unknownKey('sk')) }),
      () => adminOrders({ ...address, ...keyHeader(revoked.token) }),
      // A real key of the wrong kind for the API.
      () => adminOrders({ ...address, ...keyHeader(shop.publishable_key) }),
      () => adminOrders({ ...address, ...bearer('not.a.jwt') }),
      () => t.http.get('/api/v3/store/products', { ...address, ...keyHeader(unknownKey('pk')) }),
    ];
    for (const attempt of refused) expectTooMany(await attempt());
  });

  it('leaves other addresses alone: their refusals are still 401', async () => {
    await blockedAddress();
    expectError(
      await adminOrders({ ...freshIp(), ...keyHeader(unknownKey('sk')) }),
      401,
      'invalid_token',
    );
  });
});
