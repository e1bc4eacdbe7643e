import { RequestMethod } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { StoreCustomerAddressesController } from '../../src/modules/customers/store-addresses.controller.js';
import { IdempotencyInterceptor } from '../../src/platform/http/idempotency/idempotency.interceptor.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CARDS, demoVariants, US_ADDRESS, type DemoVariant } from '../helpers/checkout-fixtures.js';
import {
  Ids,
  MINIMAL_ADDRESS,
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
  uniqueEmail,
} from '../helpers/customers-fixtures.js';
import type { TestResponse } from '../helpers/http-client.js';
import { adminEndpoints, concretePath } from '../helpers/staff-admin-endpoints.js';
import type { TestApp } from '../helpers/test-app.js';

let keySequence = 0;
/** A fresh Idempotency-Key. */
const someKey = () => `route-${Date.now()}-${(keySequence += 1)}`;

/** Outcomes a retry runs afresh rather than replays. */
const isRetryable = (status: number) => status >= 500 || status === 409 || status === 429;

function expectReplayOf(replay: TestResponse, original: TestResponse): void {
  expect({ status: replay.status, text: replay.text }).toEqual({
    status: original.status,
    text: original.text,
  });
  expect(replay.headers.get('idempotent-replayed')).toBe('true');
  expect(original.headers.get('idempotent-replayed')).toBeNull();
}

/** Multipart upload routes: a JSON body is refused (no file part) before Idempotency-Key applies. */
const UPLOAD_ROUTES = new Set([
  'POST /api/v3/admin/products/:product_id/variants/:variant_id/digitals',
]);

/** What a replay must repeat, and whether it says it is one. */
const outcome = (
  response: TestResponse,
  replayed: string | null = response.headers.get('idempotent-replayed'),
) => ({
  status: response.status,
  text: response.text,
  replayed,
});

describe('Idempotency-Key on every v3 route group that takes writes', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let ids: Ids;
  let codec: PublicIdCodec;
  let tee: DemoVariant;
  let customer: RegisteredCustomer;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    ids = new Ids(t);
    codec = t.app.get(PublicIdCodec);
    [tee] = await demoVariants(t, shop);
    customer = await store.register();
  });
  afterAll(() => t.close());

  const storeHeaders = (extra: Record<string, string> = {}) => ({
    'x-store-api-key': shop.publishable_key,
    ...extra,
  });
  const adminHeaders = () => ({ 'x-store-api-key': shop.secret_key });
  const asCustomer = () => storeHeaders({ authorization: `Bearer ${customer.token}` });

  /**
   * Sends a write twice with one fresh Idempotency-Key: the second answers the first's status and
   * body, marked replayed. Answers the first response.
   */
  async function sentTwice(
    method: string,
    path: string,
    headers: Record<string, string>,
    json?: unknown,
  ): Promise<TestResponse> {
    const key = someKey();
    const send = () =>
      t.http.request(method, path, { headers: { ...headers, 'idempotency-key': key }, json });
    const original = await send();
    expect(isRetryable(original.status)).toBe(false);
    expectReplayOf(await send(), original);
    return original;
  }

  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const [row] = (await t.dataSource.query(sql, params)) as { count: number }[];
    return row!.count;
  };
  const ordersOfStore = () =>
    count('SELECT count(*)::int AS count FROM orders WHERE store_id = $1', [ids.store(shop)]);
  const addressesOf = (who: RegisteredCustomer) =>
    count('SELECT count(*)::int AS count FROM addresses WHERE customer_id = $1', [
      ids.customer(who.id),
    ]);
  const orderKey = (cartId: string) => codec.decode(ID_PREFIX.cart, cartId)!;

  describe('store', () => {
    it('carts, cart items, checkout and payments replay and act once', async () => {
      const before = await ordersOfStore();
      const created = await sentTwice('POST', '/api/v3/store/carts', storeHeaders(), {});
      expect(created.status).toBe(201);
      expect(await ordersOfStore()).toBe(before + 1);
      const cartId: string = created.body.id;
      const cart = (path = '') => `/api/v3/store/carts/${cartId}${path}`;
      const asOwner = storeHeaders({ 'x-store-token': created.body.token });

      const item = await sentTwice('POST', cart('/items'), asOwner, {
        variant_id: tee.id,
        quantity: 1,
      });
      expect(item.status).toBe(201);
      const lines = () =>
        t.dataSource.query('SELECT quantity FROM line_items WHERE order_id = $1', [
          orderKey(cartId),
        ]) as Promise<{ quantity: number }[]>;
      expect(await lines()).toEqual([{ quantity: 1 }]);
      const lineId: string = item.body.line_items[0].id;

      expect(
        (await sentTwice('PATCH', cart(`/items/${lineId}`), asOwner, { quantity: 3 })).status,
      ).toBe(200);
      expect(await lines()).toEqual([{ quantity: 3 }]);

      const addressed = await sentTwice('PATCH', cart(), asOwner, {
        email: uniqueEmail('retry'),
        billing_address: US_ADDRESS,
        use_shipping: true,
      });
      expect(addressed.status).toBe(200);

      const methods = await t.http.get(cart('/payment_methods'), asOwner);
      const cardMethod: string = methods.body.data.find(
        (method: { type: string }) => method.type === 'test_card',
      ).id;
      const paid = await sentTwice('POST', cart('/payments'), asOwner, {
        payment_method_id: cardMethod,
        source: CARDS.approved,
      });
      expect(paid.status).toBe(201);
      expect(
        await count('SELECT count(*)::int AS count FROM payments WHERE order_id = $1', [
          orderKey(cartId),
        ]),
      ).toBe(1);

      const completed = await sentTwice('POST', cart('/complete'), asOwner);
      expect({ status: completed.status, state: completed.body.state }).toEqual({
        status: 200,
        state: 'complete',
      });
      expect(
        await count(
          `SELECT count(*)::int AS count FROM state_changes
           WHERE order_id = $1 AND next_state = 'complete'`,
          [orderKey(cartId)],
        ),
      ).toBeLessThanOrEqual(1);
    });

    it('abandoning a cart and removing an item replay', async () => {
      const created = await t.http.post('/api/v3/store/carts', {}, storeHeaders());
      const asOwner = storeHeaders({ 'x-store-token': created.body.token });
      const cart = `/api/v3/store/carts/${created.body.id}`;
      const item = await t.http.request('POST', `${cart}/items`, {
        headers: asOwner,
        json: { variant_id: tee.id, quantity: 2 },
      });
      expect(item.status).toBe(201);
      const removed = await sentTwice(
        'DELETE',
        `${cart}/items/${item.body.line_items[0].id}`,
        asOwner,
      );
      expect(removed.status).toBe(200);
      expect((await sentTwice('DELETE', cart, asOwner)).status).toBe(204);
    });

    it('registration replays the same account and tokens, and creates it once', async () => {
      const email = uniqueEmail('retry');
      const registered = await sentTwice('POST', '/api/v3/store/customers', storeHeaders(), {
        email,
        password: 'a retried secret',
        password_confirmation: 'a retried secret',
      });
      expect(registered.status).toBe(201);
      expect(
        await count(
          'SELECT count(*)::int AS count FROM customers WHERE store_id = $1 AND email = $2',
          [ids.store(shop), email],
        ),
      ).toBe(1);
    });

    it('customers/me replays a profile change', async () => {
      const changed = await sentTwice('PATCH', '/api/v3/store/customers/me', asCustomer(), {
        first_name: 'Retried',
      });
      expect({ status: changed.status, first_name: changed.body.first_name }).toEqual({
        status: 200,
        first_name: 'Retried',
      });
    });

    it('binds the address book of customers/me to the interceptor more than once (it inherits)', () => {
      const bound = (
        Reflect.getMetadata(INTERCEPTORS_METADATA, StoreCustomerAddressesController) as unknown[]
      ).filter((interceptor) => interceptor === IdempotencyInterceptor);
      expect(bound.length).toBeGreaterThan(1);
    });

    it.each(['/api/v3/store/account/addresses', '/api/v3/store/customers/me/addresses'])(
      'the address book under %s replays and saves each address once',
      async (base) => {
        const before = await addressesOf(customer);
        const started = Date.now();
        const created = await sentTwice('POST', base, asCustomer(), MINIMAL_ADDRESS);
        expect(created.status).toBe(201);
        expect(await addressesOf(customer)).toBe(before + 1);
        const id: string = created.body.id;

        const changed = await sentTwice('PATCH', `${base}/${id}`, asCustomer(), {
          city: 'Manchester',
        });
        expect({ status: changed.status, city: changed.body.city }).toEqual({
          status: 200,
          city: 'Manchester',
        });
        expect((await sentTwice('DELETE', `${base}/${id}`, asCustomer())).status).toBe(204);
        expect(await addressesOf(customer)).toBe(before);
        // No run waits for itself: six requests well within the wait for a running duplicate.
        expect(Date.now() - started).toBeLessThan(5_000);
      },
    );
  });

  describe('admin', () => {
    it('orders replay and are created once', async () => {
      const email = uniqueEmail('retry');
      const created = await sentTwice('POST', '/api/v3/admin/orders', adminHeaders(), { email });
      expect(created.status).toBe(201);
      expect(
        await count('SELECT count(*)::int AS count FROM orders WHERE email = $1', [email]),
      ).toBe(1);
      const updated = await sentTwice(
        'PATCH',
        `/api/v3/admin/orders/${created.body.id}`,
        adminHeaders(),
        { special_instructions: 'Leave at the door' },
      );
      expect(isRetryable(updated.status)).toBe(false);
    });

    it('customers replay and are created once', async () => {
      const email = uniqueEmail('retry');
      const created = await sentTwice('POST', '/api/v3/admin/customers', adminHeaders(), {
        email,
      });
      expect(created.status).toBe(201);
      expect(
        await count(
          'SELECT count(*)::int AS count FROM customers WHERE store_id = $1 AND email = $2',
          [ids.store(shop), email],
        ),
      ).toBe(1);
      const changed = await sentTwice(
        'PATCH',
        `/api/v3/admin/customers/${created.body.id}`,
        adminHeaders(),
        { first_name: 'Retried' },
      );
      expect(changed.status).toBe(200);
    });

    it('webhook endpoints replay the same secret and are created once', async () => {
      const url = `https://hooks.example.com/${someKey()}`;
      const created = await sentTwice('POST', '/api/v3/admin/webhook_endpoints', adminHeaders(), {
        url,
        subscriptions: ['order.completed'],
      });
      expect(created.status).toBe(201);
      expect(created.body.secret).toEqual(expect.any(String));
      expect(
        await count(
          'SELECT count(*)::int AS count FROM webhook_endpoints WHERE store_id = $1 AND url = $2',
          [ids.store(shop), url],
        ),
      ).toBe(1);
      const disabled = await sentTwice(
        'PATCH',
        `/api/v3/admin/webhook_endpoints/${created.body.id}/disable`,
        adminHeaders(),
      );
      expect(disabled.status).toBe(200);
    });

    it('api keys replay the same token and are issued once', async () => {
      const name = `Retried ${someKey()}`;
      const created = await sentTwice('POST', '/api/v3/admin/api_keys', adminHeaders(), {
        name,
        key_type: 'secret',
        scopes: ['read_orders'],
      });
      expect(created.status).toBe(201);
      expect(created.body.token).toMatch(/^sk_/);
      expect(
        await count(
          'SELECT count(*)::int AS count FROM api_keys WHERE store_id = $1 AND name = $2',
          [ids.store(shop), name],
        ),
      ).toBe(1);
    });

    it('every other Admin API write replays whatever it answered', async () => {
      const writes = adminEndpoints(t.app).filter(
        (endpoint) =>
          !endpoint.session &&
          [RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]
            .map((method) => RequestMethod[method])
            .includes(endpoint.method),
      );
      expect(writes.length).toBeGreaterThan(10);
      for (const endpoint of writes) {
        const path = concretePath(endpoint.path, 'x_missing');
        const key = someKey();
        const send = () =>
          t.http.request(endpoint.method, path, {
            headers: { ...adminHeaders(), 'idempotency-key': key },
            json: {},
          });
        const original = await send();
        if (isRetryable(original.status)) continue;
        const replay = await send();
        const route = `${endpoint.method} ${endpoint.path}`;
        if (UPLOAD_ROUTES.has(route)) {
          // Refused for want of a file before the key applies: nothing ran, nothing is recorded.
          expect({ route, ...outcome(replay) }).toEqual({ route, ...outcome(original, null) });
          expect(
            await count('SELECT count(*)::int AS count FROM idempotency_records WHERE key = $1', [
              key,
            ]),
          ).toBe(0);
          continue;
        }
        expect({ route, ...outcome(replay) }).toEqual({ route, ...outcome(original, 'true') });
      }
    });
  });
});
