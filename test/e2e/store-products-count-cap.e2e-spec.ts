import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const BULK = 120;

/**
 * The Store API's product list counts its products no further than a hundred past the page
 * (`meta.count_capped` then), so that a page costs the same on any catalog; below that the
 * count is exact.
 */
describe('Store product list count', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let listed: number;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    const [{ id: storeId }] = await t.dataSource.query(
      `SELECT store_id::text AS id FROM api_keys WHERE token_prefix = $1`,
      [shop.publishable_key.slice(0, 11)],
    );
    // A catalog past the cap, written in SQL: priced, active products of one variant each.
    await t.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO products (store_id, name, slug, status, created_at, updated_at)
         SELECT $1, 'Bulk Tee ' || g, 'bulk-tee-' || g, 'active',
                now() - g * interval '1 minute', now()
         FROM generate_series(1, $2::int) g`,
        [storeId, BULK],
      );
      await manager.query(
        `INSERT INTO variants (store_id, product_id, sku, position)
         SELECT $1, p.id, 'BULK-' || p.id, 0 FROM products p
         WHERE p.store_id = $1 AND p.slug LIKE 'bulk-tee-%'`,
        [storeId],
      );
      await manager.query(
        `INSERT INTO prices (store_id, variant_id, currency, amount)
         SELECT v.store_id, v.id, 'USD', 5 FROM variants v WHERE v.store_id = $1 AND v.sku LIKE 'BULK-%'`,
        [storeId],
      );
    });
    [{ listed }] = await t.dataSource.query(
      `SELECT count(*)::int AS listed FROM products p WHERE p.store_id = $1 AND p.status = 'active'
         AND p.deleted_at IS NULL AND (p.available_on IS NULL OR p.available_on <= now())
         AND EXISTS (SELECT 1 FROM variants v JOIN prices pr ON pr.variant_id = v.id
                     WHERE v.product_id = p.id AND pr.currency = 'USD')`,
      [storeId],
    );
    expect(listed).toBeGreaterThan(BULK);
  });
  afterAll(() => t.close());

  it('stops counting a hundred products past the first page and says so', async () => {
    const response = await store.call('GET', '/products?limit=5');
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(5);
    expect(response.body.meta).toEqual({
      page: 1,
      limit: 5,
      count: 105,
      count_capped: true,
      pages: 21,
      from: 1,
      to: 5,
      in: 5,
      previous: null,
      next: 2,
    });
  });

  it('counts from a later page on', async () => {
    const response = await store.call('GET', '/products?limit=5&page=3');
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({
      page: 3,
      count: 115,
      count_capped: true,
      from: 11,
      to: 15,
      previous: 2,
      next: 4,
    });
  });

  it('counts exactly when the list ends within a hundred past the page', async () => {
    const response = await store.call('GET', '/products?limit=50&page=2');
    expect(response.status).toBe(200);
    expect(response.body.meta).toEqual({
      page: 2,
      limit: 50,
      count: listed,
      pages: Math.ceil(listed / 50),
      from: 51,
      to: 100,
      in: 50,
      previous: 1,
      next: 3,
    });
    const filtered = await store.call('GET', '/products?limit=5&q[name_cont]=Bulk Tee 11');
    // Bulk Tee 11 and 110 to 119.
    expect(filtered.body.meta).toMatchObject({ count: 11, pages: 3 });
    expect(filtered.body.meta).not.toHaveProperty('count_capped');
  });

  it('gives Storefront v2 the same capped count', async () => {
    const response = await t.http.request('GET', '/api/v2/storefront/products?per_page=5', {
      headers: { 'x-store-api-key': shop.publishable_key },
    });
    expect(response.status).toBe(200);
    expect(response.body.meta).toMatchObject({ count: 5, total_count: 105, total_pages: 21 });
  });
});
