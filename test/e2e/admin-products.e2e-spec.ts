import { ProductSchema, VariantSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import {
  type AdminCaller,
  issueSecretKey,
  staffToken,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import {
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 8)}`;

describe('Admin API: products', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storefront: StoreCaller;
  let storeKey: string;
  let events: StoredEvents;
  let categoryIds: Record<string, string>;
  /** Well-formed ids that name nothing. */
  let unknownProduct: string;
  let unknownCategory: string;

  beforeAll(async () => {
    ({ t, shop, admin, otherAdmin, storeKey, events } = await startAdminShops());
    storefront = new StoreCaller(t, shop);
    const codec = new PublicIdCodec(t.config.ID_ALPHABET);
    unknownProduct = codec.encode(ID_PREFIX.product, 2 ** 40);
    unknownCategory = codec.encode(ID_PREFIX.category, 2 ** 40);
    const categories = await storefront.call('GET', '/categories?limit=100');
    expect(categories.status).toBe(200);
    categoryIds = Object.fromEntries(
      categories.body.data.map((category: { permalink: string; id: string }) => [
        category.permalink,
        category.id,
      ]),
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const storedProduct = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT name, slug, status, description, tags, metadata, tax_category, deleted_at,
         available_on, discontinue_on,
         ARRAY(SELECT category_id::text FROM product_categories WHERE product_id = p.id ORDER BY product_categories.category_id) AS categories
       FROM products p WHERE id = $1`,
      [keyOf(t, ID_PREFIX.product, id)],
    );
    return row;
  };
  const storedVariants = async (productId: string) =>
    t.dataSource.query(
      `SELECT v.id::text AS id, v.sku, v.deleted_at,
         (SELECT json_object_agg(currency, amount::text) FROM prices WHERE variant_id = v.id) AS prices,
         (SELECT count(*)::int FROM stock_items WHERE variant_id = v.id) AS stock_items
       FROM variants v WHERE v.product_id = $1 ORDER BY v.position, v.id`,
      [keyOf(t, ID_PREFIX.product, productId)],
    );
  const create = async (fields: Record<string, unknown> = {}, caller = admin) => {
    const response = await caller.call('POST', '/products', {
      json: { name: unique('Product'), price: '10.00', ...fields },
    });
    expect({ status: response.status, body: response.body }).toMatchObject({ status: 201 });
    return response.body;
  };
  const storeProduct = (idOrSlug: string) => storefront.call('GET', `/products/${idOrSlug}`);

  describe('create', () => {
    it('creates a draft product with its default variant, price, categories and stock items, publishing product.created', async () => {
      await t.dataSource.query(
        `INSERT INTO tax_categories (store_id, name, code) VALUES ($1, 'Clothing', 'clothing')`,
        [storeKey],
      );
      const response = await admin.call('POST', '/products', {
        json: {
          name: '  Linen Summer Shirt ',
          description: 'Breathable linen.',
          price: '49.90',
          compare_at_price: 59,
          sku: 'LINEN-SHIRT-1',
          tags: ['summer', ' linen ', 'Summer'],
          category_ids: [categoryIds['categories/apparel/shirts']],
          tax_category: 'clothing',
          metadata: { supplier: 'acme' },
          meta_title: 'Linen shirt',
        },
      });
      expect(response.status).toBe(201);
      const product = response.body;
      expect(() => ProductSchema.parse(product)).not.toThrow();
      expect(() => VariantSchema.parse(product.variants[0])).not.toThrow();
      expect(product).toMatchObject({
        id: expect.stringMatching(/^prod_/),
        name: 'Linen Summer Shirt',
        slug: 'linen-summer-shirt',
        status: 'draft',
        available: false,
        sku: 'LINEN-SHIRT-1',
        tags: ['summer', 'linen'],
        tax_category: 'clothing',
        metadata: { supplier: 'acme' },
        category_ids: [categoryIds['categories/apparel/shirts']],
        deleted_at: null,
        discontinue_on: null,
        meta_title: 'Linen shirt',
        variant_count: 1,
        price: { amount: '49.90', currency: 'USD', compare_at_amount: '59.00' },
      });
      expect(product.default_variant_id).toBe(product.variants[0].id);
      expect(product.variants[0].prices).toEqual([
        expect.objectContaining({ amount: '49.90', currency: 'USD', id: product.price.id }),
      ]);

      expect(await storedProduct(product.id)).toMatchObject({
        name: 'Linen Summer Shirt',
        slug: 'linen-summer-shirt',
        status: 'draft',
        tags: ['summer', 'linen'],
        metadata: { supplier: 'acme' },
        tax_category: 'clothing',
        deleted_at: null,
        categories: [keyOf(t, ID_PREFIX.category, categoryIds['categories/apparel/shirts'])],
      });
      const [variant] = await storedVariants(product.id);
      expect(variant).toMatchObject({ sku: 'LINEN-SHIRT-1', prices: { USD: '49.9000' } });
      expect(variant.stock_items).toBeGreaterThan(0);

      const [created] = await events.named('product.created', product.id);
      expect(created.payload).toEqual(product);
      expect(await events.named('variant.created', product.default_variant_id)).toHaveLength(1);
      expect(await events.named('price.created', product.price.id)).toHaveLength(1);
      const stockEvents: { count: number }[] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM events WHERE name = 'stock_item.created' AND payload->>'variant_id' = $1`,
        [product.default_variant_id],
      );
      expect(stockEvents[0].count).toBe(variant.stock_items);

      // Drafts are not on sale: the Store API does not show them.
      expectError(await storeProduct(product.id), 404, 'record_not_found');
      expectError(await storeProduct('linen-summer-shirt'), 404, 'record_not_found');
    });

    it('makes a free slug from the name and refuses a slug or SKU already taken (422 validation_error)', async () => {
      const name = unique('Twin Mug');
      const first = await create({ name });
      const second = await create({ name });
      expect(second.slug).toBe(`${first.slug}-2`);
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: { name: 'Another', slug: first.slug, price: 5 },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ slug: ['has already been taken'] });
      const [demo] = await demoVariants(t, shop);
      const demoSku: string = (
        await admin.call('GET', `/products/${demo.productId}`)
      ).body.variants.find((variant: { id: string }) => variant.id === demo.id).sku;
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: { name: 'Copycat', sku: demoSku.toLowerCase(), price: 5 },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ sku: ['has already been taken'] });
      // Another store may use the same slug and SKU.
      const elsewhere = await create(
        { name: 'Copycat', slug: first.slug, sku: demoSku },
        otherAdmin,
      );
      expect(elsewhere.slug).toBe(first.slug);
      expect(
        await t.dataSource.query('SELECT 1 FROM products WHERE name = $1', ['Another']),
      ).toEqual([]);
    });

    it('refuses bad input with 422 validation_error naming each field', async () => {
      expect(
        expectError(await admin.call('POST', '/products', { json: {} }), 422, 'validation_error'),
      ).toEqual({ name: ['name is required'] });
      const details = expectError(
        await admin.call('POST', '/products', {
          json: {
            name: 'Bad',
            status: 'live',
            price: '-1',
            tags: 'x',
            slug: 'Not A Slug',
            metadata: [1],
            available_on: 'tomorrow',
            tax_category: 'luxury',
          },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(
        ['available_on', 'metadata', 'price', 'slug', 'status', 'tags'].sort(),
      );
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: { name: 'Taxed', price: 5, tax_category: 'luxury' },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ tax_category: ['luxury is not a tax category code of the store'] });
      expect((await create({ name: unique('Default tax') })).tax_category).toBe('default');
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: { name: 'Yen', price: 5, currency: 'JPY' },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ currency: [expect.stringContaining('USD, EUR')] });
      expect(
        expectError(
          await admin.call('POST', '/products', { json: { name: 'Cents', price: '1.999' } }),
          422,
          'validation_error',
        ),
      ).toEqual({ price: [expect.stringContaining('at most 2 decimal places')] });
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: {
              name: 'Window',
              price: 1,
              available_on: '2030-01-02T00:00:00Z',
              discontinue_on: '2030-01-01T00:00:00Z',
            },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ discontinue_on: ['must be after available_on'] });
      expect(
        expectError(
          await admin.call('POST', '/products', {
            json: { name: 'Lost', price: 1, category_ids: [unknownCategory] },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ category_ids: [`${unknownCategory} does not exist`] });
      expect(
        await t.dataSource.query(
          `SELECT 1 FROM products WHERE name IN ('Bad', 'Yen', 'Cents', 'Window', 'Lost', 'Taxed')`,
        ),
      ).toEqual([]);
    });
  });

  describe('show, update and the Store API', () => {
    it('shows a product and changes it; status decides what the Store API shows at once', async () => {
      const product = await create({ name: unique('Trail Bottle'), price: '12.00' });
      const shown = await admin.call('GET', `/products/${product.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(product);

      const response = await admin.call('PATCH', `/products/${product.id}`, {
        json: {
          status: 'active',
          name: 'Trail Bottle Pro',
          price: '14.50',
          compare_at_price: null,
          tags: ['outdoor'],
          category_ids: [categoryIds['categories/outdoor']],
          metadata: { batch: 7 },
          discontinue_on: '2099-01-01T00:00:00Z',
        },
      });
      expect(response.status).toBe(200);
      expect(() => ProductSchema.parse(response.body)).not.toThrow();
      expect(response.body).toMatchObject({
        id: product.id,
        name: 'Trail Bottle Pro',
        slug: product.slug,
        status: 'active',
        available: true,
        tags: ['outdoor'],
        metadata: { batch: 7 },
        category_ids: [categoryIds['categories/outdoor']],
        discontinue_on: '2099-01-01T00:00:00.000Z',
        price: { id: product.price.id, amount: '14.50' },
      });
      expect(await storedProduct(product.id)).toMatchObject({
        status: 'active',
        name: 'Trail Bottle Pro',
        metadata: { batch: 7 },
      });
      const [updated] = await events.named('product.updated', product.id);
      expect(updated.payload).toEqual(response.body);
      const [priceUpdated] = await events.named('price.updated', product.price.id);
      expect(priceUpdated.payload).toMatchObject({ amount: '14.50', currency: 'USD' });
      expect(await events.named('variant.updated', product.default_variant_id)).toHaveLength(1);

      const onSale = await storeProduct(product.slug);
      expect(onSale.status).toBe(200);
      expect(onSale.body).toMatchObject({ name: 'Trail Bottle Pro', price: { amount: '14.50' } });

      expect(
        (await admin.call('PATCH', `/products/${product.id}`, { json: { status: 'archived' } }))
          .status,
      ).toBe(200);
      expectError(await storeProduct(product.slug), 404, 'record_not_found');

      // Discontinued products leave the Store API too.
      await admin.call('PATCH', `/products/${product.id}`, {
        json: { status: 'active', discontinue_on: '2000-01-01T00:00:00Z' },
      });
      expectError(await storeProduct(product.slug), 404, 'record_not_found');
      expect((await admin.call('GET', `/products/${product.id}`)).body.available).toBe(false);
    });

    it('refuses a slug another product has, and changes the default variant’s SKU', async () => {
      const first = await create();
      const second = await create();
      expect(
        expectError(
          await admin.call('PATCH', `/products/${second.id}`, { json: { slug: first.slug } }),
          422,
          'validation_error',
        ),
      ).toEqual({ slug: ['has already been taken'] });
      const renamed = await admin.call('PATCH', `/products/${second.id}`, {
        json: { slug: 'renamed-product-slug', sku: 'RENAMED-1' },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({ slug: 'renamed-product-slug', sku: 'RENAMED-1' });
      expect((await storedVariants(second.id))[0].sku).toBe('RENAMED-1');
      expect(
        expectError(
          await admin.call('PATCH', `/products/${first.id}`, { json: { sku: 'renamed-1' } }),
          422,
          'validation_error',
        ),
      ).toEqual({ sku: ['has already been taken'] });
      expect(
        expectError(
          await admin.call('PATCH', `/products/${first.id}`, { json: { status: null } }),
          422,
          'validation_error',
        ),
      ).toHaveProperty('status');
    });
  });

  describe('delete', () => {
    it('deletes softly: hidden everywhere, placed orders intact, slug and SKU free again', async () => {
      const product = await create({ status: 'active', sku: 'SOFT-DELETE-1', price: '20.00' });
      const variantId = product.default_variant_id;
      const untracked = await admin.call('PATCH', `/products/${product.id}/variants/${variantId}`, {
        json: { track_inventory: false },
      });
      expect(untracked.status).toBe(200);
      const order = await placeOrder(new CartClient(t, shop), {
        lines: [{ variantId, quantity: 1 }],
      });
      const cart = new CartClient(t, shop);
      await cart.create();

      const response = await admin.call('DELETE', `/products/${product.id}`);
      expect(response.status).toBe(204);
      expect((await storedProduct(product.id)).deleted_at).not.toBeNull();
      expect((await storedVariants(product.id))[0].deleted_at).not.toBeNull();
      const [deleted] = await events.named('product.deleted', product.id);
      expect(deleted.payload).toMatchObject({
        id: product.id,
        deleted_at: expect.any(String),
        variants: [expect.objectContaining({ id: variantId })],
      });
      expect(await events.named('variant.deleted', variantId)).toHaveLength(1);

      expectError(await admin.call('GET', `/products/${product.id}`), 404, 'record_not_found');
      expectError(await admin.call('DELETE', `/products/${product.id}`), 404, 'record_not_found');
      expectError(await storeProduct(product.slug), 404, 'record_not_found');
      const listed = await admin.call('GET', `/products?sku=SOFT-DELETE-1`);
      expect(listed.body.data).toEqual([]);
      expectError(await cart.addItem(variantId, 1), 404, 'variant_not_found');

      // The placed order still shows what it sold.
      const placed = await admin.call('GET', `/orders/${order.id}`);
      expect(placed.status).toBe(200);
      expect(placed.body.items ?? placed.body.line_items).toEqual([
        expect.objectContaining({ variant_id: variantId }),
      ]);

      const again = await create({ slug: product.slug, sku: 'SOFT-DELETE-1' });
      expect(again.slug).toBe(product.slug);
    });
  });

  describe('access', () => {
    it('answers another store’s products with 404 on every route', async () => {
      const theirs = await create({}, otherAdmin);
      expectError(await admin.call('GET', `/products/${theirs.id}`), 404, 'record_not_found');
      expectError(
        await admin.call('PATCH', `/products/${theirs.id}`, { json: { name: 'Mine' } }),
        404,
        'record_not_found',
      );
      expectError(await admin.call('DELETE', `/products/${theirs.id}`), 404, 'record_not_found');
      expect(
        expectError(
          await admin.call('POST', '/products/bulk_status', {
            json: { ids: [theirs.id], status: 'active' },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ ids: [`${theirs.id} does not exist`] });
      expect((await storedProduct(theirs.id)).name).toBe(theirs.name);
      expect((await storedProduct(theirs.id)).status).toBe('draft');
      const list = await admin.call('GET', `/products?name=${encodeURIComponent(theirs.name)}`);
      expect(list.body.data).toEqual([]);
    });

    it('needs read_products to read and write_products to write, for keys and staff alike', async () => {
      const product = await create();
      await expectScopeRefusals(
        admin,
        [
          { method: 'GET', path: '/products' },
          { method: 'GET', path: `/products/${product.id}` },
        ],
        'read_products',
        ['read_orders'],
      );
      const readOnly = await issueSecretKey(t, shop, ['read_products']);
      expect(
        (
          await admin.call('GET', `/products/${product.id}`, {
            headers: { 'x-store-api-key': readOnly },
          })
        ).status,
      ).toBe(200);
      await expectScopeRefusals(
        admin,
        [
          { method: 'POST', path: '/products', json: { name: 'Nope', price: 1 } },
          { method: 'PATCH', path: `/products/${product.id}`, json: { name: 'Nope' } },
          { method: 'DELETE', path: `/products/${product.id}` },
          {
            method: 'POST',
            path: '/products/bulk_add_tags',
            json: { ids: [product.id], tags: ['x'] },
          },
        ],
        'write_products',
        ['read_products'],
      );
      const writer = await staffToken(t, shop, ['write_products']);
      const made = await admin.call('POST', '/products', {
        json: { name: unique('Staff made'), price: 1 },
        headers: { authorization: `Bearer ${writer}` },
      });
      expect(made.status).toBe(201);
      expect(await t.dataSource.query(`SELECT 1 FROM products WHERE name = 'Nope'`)).toEqual([]);
      expect((await storedProduct(product.id)).deleted_at).toBeNull();
    });
  });

  describe('list', () => {
    const names = (response: { body: { data: { name: string }[] } }) =>
      response.body.data.map((product) => product.name);

    it('filters by name, SKU, status, tag, category and update time, sorts and paginates', async () => {
      const label = Math.random().toString(36).slice(2, 8);
      const alpha = await create({
        name: `Alpha ${label}`,
        sku: `ALPHA-${label}`,
        tags: [`tag-${label}`],
        status: 'active',
        category_ids: [categoryIds['categories/home-desk']],
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const between = new Date().toISOString();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const beta = await create({ name: `Beta ${label}`, status: 'archived' });
      const gamma = await create({ name: `Gamma ${label}`, tags: [`tag-${label}`] });

      const byName = await admin.call('GET', `/products?name=${label}&sort=name`);
      expect(byName.status).toBe(200);
      expect(names(byName)).toEqual([alpha.name, beta.name, gamma.name]);
      for (const product of byName.body.data)
        expect(() => ProductSchema.parse(product)).not.toThrow();
      expect(names(await admin.call('GET', `/products?q[name_cont]=${label}&sort=-name`))).toEqual([
        gamma.name,
        beta.name,
        alpha.name,
      ]);
      expect(names(await admin.call('GET', `/products?sku=alpha-${label}`))).toEqual([alpha.name]);
      expect(names(await admin.call('GET', `/products?q[sku_eq]=ALPHA-${label}`))).toEqual([
        alpha.name,
      ]);
      expect(names(await admin.call('GET', `/products?name=${label}&status=archived`))).toEqual([
        beta.name,
      ]);
      expect(
        names(await admin.call('GET', `/products?q[name_cont]=${label}&q[status_eq]=draft`)),
      ).toEqual([gamma.name]);
      expect(names(await admin.call('GET', `/products?tag=tag-${label}&sort=created_at`))).toEqual([
        alpha.name,
        gamma.name,
      ]);
      expect(
        names(
          await admin.call(
            'GET',
            `/products?name=${label}&category_id=${categoryIds['categories/home-desk']}`,
          ),
        ),
      ).toEqual([alpha.name]);
      expect(
        names(
          await admin.call(
            'GET',
            `/products?name=${label}&updated_after=${encodeURIComponent(between)}&sort=updated_at`,
          ),
        ),
      ).toEqual([beta.name, gamma.name]);
      expect(
        names(
          await admin.call(
            'GET',
            `/products?name=${label}&q[updated_at_lt]=${encodeURIComponent(between)}`,
          ),
        ),
      ).toEqual([alpha.name]);

      const page = await admin.call('GET', `/products?name=${label}&sort=name&limit=2&page=2`);
      expect(names(page)).toEqual([gamma.name]);
      expect(page.body.meta).toMatchObject({ page: 2, limit: 2, count: 3, pages: 2 });

      // The whole catalog: demo products too, newest first by default.
      const all = await admin.call('GET', '/products?limit=100');
      expect(all.body.meta.count).toBeGreaterThan(20);
      expect(all.body.data[0].id).toBe(
        (await admin.call('GET', '/products?sort=-created_at&limit=1')).body.data[0].id,
      );

      expectError(await admin.call('GET', '/products?q[price_gt]=1'), 400, 'parameter_invalid');
      expectError(await admin.call('GET', '/products?sort=price'), 400, 'parameter_invalid');
      expectError(await admin.call('GET', '/products?status=live'), 400, 'parameter_invalid');
      expectError(await admin.call('GET', '/products?q[status_eq]=live'), 400, 'parameter_invalid');
      expectError(await admin.call('GET', '/products?category_id=nope'), 400, 'parameter_invalid');
      expectError(await admin.call('GET', '/products?limit=101'), 400, 'parameter_invalid');
    });
    it('counts a long list only so far past the page, and says so', async () => {
      const label = `many${Math.random().toString(36).slice(2, 8)}`;
      // 1,050 products: more than a page and the thousand rows counted past it.
      await t.dataSource.query(
        `INSERT INTO products (store_id, name, slug)
         SELECT $1, $2 || ' ' || lpad(n::text, 4, '0'), $2 || '-' || n
         FROM generate_series(1, 1050) AS n`,
        [storeKey, label],
      );
      const first = await admin.call('GET', `/products?name=${label}&sort=name&limit=10`);
      expect(first.status).toBe(200);
      expect(names(first)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${label} ${String(i + 1).padStart(4, '0')}`),
      );
      expect(first.body.meta).toMatchObject({
        page: 1,
        limit: 10,
        count: 1010,
        count_capped: true,
        next: 2,
      });
      // Near the end the whole list is within reach: counted exactly.
      const last = await admin.call('GET', `/products?name=${label}&sort=name&limit=10&page=105`);
      expect(names(last)).toEqual(
        Array.from({ length: 10 }, (_, i) => `${label} ${String(i + 1041).padStart(4, '0')}`),
      );
      expect(last.body.meta).toMatchObject({ page: 105, count: 1050, pages: 105, next: null });
      expect(last.body.meta).not.toHaveProperty('count_capped');
      const past = await admin.call('GET', `/products?name=${label}&limit=10&page=200`);
      expect(past.body).toMatchObject({ data: [], meta: { count: 1050, page: 200 } });
    });
  });

  describe('bulk actions', () => {
    it('sets the status of many products in one go, publishing product.updated for each changed one', async () => {
      const [one, two] = [await create(), await create({ status: 'active' })];
      const response = await admin.call('POST', '/products/bulk_status', {
        json: { ids: [one.id, two.id], status: 'active' },
      });
      expect(response.status).toBe(200);
      expect(response.body.data.map((product: { status: string }) => product.status)).toEqual([
        'active',
        'active',
      ]);
      expect((await storedProduct(one.id)).status).toBe('active');
      expect(await events.named('product.updated', one.id)).toHaveLength(1);
      expect(await events.named('product.updated', two.id)).toHaveLength(0);
      expect((await storeProduct(one.id)).status).toBe(200);

      // All or none: one unknown id and nothing changes.
      expect(
        expectError(
          await admin.call('POST', '/products/bulk_status', {
            json: { ids: [one.id, unknownProduct], status: 'archived' },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ ids: [`${unknownProduct} does not exist`] });
      expect((await storedProduct(one.id)).status).toBe('active');
      expect(
        Object.keys(
          expectError(
            await admin.call('POST', '/products/bulk_status', { json: { ids: [], status: 'on' } }),
            422,
            'validation_error',
          )!,
        ).sort(),
      ).toEqual(['ids', 'status']);
    });

    it('adds and removes tags on many products', async () => {
      const one = await create({ tags: ['keep'] });
      const two = await create();
      const added = await admin.call('POST', '/products/bulk_add_tags', {
        json: { ids: [one.id, two.id], tags: ['sale', 'keep'] },
      });
      expect(added.status).toBe(200);
      expect((await storedProduct(one.id)).tags).toEqual(['keep', 'sale']);
      expect((await storedProduct(two.id)).tags).toEqual(['sale', 'keep']);
      const [event] = await events.named('product.updated', two.id);
      expect(event.payload.tags).toEqual(['sale', 'keep']);

      const removed = await admin.call('POST', '/products/bulk_remove_tags', {
        json: { ids: [one.id, two.id], tags: ['SALE'] },
      });
      expect(removed.status).toBe(200);
      expect(removed.body.data.map((product: { tags: string[] }) => product.tags)).toEqual([
        ['keep'],
        ['keep'],
      ]);
      expect((await storedProduct(one.id)).tags).toEqual(['keep']);
      expect(await events.named('product.updated', one.id)).toHaveLength(2);
      expectError(
        await admin.call('POST', '/products/bulk_add_tags', { json: { ids: [one.id] } }),
        422,
        'validation_error',
      );
    });

    it('places many products in categories and takes them out', async () => {
      const one = await create();
      const two = await create({ category_ids: [categoryIds['categories/digital']] });
      const digital = categoryIds['categories/digital'];
      const outdoor = categoryIds['categories/outdoor'];
      const placed = await admin.call('POST', '/products/bulk_add_categories', {
        json: { ids: [one.id, two.id], category_ids: [digital, outdoor] },
      });
      expect(placed.status).toBe(200);
      const keys = [digital, outdoor]
        .map((id) => keyOf(t, ID_PREFIX.category, id))
        .sort((a, b) => Number(a) - Number(b));
      expect((await storedProduct(one.id)).categories).toEqual(keys);
      expect((await storedProduct(two.id)).categories).toEqual(keys);
      expect(await events.named('product.updated', one.id)).toHaveLength(1);

      const taken = await admin.call('POST', '/products/bulk_remove_categories', {
        json: { ids: [one.id, two.id], category_ids: [digital] },
      });
      expect(taken.status).toBe(200);
      expect(taken.body.data[0].category_ids).toEqual([outdoor]);
      expect((await storedProduct(two.id)).categories).toEqual([
        keyOf(t, ID_PREFIX.category, outdoor),
      ]);
      expect(
        expectError(
          await admin.call('POST', '/products/bulk_add_categories', {
            json: { ids: [one.id], category_ids: [unknownCategory] },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ category_ids: [`${unknownCategory} does not exist`] });
    });
  });
});
