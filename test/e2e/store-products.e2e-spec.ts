import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { expectError } from '../helpers/error-envelope.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

describe('Store API: products', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let otherShop: DemoCredentials;
  const key = () => ({ 'x-store-api-key': shop.publishable_key });

  beforeAll(async () => {
    t = await startTestApp();
    shop = await t.seedStore();
    otherShop = await t.seedStore();
  });
  afterAll(() => t.close());

  describe('credentials', () => {
    it('refuses a request without a key: 401 authentication_required', async () => {
      expectError(await t.http.get('/api/v3/store/products'), 401, 'authentication_required');
    });

    it('refuses an unknown key: 401 invalid_token', async () => {
      expectError(
        await t.http.get('/api/v3/store/products', {
          'x-store-api-key': 'pk_doesnotexist000000000000000000000000',
        }),
        401,
        'invalid_token',
      );
      expectError(
        await t.http.get('/api/v3/store/products', { 'x-store-api-key': 'garbage' }),
        401,
        'invalid_token',
      );
    });

    it('refuses a secret key on the Store API: 401 invalid_token', async () => {
      expectError(
        await t.http.get('/api/v3/store/products', { 'x-store-api-key': shop.secret_key }),
        401,
        'invalid_token',
      );
    });

    it('refuses a revoked key', async () => {
      const fresh = await t.seedStore();
      await t.dataSource.query(
        `UPDATE api_keys SET revoked_at = now() WHERE store_id = (SELECT store_id FROM api_keys WHERE token_prefix = $1)`,
        [fresh.publishable_key.slice(0, 11)],
      );
      expectError(
        await t.http.get('/api/v3/store/products', { 'x-store-api-key': fresh.publishable_key }),
        401,
        'invalid_token',
      );
    });
  });

  describe('GET /api/v3/store/products', () => {
    it('lists the store’s products with pagination meta', async () => {
      const response = await t.http.get('/api/v3/store/products?limit=5&page=2', key());
      expect(response.status).toBe(200);
      expect(response.body.meta).toEqual({
        page: 2,
        limit: 5,
        count: 24,
        pages: 5,
        from: 6,
        to: 10,
        in: 5,
        previous: 1,
        next: 3,
      });
      expect(response.body.data).toHaveLength(5);
      const product = response.body.data[0];
      expect(product.id).toMatch(/^prod_[A-Za-z0-9]{10,}$/);
      expect(product.default_variant_id).toMatch(/^variant_/);
      expect(product.price).toEqual({
        id: expect.stringMatching(/^price_/),
        amount: expect.stringMatching(/^\d+\.\d{2}$/),
        amount_in_cents: expect.any(Number),
        compare_at_amount: null,
        compare_at_amount_in_cents: null,
        currency: 'USD',
        display_amount: expect.stringMatching(/^\$\d/),
        display_compare_at_amount: null,
        price_list_id: null,
      });
      expect(product.price.amount_in_cents).toBe(Number(product.price.amount.replace('.', '')));
      expect(product.variants).toBeUndefined();
    });

    it('defaults to 25 per page and refuses more than 100', async () => {
      const response = await t.http.get('/api/v3/store/products', key());
      expect(response.body.meta).toEqual({
        page: 1,
        limit: 25,
        count: 24,
        pages: 1,
        from: 1,
        to: 24,
        in: 24,
        previous: null,
        next: null,
      });
      const details = expectError(
        await t.http.get('/api/v3/store/products?limit=101', key()),
        400,
        'parameter_invalid',
      );
      expect(Object.keys(details!)).toEqual(['limit']);
    });

    it('answers a page past the end with an empty list', async () => {
      const response = await t.http.get('/api/v3/store/products?page=9', key());
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        data: [],
        meta: {
          page: 9,
          limit: 25,
          count: 24,
          pages: 1,
          from: 0,
          to: 0,
          in: 0,
          previous: 1,
          next: null,
        },
      });
    });

    it.each([
      ['page=abc', 'page'],
      ['page=0', 'page'],
      ['limit=-3', 'limit'],
      ['sort=popularity', 'sort'],
      ['sort=name,price', 'sort'],
      ['fields=name,secret', 'fields'],
      ['expand=orders', 'expand'],
      ['currency=usd', 'currency'],
    ])('refuses %s with 400 parameter_invalid naming the parameter', async (query, field) => {
      const details = expectError(
        await t.http.get(`/api/v3/store/products?${query}`, key()),
        400,
        'parameter_invalid',
      );
      expect(Object.keys(details!)).toEqual([field]);
    });

    it('refuses a currency the store does not sell in', async () => {
      const details = expectError(
        await t.http.get('/api/v3/store/products?currency=JPY', key()),
        400,
        'parameter_invalid',
      );
      expect(details).toEqual({ currency: [expect.stringContaining('JPY')] });
    });

    it('sorts by name both ways', async () => {
      const ascending = await t.http.get('/api/v3/store/products?sort=name&limit=100', key());
      const names = ascending.body.data.map((product: { name: string }) => product.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const descending = await t.http.get('/api/v3/store/products?sort=-name&limit=100', key());
      expect(descending.body.data.map((product: { name: string }) => product.name)).toEqual(
        [...names].reverse(),
      );
    });

    it('sorts by price by each product’s default variant, in the same order page by page', async () => {
      const fresh = await t.seedStore();
      const list = async (query: string) =>
        (
          await t.http.get(`/api/v3/store/products?${query}`, {
            'x-store-api-key': fresh.publishable_key,
          })
        ).body as { data: { id: string; name: string }[]; meta: { next: number | null } };
      const ids = (body: { data: { id: string }[] }) => body.data.map((product) => product.id);
      // A product with two live variants: the second one made the cheapest of the store.
      const [product]: { name: string; first: string; second: string }[] = await t.dataSource.query(
        `SELECT p.name, (array_agg(v.id ORDER BY v.position, v.id))[1]::text AS first,
                  (array_agg(v.id ORDER BY v.position, v.id))[2]::text AS second
             FROM products p
             JOIN variants v ON v.product_id = p.id AND v.deleted_at IS NULL
             JOIN api_keys k ON k.store_id = p.store_id AND k.token_prefix = $1
            GROUP BY p.id HAVING count(*) >= 2 ORDER BY p.id LIMIT 1`,
        [fresh.publishable_key.slice(0, 11)],
      );
      await t.dataSource.query('UPDATE prices SET amount = 0.01 WHERE variant_id = $1', [
        product.second,
      ]);

      const cheapest = await list('sort=price&limit=100');
      const amounts = (cheapest.data as unknown as { price: { amount: string } }[]).map((shown) =>
        Number(shown.price.amount),
      );
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(cheapest.data[0].name).not.toBe(product.name);
      const paged: string[] = [];
      for (let page = 1; page <= 20; page++) {
        const body = await list(`sort=price&limit=5&page=${page}`);
        paged.push(...ids(body));
        if (body.meta.next === null) break;
      }
      expect(paged).toEqual(ids(cheapest));
      expect(ids(await list('sort=-price&limit=100'))).toEqual(ids(cheapest).reverse());

      // With its first variant deleted, the cheap one is the product's default.
      await t.dataSource.query('UPDATE variants SET deleted_at = now() WHERE id = $1', [
        product.first,
      ]);
      expect((await list('sort=price&limit=1')).data.map((shown) => shown.name)).toEqual([
        product.name,
      ]);
    });

    it('sorts newest first by default', async () => {
      const response = await t.http.get('/api/v3/store/products?limit=100', key());
      const created = response.body.data.map(
        (product: { created_at: string }) => product.created_at,
      );
      expect(created).toEqual([...created].sort().reverse());
    });

    it('filters by part of the name, case-insensitively, treating LIKE wildcards literally', async () => {
      const response = await t.http.get('/api/v3/store/products?name=SHIRT', key());
      expect(response.body.data.map((product: { name: string }) => product.name).sort()).toEqual([
        'Classic Cotton T-Shirt',
        'Linen Shirt',
      ]);
      expect(response.body.meta.count).toBe(2);
      const wildcard = await t.http.get('/api/v3/store/products?name=%25', key());
      expect(wildcard.body.data).toEqual([]);
      expect(wildcard.body.meta).toMatchObject({ count: 0, pages: 0, from: 0, to: 0, in: 0 });
    });

    it('expands variants with their prices and stock on request', async () => {
      const response = await t.http.get(
        '/api/v3/store/products?name=hoodie&expand=variants',
        key(),
      );
      const [hoodie] = response.body.data;
      expect(
        hoodie.variants.map((variant: { options_text: string }) => variant.options_text),
      ).toEqual(['Size: S', 'Size: M', 'Size: L', 'Size: XL']);
      expect(hoodie.variants[0]).toMatchObject({
        id: hoodie.default_variant_id,
        product_id: hoodie.id,
        in_stock: true,
        purchasable: true,
        track_inventory: true,
        price: { amount: '54.00', currency: 'USD', display_amount: '$54.00' },
      });
    });

    it('shows prices in another supported currency', async () => {
      const response = await t.http.get('/api/v3/store/products?name=hoodie&currency=EUR', key());
      expect(response.body.data[0].price).toMatchObject({
        amount: '49.68',
        amount_in_cents: 4968,
        currency: 'EUR',
        display_amount: '€49.68',
      });
      const byHeader = await t.http.get('/api/v3/store/products?name=hoodie', {
        ...key(),
        'x-store-currency': 'eur',
      });
      expect(byHeader.body.data[0].price).toMatchObject({ amount: '49.68', currency: 'EUR' });
      const bothWays = await t.http.get('/api/v3/store/products?name=hoodie&currency=USD', {
        ...key(),
        'x-store-currency': 'EUR',
      });
      expect(bothWays.body.data[0].price).toMatchObject({ amount: '54.00', currency: 'USD' });
    });

    it('never lists another store’s products nor drafts', async () => {
      const [{ id }] = await t.dataSource.query(
        `SELECT p.id FROM products p JOIN api_keys k ON k.store_id = p.store_id
         WHERE k.token_prefix = $1 AND p.slug = 'desk-lamp'`,
        [shop.publishable_key.slice(0, 11)],
      );
      await t.dataSource.query(`UPDATE products SET status = 'draft' WHERE id = $1`, [id]);
      const mine = await t.http.get('/api/v3/store/products?limit=100', key());
      const theirs = await t.http.get('/api/v3/store/products?limit=100', {
        'x-store-api-key': otherShop.publishable_key,
      });
      expect(mine.body.meta.count).toBe(23);
      expect(theirs.body.meta.count).toBe(24);
      const mineIds = new Set(mine.body.data.map((product: { id: string }) => product.id));
      expect(theirs.body.data.some((product: { id: string }) => mineIds.has(product.id))).toBe(
        false,
      );
      await t.dataSource.query(`UPDATE products SET status = 'active' WHERE id = $1`, [id]);
    });
  });

  describe('GET /api/v3/store/products/:id_or_slug', () => {
    let product: { id: string; slug: string; name: string };

    beforeAll(async () => {
      const response = await t.http.get('/api/v3/store/products?name=denim', key());
      product = response.body.data[0];
    });

    it('shows a product by prefixed id', async () => {
      const response = await t.http.get(`/api/v3/store/products/${product.id}`, key());
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: product.id,
        name: 'Denim Jacket',
        slug: 'denim-jacket',
      });
      expect(response.body.variants).toBeUndefined();
    });

    it('shows a product by slug, with variants when expanded', async () => {
      const response = await t.http.get(
        `/api/v3/store/products/${product.slug}?expand=variants`,
        key(),
      );
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(product.id);
      expect(response.body.variants).toHaveLength(4);
    });

    it('answers 404 record_not_found for a product of another store', async () => {
      const response = await t.http.get(`/api/v3/store/products/${product.id}`, {
        'x-store-api-key': otherShop.publishable_key,
      });
      expectError(response, 404, 'record_not_found');
      expect(response.text).not.toContain('Denim');
    });

    it.each([
      ['a missing id', 'prod_AAAAAAAAAAAAAA'],
      ['a wrong prefix', 'variant_QzpHWoeckM'],
      ['an unknown slug', 'no-such-product'],
      ['a malformed id', 'prod_!!'],
    ])('answers 404 record_not_found for %s', async (_, id) => {
      expectError(
        await t.http.get(`/api/v3/store/products/${encodeURIComponent(id)}`, key()),
        404,
        'record_not_found',
      );
    });
  });
});
