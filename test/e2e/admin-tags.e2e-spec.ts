import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { createStaffUser, insertApiKey, storeKeyOf } from '../helpers/staff-fixtures.js';
import { staffLogin } from '../helpers/staff-requests.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// GET /api/v3/admin/tags: the tag names in use for one kind of record, behind that kind's scope.
describe('Admin API tags', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;

  const tagsOf = (key: string, query: string) =>
    t.http.get(`/api/v3/admin/tags?${query}`, { 'x-store-api-key': key });

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    other = await t.seedStore();
    const store = storeKeyOf(t, shop.store_id);
    await t.dataSource.query(
      `UPDATE products SET tags = '{summer,sale}' WHERE id = (SELECT min(id) FROM products WHERE store_id = $1)`,
      [store],
    );
    await t.dataSource.query(
      `INSERT INTO customers (store_id, email, tags) VALUES ($1, 'tagged@example.com', '{vip,wholesale}')`,
      [store],
    );
    await t.dataSource.query(
      `UPDATE products SET tags = '{secret-other-store}' WHERE store_id = $1`,
      [storeKeyOf(t, other.store_id)],
    );
  }, 120_000);

  afterAll(() => t.close());

  describe('GET /tags', () => {
    it("lists a kind's tag names in this store, alphabetically, filtered by q", async () => {
      const products = await tagsOf(shop.secret_key, 'taggable_type=Store::Product');
      expect(products.status).toBe(200);
      const names = products.body.data.map((tag: { name: string }) => tag.name);
      expect(names).toEqual([...names].sort());
      expect(names).toEqual(expect.arrayContaining(['sale', 'summer']));
      expect(names).not.toContain('secret-other-store');

      const filtered = await tagsOf(shop.secret_key, 'taggable_type=Store::Product&q=SUM');
      expect(filtered.body.data).toEqual([{ name: 'summer' }]);

      const customers = await tagsOf(shop.secret_key, 'taggable_type=Store::User');
      expect(customers.body.data).toEqual([{ name: 'vip' }, { name: 'wholesale' }]);
      const orders = await tagsOf(shop.secret_key, 'taggable_type=Store::Order');
      expect(orders.body.data).toEqual([]);
    });

    it('answers at most 50 names', async () => {
      const many = Array.from(
        { length: 60 },
        (_, index) => `tag-${String(index).padStart(2, '0')}`,
      );
      await t.dataSource.query(
        `UPDATE customers SET tags = $2 WHERE store_id = $1 AND email = 'tagged@example.com'`,
        [storeKeyOf(t, shop.store_id), many],
      );
      const answer = await tagsOf(shop.secret_key, 'taggable_type=Store::User');
      expect(answer.body.data).toHaveLength(50);
      expect(answer.body.data[0]).toEqual({ name: 'tag-00' });
    });

    it.each([['Spree::Product'], ['Store::Variant'], ['product'], ['']])(
      'refuses taggable_type %p with 422 invalid_taggable_type',
      async (type) => {
        const answer = await tagsOf(shop.secret_key, `taggable_type=${encodeURIComponent(type)}`);
        expectError(answer, 422, 'invalid_taggable_type');
      },
    );

    it('needs the read scope of the kind asked for, from keys and staff roles alike', async () => {
      const productsOnly = await insertApiKey(t, shop.store_id, { scopes: ['read_products'] });
      expect((await tagsOf(productsOnly.token, 'taggable_type=Store::Product')).status).toBe(200);
      const refused = await tagsOf(productsOnly.token, 'taggable_type=Store::Order');
      expect(expectError(refused, 403, 'access_denied')).toMatchObject({
        required_scope: 'read_orders',
      });
      const writer = await insertApiKey(t, shop.store_id, { scopes: ['write_customers'] });
      expect((await tagsOf(writer.token, 'taggable_type=Store::User')).status).toBe(200);

      const staff = await createStaffUser(t, shop.store_id, ['read_orders']);
      const login = await staffLogin(t, shop.publishable_key, {
        email: staff.email,
        password: staff.password,
      });
      expect(login.status).toBe(200);
      const bearer = { authorization: `Bearer ${login.body.token}` };
      const asStaff = (type: string) =>
        t.http.get(`/api/v3/admin/tags?taggable_type=${type}`, bearer);
      expect((await asStaff('Store::Order')).status).toBe(200);
      expect(expectError(await asStaff('Store::User'), 403, 'access_denied')).toMatchObject({
        required_scope: 'read_customers',
      });
    });

    it('needs an admin credential', async () => {
      expectError(
        await tagsOf(shop.publishable_key, 'taggable_type=Store::Product'),
        401,
        'invalid_token',
      );
      expectError(
        await t.http.get('/api/v3/admin/tags?taggable_type=Store::Product'),
        401,
        'authentication_required',
      );
    });
  });
});
