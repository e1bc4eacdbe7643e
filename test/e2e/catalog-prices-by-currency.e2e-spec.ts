import { ProductSchema, VariantSchema } from '@spree/sdk/zod';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { AdminCaller, startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const MISSING_PRICE = {
  id: '',
  amount: null,
  amount_in_cents: null,
  compare_at_amount: null,
  compare_at_amount_in_cents: null,
  display_amount: null,
  display_compare_at_amount: null,
  price_list_id: null,
};

/**
 * A product is listed only in the currencies its default variant has a price in, by the Store
 * API and the Storefront v2 API alike; a variant or product without a price in the currency
 * shows the client's Price with every amount null (its schema takes no `price: null`).
 */
describe('Catalog prices by currency', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let store: StoreCaller;
  /** Priced in USD only. */
  let usdOnly: Record<string, any>;
  /** Priced in USD and EUR, with a second variant priced in USD only. */
  let both: Record<string, any>;
  let usdOnlyVariant: Record<string, any>;

  const v2 = (path: string) =>
    t.http.request('GET', `/api/v2/storefront${path}`, {
      headers: { 'x-store-api-key': shop.publishable_key },
    });

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    store = new StoreCaller(t, shop);
    const created = async (path: string, json: Record<string, unknown>) => {
      const response = await admin.call('POST', path, { json });
      expect({ path, status: response.status }).toEqual({ path, status: 201 });
      return response.body;
    };
    usdOnly = await created('/products', {
      name: 'Dollar Only Tee',
      status: 'active',
      price: '10.00',
    });
    both = await created('/products', { name: 'Both Ways Tee', status: 'active', price: '12.00' });
    usdOnlyVariant = await created(`/products/${both.id}/variants`, { sku: 'BWT-2' });
    await created(`/products/${both.id}/variants/${both.default_variant_id}/prices`, {
      amount: '11.00',
      currency: 'EUR',
    });
  });
  afterAll(() => t.close());

  it('answers an admin product created without a price with a Price of null amounts', async () => {
    const response = await admin.call('POST', '/products', { json: { name: 'Unpriced Draft' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      status: 'draft',
      purchasable: false,
      price: { ...MISSING_PRICE, currency: 'USD' },
      original_price: null,
      compare_at_price: null,
    });
    expect(response.body.variants[0]).toMatchObject({
      price: { ...MISSING_PRICE, currency: 'USD' },
      purchasable: false,
      prices: [],
    });
    expect(() => ProductSchema.parse(response.body)).not.toThrow();
    expect(() => VariantSchema.parse(response.body.variants[0])).not.toThrow();
    const [stored] = await t.dataSource.query(
      `SELECT count(*)::int AS prices FROM prices pr JOIN variants v ON v.id = pr.variant_id
        JOIN products p ON p.id = v.product_id WHERE p.name = 'Unpriced Draft'`,
    );
    expect(stored).toEqual({ prices: 0 });

    const shown = await admin.call('GET', `/products/${response.body.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.price).toEqual({ ...MISSING_PRICE, currency: 'USD' });
    expect(() => ProductSchema.parse(shown.body)).not.toThrow();
  });

  it('shows a variant without a price in the currency with a Price of null amounts', async () => {
    const response = await store.call('GET', `/products/${both.id}?currency=EUR&expand=variants`);
    expect(response.status).toBe(200);
    expect(response.body.price).toMatchObject({ amount: '11.00', currency: 'EUR' });
    const variant = response.body.variants.find(
      (candidate: { id: string }) => candidate.id === usdOnlyVariant.id,
    );
    expect(variant).toMatchObject({
      price: { ...MISSING_PRICE, currency: 'EUR' },
      original_price: null,
      purchasable: false,
    });
    expect(() => ProductSchema.parse(response.body)).not.toThrow();
    expect(() => VariantSchema.parse(variant)).not.toThrow();
  });

  it('lists and shows a product in the Store API only in currencies it is priced in', async () => {
    const ids = (body: { data: { id: string }[] }) => body.data.map((product) => product.id);
    const inEur = await store.call('GET', '/products?limit=100&currency=EUR');
    expect(inEur.status).toBe(200);
    expect(ids(inEur.body)).toContain(both.id);
    expect(ids(inEur.body)).not.toContain(usdOnly.id);
    const inUsd = await store.call('GET', '/products?limit=100&currency=USD');
    expect(ids(inUsd.body)).toEqual(expect.arrayContaining([both.id, usdOnly.id]));
    expect((await store.call('GET', `/products/${usdOnly.id}?currency=EUR`)).status).toBe(404);
    expect((await store.call('GET', `/products/${usdOnly.id}?currency=USD`)).status).toBe(200);
  });

  it('lists and shows a product in Storefront v2 only in currencies it is priced in', async () => {
    const ids = (body: { data: { id: string }[] }) => body.data.map((product) => product.id);
    const inEur = await v2('/products?per_page=100&currency=EUR');
    expect(inEur.status).toBe(200);
    expect(ids(inEur.body)).toContain(both.id);
    expect(ids(inEur.body)).not.toContain(usdOnly.id);
    const narrowed = await v2(`/products?currency=eur&filter[ids]=${usdOnly.id},${both.id}`);
    expect(ids(narrowed.body)).toEqual([both.id]);
    expect(narrowed.body.meta).toMatchObject({ total_count: 1 });
    const inUsd = await v2(`/products?currency=USD&filter[ids]=${usdOnly.id},${both.id}`);
    expect(ids(inUsd.body).sort()).toEqual([both.id, usdOnly.id].sort());

    const hidden = await v2(`/products/${usdOnly.id}?currency=EUR`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.code).toBe('record_not_found');
    const shown = await v2(`/products/${usdOnly.slug}?currency=USD`);
    expect(shown.status).toBe(200);
    expect(shown.body.data.attributes).toMatchObject({ currency: 'USD', price: '10.00' });
  });
});
