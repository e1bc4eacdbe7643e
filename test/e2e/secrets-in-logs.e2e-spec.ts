import { AdminCaller, startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import { outputDuring } from '../helpers/log-capture.js';
import type { TestApp } from '../helpers/test-app.js';
import { WebhookAdmin } from '../helpers/webhook-admin.js';

/**
 * Every kind of secret the service hands out, used the way clients use it, with the service
 * logging at debug level: none may appear in the output, whole or as its random part.
 */
describe('no credential in any log line', () => {
  let t: TestApp;

  beforeAll(async () => {
    await outputDuring(async () => {
      t = await startCustomersTestApp({ LOG_LEVEL: 'debug' });
    });
  });
  afterAll(() => t.close());

  it('API keys, staff and customer sessions, passwords, cart and order tokens, webhook secrets', async () => {
    const shop = await t.seedStore();
    const admin = new AdminCaller(t, shop);
    const store = new StoreCaller(t, shop);
    const secrets: Array<[string, string]> = [
      ['secret key', shop.secret_key],
      ['publishable key', shop.publishable_key],
      ['admin password', shop.admin.password],
    ];
    const output = await outputDuring(async () => {
      const issued = await admin.call('POST', '/api_keys', {
        json: { name: 'logs', key_type: 'secret', scopes: ['read_orders'] },
      });
      expect(issued.status).toBe(201);
      secrets.push(['issued secret key', issued.body.token]);
      expect(
        (await admin.call('GET', '/orders', { headers: { 'x-store-api-key': issued.body.token } }))
          .status,
      ).toBe(200);
      // An unknown key is refused; it is a credential all the same.
      const guessed = `sk_${'x'.repeat(40)}`;
      secrets.push(['refused key', guessed]);
      expect(
        (await admin.call('GET', '/orders', { headers: { 'x-store-api-key': guessed } })).status,
      ).toBe(401);

      const staff = await t.http.post(
        '/api/v3/admin/auth/login',
        { email: shop.admin.email, password: shop.admin.password },
        { 'x-store-api-key': shop.publishable_key },
      );
      expect(staff.status).toBe(200);
      secrets.push(['staff token', staff.body.token], ['staff refresh', staff.body.refresh_token]);

      const customer = await store.register();
      secrets.push(
        ['customer password', customer.password],
        ['customer token', customer.token],
        ['customer refresh', customer.refreshToken],
      );

      const cart = await store.call('POST', '/carts', { json: {} });
      expect(cart.status).toBe(201);
      secrets.push(['cart token', cart.body.token]);
      const cartHeaders = {
        'x-store-api-key': shop.publishable_key,
        'x-store-token': cart.body.token,
      };
      expect((await t.http.get(`/api/v3/store/carts/${cart.body.id}`, cartHeaders)).status).toBe(
        200,
      );
      const v2Cart = await t.http.get('/api/v2/storefront/cart', {
        'x-store-api-key': shop.publishable_key,
        'x-store-order-token': cart.body.token,
      });
      expect(v2Cart.status).toBe(200);

      const { secret } = await new WebhookAdmin(t, shop).create({
        url: 'http://127.0.0.1:9/hooks',
      });
      secrets.push(['webhook secret', secret]);
    });

    // The capture did see the request log of these very calls...
    expect(output).toContain('"url":"/api/v3/admin/api_keys"');
    expect(output).toContain('"url":"/api/v2/storefront/cart"');
    // ...and no secret, whole or without its prefix.
    const found = secrets.filter(
      ([, value]) => output.includes(value) || output.includes(value.replace(/^(pk|sk|rt)_/, '')),
    );
    expect(found.map(([kind]) => kind)).toEqual([]);
  });
});
