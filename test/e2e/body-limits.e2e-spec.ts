import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { CartRecords } from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** `count` copies of a JSON value in a JSON array, as text: bodies too large to build as objects. */
const jsonList = (count: number, item: string) => `[${Array(count).fill(item).join(',')}]`;

/** An object nested `levels` deep: `{ "a": { "a": … {} } }`. */
function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < levels; level++) value = { a: value };
  return value;
}

const objectOfKeys = (count: number) =>
  Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));

describe('request bodies: credentials first, then capped parsing and shapes', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: Record<string, string>;
  let admin: Record<string, string>;
  let orderToken: string;
  let cartKey: string;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    store = { 'x-store-api-key': shop.publishable_key };
    admin = { 'x-store-api-key': shop.secret_key };
    const cart = await t.http.post('/api/v2/storefront/cart', {}, store);
    orderToken = cart.body.data.attributes.token;
    cartKey = new CartRecords(t).key(ID_PREFIX.cart, cart.body.data.id);
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body: string, headers: Record<string, string> = {}) =>
    t.http.request(method, path, {
      raw: body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  /** The v2 cart's stored addresses and metadata, to show a refused write changed nothing. */
  const storedCart = async () => {
    const [row] = await t.dataSource.query(
      `SELECT bill_address_id, ship_address_id, email, metadata FROM orders WHERE id = $1`,
      [cartKey],
    );
    return row as Record<string, unknown>;
  };

  describe('nothing of the body is read before the caller is admitted', () => {
    const hostile = `{"order":{"bill_address_attributes":${jsonList(30_000, '{}')}}}`;

    it('answers the v2 checkout without an order token 401, not a verdict on the body', async () => {
      const response = await send('PATCH', '/api/v2/storefront/checkout', hostile, store);
      expectError(response, 401, 'authentication_required');
    });

    it('answers an order token that opens no cart 404 cart_not_found, body unread', async () => {
      const response = await send('PATCH', '/api/v2/storefront/checkout', 'not json {', {
        ...store,
        'x-store-order-token': 'no-such-cart-token',
      });
      expectError(response, 404, 'cart_not_found');
    });

    it('answers malformed JSON without credentials 401 on every API', async () => {
      for (const path of ['/api/v3/store/carts', '/api/v3/admin/products']) {
        expectError(await send('POST', path, '{"broken": '), 401, 'authentication_required');
      }
      const v2 = await send('POST', '/api/v2/storefront/cart/add_item', '{"broken": ', store);
      expectError(v2, 401, 'authentication_required');
    });

    it('answers a refused key 401 whatever the body holds', async () => {
      const response = await send('POST', '/api/v3/store/carts', '{"broken": ', {
        'x-store-api-key': 'pk_not-a-key-of-any-store',
      });
      expectError(response, 401, 'invalid_token');
    });

    it('answers a key over its rate limit 429 before reading the body', async () => {
      const limited = await startTestApp({ env: { RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '2' } });
      try {
        const own = await limited.seedStore();
        const headers = { 'x-store-api-key': own.publishable_key };
        for (let i = 0; i < 2; i++) {
          expect((await limited.http.get('/api/v3/store/products?limit=1', headers)).status).toBe(
            200,
          );
        }
        const response = await limited.http.request('POST', '/api/v3/store/carts', {
          raw: '{"broken": ',
          headers: { ...headers, 'content-type': 'application/json' },
        });
        expectError(response, 429, 'rate_limit_exceeded');
      } finally {
        await limited.close();
      }
    });
  });

  describe('a list where the contract has one object', () => {
    it('refuses the v2 checkout address as a list, naming the field, and stores nothing', async () => {
      const before = await storedCart();
      const response = await send(
        'PATCH',
        '/api/v2/storefront/checkout',
        `{"order":{"email":"list@example.com","bill_address_attributes":${jsonList(900, '{}')}}}`,
        { ...store, 'x-store-order-token': orderToken },
      );
      const details = expectError(response, 422, 'validation_error');
      expect(Object.keys(details ?? {})).toEqual(['order.bill_address_attributes']);
      expect(await storedCart()).toEqual(before);
    });

    it('refuses the admin order ship_address and v3 metadata as lists', async () => {
      const orders = await t.http.get('/api/v3/admin/orders?limit=1', admin);
      const order = orders.body.data[0];
      const response = await send(
        'PATCH',
        `/api/v3/admin/orders/${order?.id ?? 'or_unknown'}`,
        `{"ship_address":${jsonList(900, '{}')}}`,
        admin,
      );
      expect(Object.keys(expectError(response, 422, 'validation_error') ?? {})).toEqual([
        'ship_address',
      ]);
      const cart = await send('POST', '/api/v3/store/carts', '{"metadata":[1,2,3]}', store);
      expect(Object.keys(expectError(cart, 422, 'validation_error') ?? {})).toEqual(['metadata']);
    });

    it('names the other bad fields of the body along with the refused list', async () => {
      const response = await send(
        'POST',
        '/api/v3/store/carts',
        `{"items":${jsonList(500, '{}')},"currency":"not a currency","metadata":[1]}`,
        store,
      );
      const details = expectError(response, 422, 'validation_error');
      expect(Object.keys(details ?? {}).sort()).toEqual(['currency', 'items', 'metadata']);
      expect(details?.items).toEqual(['items must contain no more than 100 elements']);
    });
  });

  describe('caps checked while the body is read', () => {
    const carts = async (json: unknown) =>
      send('POST', '/api/v3/store/carts', JSON.stringify(json), store);

    const refusedField = async (json: unknown) => {
      const response = await carts(json);
      return Object.keys(expectError(response, 422, 'validation_error') ?? {});
    };

    it('caps the items of a request at the route’s limit without looking at them', async () => {
      const over = await send(
        'POST',
        '/api/v3/store/carts',
        `{"items":${jsonList(101, '{}')}}`,
        store,
      );
      const details = expectError(over, 422, 'validation_error');
      expect(details).toEqual({ items: ['items must contain no more than 100 elements'] });
    });

    it('caps any array at 1,000 items and any object at 1,000 keys', async () => {
      expect(await refusedField({ anything: Array(1_001).fill(0) })).toEqual(['anything']);
      expect(await refusedField({ anything: objectOfKeys(1_001) })).toEqual(['anything']);
    });

    it('caps metadata at 50 keys per object, 5 levels and keys of 100 characters', async () => {
      expect(await refusedField({ metadata: objectOfKeys(51) })).toEqual(['metadata']);
      expect(await refusedField({ metadata: { deep: nestedObject(5) } })).toEqual([
        'metadata.deep.a.a.a.a',
      ]);
      expect(await refusedField({ metadata: { ['k'.repeat(101)]: 1 } })).toEqual(['metadata']);
    });

    it('takes metadata at the caps and stores it', async () => {
      const metadata = { ...objectOfKeys(49), deep: nestedObject(4) };
      const response = await carts({ metadata });
      expect(response.status).toBe(201);
      const [row] = await t.dataSource.query('SELECT metadata FROM orders WHERE id = $1', [
        new CartRecords(t).key(ID_PREFIX.cart, response.body.id),
      ]);
      expect(row.metadata).toEqual(metadata);
    });

    it('caps strings at 10,000 characters, naming the field', async () => {
      const response = await carts({ email: 'a'.repeat(10_001) });
      expect(expectError(response, 422, 'validation_error')).toEqual({
        email: ['email must be at most 10000 characters'],
      });
    });

    it('refuses a body nested deeper than 32 levels with 400 invalid_request', async () => {
      expectError(await carts({ deep: nestedObject(33) }), 400, 'invalid_request');
    });

    it('answers every cap in the envelope, never a 5xx, for a body at the size limit', async () => {
      const shapes = [
        `{"items":${jsonList(25_000, '{}')}}`,
        `{"metadata":${jsonList(25_000, '[]')}}`,
        `{"email":"${'x'.repeat(100_000)}"}`,
        `{"a":${'['.repeat(40_000)}${']'.repeat(40_000)}}`,
      ];
      for (const body of shapes) {
        const response = await send('POST', '/api/v3/store/carts', body, store);
        expect([400, 413, 422]).toContain(response.status);
        expect(Object.keys(response.body)).toEqual(['error']);
      }
    });
  });
});
