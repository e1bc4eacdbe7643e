import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { CartRecords } from '../helpers/checkout-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { RequestOptions } from '../helpers/http-client.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udfff';
const NUL = '\u0000';

describe('text that is not well-formed Unicode, anywhere in a request', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: Record<string, string>;
  let admin: Record<string, string>;
  /** A v2 cart's order token: the v2 checkout reads no body before the token opens a cart. */
  let orderToken: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    store = { 'x-store-api-key': shop.publishable_key };
    admin = { 'x-store-api-key': shop.secret_key };
    const cart = await t.http.post('/api/v2/storefront/cart', {}, store);
    orderToken = { 'x-store-order-token': cart.body.data.attributes.token };
  });
  afterAll(() => t.close());

  /** The store's customers (other spec files create customers of their own stores meanwhile). */
  const customerCount = async () => {
    const storeKey = new CartRecords(t).key(ID_PREFIX.store, shop.store_id);
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM customers WHERE store_id = $1',
      [storeKey],
    );
    return count as number;
  };

  /** Each case: where the bad text goes, and the field the answer must name. */
  const cases: Array<[string, string, string, RequestOptions, string]> = [
    [
      'a lone high surrogate in a store body field',
      'POST',
      '/api/v3/store/customers',
      { json: { email: `${LONE_HIGH}x@example.com`, password: 'long-enough-1' } },
      'email',
    ],
    [
      'a lone low surrogate nested in a body object',
      'POST',
      '/api/v3/store/carts',
      { json: { metadata: { note: `gift ${LONE_LOW}` } } },
      'metadata.note',
    ],
    [
      'a NUL in an admin body field',
      'POST',
      '/api/v3/admin/customers',
      { json: { email: 'nul@example.com', first_name: `Ann${NUL}` } },
      'first_name',
    ],
    [
      'a lone surrogate inside an array item',
      'POST',
      '/api/v3/admin/customers',
      { json: { email: 'tags@example.com', tags: ['vip', LONE_HIGH] } },
      'tags.1',
    ],
    [
      'a lone surrogate as a key',
      'POST',
      '/api/v3/store/carts',
      { json: { metadata: { [LONE_HIGH]: 'x' } } },
      'metadata',
    ],
    ['a NUL in a query parameter', 'GET', '/api/v3/store/products?name=a%00b', {}, 'name'],
    ['a NUL in a path parameter', 'GET', '/api/v3/store/products/prod%00x', {}, 'id_or_slug'],
    [
      'a lone surrogate in a JSON:API checkout body',
      'PATCH',
      '/api/v2/storefront/checkout',
      {
        json: { order: { email: `${LONE_HIGH}@example.com` } },
        headers: { 'x-store-order-token': 'the v2 cart' },
      },
      'order.email',
    ],
  ];

  it.each(cases)(
    '%s → 422 validation_error naming the field',
    async (_, method, path, options, field) => {
      const before = await customerCount();
      const isAdmin = path.startsWith('/api/v3/admin');
      const response = await t.http.request(method, path, {
        ...options,
        headers: {
          ...(isAdmin ? admin : store),
          ...options.headers,
          ...(options.headers?.['x-store-order-token'] ? orderToken : {}),
        },
      });
      const details = expectError(response, 422, 'validation_error');
      expect(Object.keys(details ?? {})).toEqual([field]);
      expect(await customerCount()).toBe(before);
    },
  );

  it('still takes astral characters (a well-formed surrogate pair) and other Unicode', async () => {
    const response = await t.http.request('POST', '/api/v3/admin/customers', {
      headers: admin,
      json: { email: 'astral@example.com', first_name: 'Zoë 😀', last_name: '李' },
    });
    expect(response.status).toBe(201);
    const [row] = await t.dataSource.query(
      'SELECT first_name, last_name FROM customers WHERE email = $1',
      ['astral@example.com'],
    );
    expect(row).toEqual({ first_name: 'Zoë 😀', last_name: '李' });
  });
});
