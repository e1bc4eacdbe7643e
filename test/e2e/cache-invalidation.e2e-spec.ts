import { randomBytes } from 'node:crypto';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { insertApiKey } from '../helpers/staff-fixtures.js';
import { keyHeader } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { hasServers } from '../helpers/service-cluster.js';

/**
 * Two instances of the service on one database and one Redis (as two replicas behind a load
 * balancer): a change made through one shows at once through the other, whose caches were warm.
 * Skipped without PostgreSQL and Redis servers: embedded instances share neither.
 */
(hasServers ? describe : describe.skip)('Cache invalidation across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let shop: DemoCredentials;

  beforeAll(async () => {
    // Replicas of one deployment share their secrets and their Redis namespace.
    const env = {
      QUEUE_PREFIX: `test-shared-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    a = await startTestApp({ env });
    b = await startTestApp({ env });
    shop = await a.seedStore();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('runs on Redis, not in-process', () => {
    expect(a.config.REDIS_URL).toBeDefined();
    expect(b.config.QUEUE_PREFIX).toBe(a.config.QUEUE_PREFIX);
  });

  it('refuses a key revoked through one instance at once on the other, which had it cached', async () => {
    const key = await insertApiKey(a, shop.store_id, { scopes: ['read_orders'] });
    expect((await b.http.get('/api/v3/admin/orders', keyHeader(key.token))).status).toBe(200);

    const revoked = await a.http.request('PATCH', `/api/v3/admin/api_keys/${key.id}/revoke`, {
      headers: keyHeader(shop.secret_key),
    });
    expect(revoked.status).toBe(200);

    expectError(
      await b.http.get('/api/v3/admin/orders', keyHeader(key.token)),
      401,
      'invalid_token',
    );
  });

  it('shows a payment method changed through one instance at once on a cart served by the other', async () => {
    const cart = new CartClient(b, shop);
    await cart.create();
    const before = await cart.call('GET', `/carts/${cart.id}/payment_methods`);
    expect(before.status).toBe(200);
    const check = before.body.data.find((method: { type: string }) => method.type === 'check');
    expect(check).toBeDefined();

    const renamed = await a.http.request('PATCH', `/api/v3/admin/payment_methods/${check.id}`, {
      headers: keyHeader(shop.secret_key),
      json: { name: 'Cheque by post' },
    });
    expect(renamed.status).toBe(200);
    const afterRename = await cart.call('GET', `/carts/${cart.id}/payment_methods`);
    expect(
      afterRename.body.data.find((method: { id: string }) => method.id === check.id).name,
    ).toBe('Cheque by post');

    const deactivated = await a.http.request('PATCH', `/api/v3/admin/payment_methods/${check.id}`, {
      headers: keyHeader(shop.secret_key),
      json: { active: false },
    });
    expect(deactivated.status).toBe(200);
    const afterDeactivation = await cart.call('GET', `/carts/${cart.id}/payment_methods`);
    expect(afterDeactivation.body.data.map((method: { id: string }) => method.id)).not.toContain(
      check.id,
    );
  });
});
