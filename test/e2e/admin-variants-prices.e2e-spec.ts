import { PriceSchema, ProductSchema, VariantSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CartClient, SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import { type AdminCaller, Ids, StoreCaller } from '../helpers/customers-fixtures.js';
import {
  expectCrossStore404,
  expectScopeRefusals,
  startAdminShops,
  type StoredEvents,
} from '../helpers/admin-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

const unique = (label: string) => `${label}-${Math.random().toString(36).slice(2, 8)}`;

describe('Admin API: variants and prices', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let other: DemoCredentials;
  let admin: AdminCaller;
  let otherAdmin: AdminCaller;
  let storefront: StoreCaller;
  let storeKey: string;
  let events: StoredEvents;
  let codec: PublicIdCodec;
  /** Option values of the shop by `type:value` name, e.g. `size:m`. */
  let optionValues: Record<string, string>;
  let otherOptionValue: string;

  beforeAll(async () => {
    ({ t, shop, other, admin, otherAdmin, storeKey, events } = await startAdminShops());
    storefront = new StoreCaller(t, shop);
    codec = new PublicIdCodec(t.config.ID_ALPHABET);
    const valuesOf = async (storeId: string) =>
      Object.fromEntries(
        (
          await t.dataSource.query(
            `SELECT lower(ot.name) || ':' || lower(ov.name) AS name, ov.id::text AS id
             FROM option_values ov JOIN option_types ot ON ot.id = ov.option_type_id
             WHERE ov.store_id = $1`,
            [storeId],
          )
        ).map((row: { name: string; id: string }) => [
          row.name,
          codec.encode(ID_PREFIX.optionValue, row.id),
        ]),
      );
    optionValues = await valuesOf(storeKey);
    otherOptionValue = Object.values(await valuesOf(new Ids(t).store(other)))[0] as string;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const storedVariant = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT v.sku, v.options_text, v.weight::text AS weight, v.depth::text AS depth,
         v.track_inventory, v.position, v.deleted_at,
         ARRAY(SELECT option_value_id::text FROM variant_option_values WHERE variant_id = v.id ORDER BY 1) AS option_values,
         (SELECT json_object_agg(currency, amount::text) FROM prices WHERE variant_id = v.id) AS prices,
         ARRAY(SELECT backorderable FROM stock_items WHERE variant_id = v.id) AS backorderable
       FROM variants v WHERE v.id = $1`,
      [keyOf(t, ID_PREFIX.variant, id)],
    );
    return row;
  };
  const storedPrice = async (id: string) => {
    const [row] = await t.dataSource.query(
      `SELECT currency, amount::text AS amount, compare_at_amount::text AS compare_at_amount
       FROM prices WHERE id = $1`,
      [keyOf(t, ID_PREFIX.price, id)],
    );
    return row;
  };
  /** A new active product (default variant priced in USD) of `caller`'s store. */
  const product = async (caller = admin, fields: Record<string, unknown> = {}) => {
    const response = await caller.call('POST', '/products', {
      json: { name: unique('Variant test'), price: '30.00', status: 'active', ...fields },
    });
    expect(response.status).toBe(201);
    return response.body;
  };
  const variantsPath = (productId: string) => `/products/${productId}/variants`;
  const pricesPath = (productId: string, variantId: string) =>
    `/products/${productId}/variants/${variantId}/prices`;

  describe('variants', () => {
    it('lists a product’s variants in the client’s shape, the default first', async () => {
      const shirt = (await admin.call('GET', '/products?q[name_cont]=Classic Cotton')).body.data[0];
      const response = await admin.call('GET', `${variantsPath(shirt.id)}?limit=2`);
      expect(response.status).toBe(200);
      expect(response.body.meta).toMatchObject({ page: 1, limit: 2, count: 4, pages: 2 });
      expect(response.body.data).toHaveLength(2);
      for (const variant of response.body.data) {
        expect(() => VariantSchema.parse(variant)).not.toThrow();
        expect(variant.prices.map((price: { currency: string }) => price.currency)).toEqual([
          'EUR',
          'USD',
        ]);
        for (const price of variant.prices) expect(() => PriceSchema.parse(price)).not.toThrow();
      }
      expect(response.body.data[0].id).toBe(shirt.default_variant_id);
      const one = await admin.call('GET', `${variantsPath(shirt.id)}/${shirt.default_variant_id}`);
      expect(one.body).toEqual(response.body.data[0]);
    });

    it('adds a variant with option values, price, measures and stock flags, publishing variant.created', async () => {
      const shirt = await product();
      const sku = unique('TEE-M').toUpperCase();
      const response = await admin.call('POST', variantsPath(shirt.id), {
        json: {
          sku,
          option_value_ids: [optionValues['color:blue'], optionValues['size:m']],
          price: '32.50',
          compare_at_price: '40',
          weight: 180.5,
          depth: 2,
          track_inventory: true,
          backorderable: true,
        },
      });
      expect(response.status).toBe(201);
      const variant = response.body;
      expect(() => VariantSchema.parse(variant)).not.toThrow();
      expect(variant).toMatchObject({
        id: expect.stringMatching(/^variant_/),
        product_id: shirt.id,
        sku,
        options_text: 'Size: M, Color: Blue',
        weight: 180.5,
        depth: 2,
        height: null,
        track_inventory: true,
        backorderable: true,
        purchasable: true,
        position: 1,
        price: { amount: '32.50', compare_at_amount: '40.00', currency: 'USD' },
        option_values: [
          expect.objectContaining({ id: optionValues['size:m'] }),
          expect.objectContaining({ id: optionValues['color:blue'] }),
        ],
      });
      expect(await storedVariant(variant.id)).toMatchObject({
        sku,
        options_text: 'Size: M, Color: Blue',
        weight: '180.500',
        depth: '2.000',
        track_inventory: true,
        option_values: [optionValues['size:m'], optionValues['color:blue']]
          .map((id) => keyOf(t, ID_PREFIX.optionValue, id))
          .sort(),
        prices: { USD: '32.5000' },
        backorderable: [true],
      });
      const [created] = await events.named('variant.created', variant.id);
      expect(created.payload).toEqual(variant);
      expect(await events.named('price.created', variant.price.id)).toHaveLength(1);

      // The Store API shows it at once.
      const shown = await storefront.call('GET', `/products/${shirt.slug}?expand=variants`);
      expect(shown.body.variants.map((row: { id: string }) => row.id)).toContain(variant.id);
      expect(() => ProductSchema.parse(shown.body)).not.toThrow();
    });

    it('takes the default variant’s prices when none is sent', async () => {
      const mug = await product();
      const eur = await admin.call('POST', pricesPath(mug.id, mug.default_variant_id), {
        json: { amount: '27.00', currency: 'EUR' },
      });
      expect(eur.status).toBe(201);
      const response = await admin.call('POST', variantsPath(mug.id), { json: {} });
      expect(response.status).toBe(201);
      expect(response.body.sku).toBe('');
      expect((await storedVariant(response.body.id)).prices).toEqual({
        USD: '30.0000',
        EUR: '27.0000',
      });
      const euro = await admin.call('POST', variantsPath(mug.id), {
        json: { price: '25', currency: 'eur' },
      });
      expect((await storedVariant(euro.body.id)).prices).toEqual({
        USD: '30.0000',
        EUR: '25.0000',
      });
    });

    it('refuses a SKU in use, two values of one option type and unknown values', async () => {
      const first = await product();
      const second = await product();
      const sku = unique('DUP').toUpperCase();
      expect((await admin.call('POST', variantsPath(first.id), { json: { sku } })).status).toBe(
        201,
      );
      expect(
        expectError(
          await admin.call('POST', variantsPath(second.id), { json: { sku: sku.toLowerCase() } }),
          422,
          'validation_error',
        ),
      ).toEqual({ sku: ['has already been taken'] });
      expect(
        expectError(
          await admin.call('PATCH', `${variantsPath(second.id)}/${second.default_variant_id}`, {
            json: { sku },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ sku: ['has already been taken'] });
      expect(
        expectError(
          await admin.call('POST', variantsPath(second.id), {
            json: { option_value_ids: [optionValues['size:m'], optionValues['size:l']] },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ option_value_ids: ['may hold at most one value of each option type'] });
      expect(
        expectError(
          await admin.call('POST', variantsPath(second.id), {
            json: { option_value_ids: [otherOptionValue] },
          }),
          404,
          'record_not_found',
        ),
      ).toEqual({ option_value_ids: [`${otherOptionValue} does not exist`] });
      const details = expectError(
        await admin.call('POST', variantsPath(second.id), {
          json: { weight: -1, price: 'cheap', track_inventory: 'yes', position: 1.5 },
        }),
        422,
        'validation_error',
      );
      expect(Object.keys(details!).sort()).toEqual(
        ['position', 'price', 'track_inventory', 'weight'].sort(),
      );
      expect(
        expectError(
          await admin.call('POST', variantsPath(second.id), {
            json: { price: 1, currency: 'GBP' },
          }),
          422,
          'validation_error',
        ),
      ).toEqual({ currency: [expect.stringContaining('USD, EUR')] });
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM variants WHERE product_id = $1',
        [keyOf(t, ID_PREFIX.product, second.id)],
      );
      expect(count).toBe(1);
    });

    it('changes a variant and its price, publishing variant.updated and price.updated', async () => {
      const lamp = await product();
      const variantId = lamp.default_variant_id;
      const response = await admin.call('PATCH', `${variantsPath(lamp.id)}/${variantId}`, {
        json: {
          price: '35.00',
          weight: null,
          height: 12.25,
          track_inventory: false,
          backorderable: true,
          option_value_ids: [optionValues['color:black']],
        },
      });
      expect(response.status).toBe(200);
      expect(() => VariantSchema.parse(response.body)).not.toThrow();
      expect(response.body).toMatchObject({
        price: { amount: '35.00', id: lamp.price.id },
        weight: null,
        height: 12.25,
        track_inventory: false,
        options_text: 'Color: Black',
        purchasable: true,
      });
      expect(await storedVariant(variantId)).toMatchObject({
        prices: { USD: '35.0000' },
        weight: null,
        track_inventory: false,
        backorderable: [true],
      });
      const [updated] = await events.named('variant.updated', variantId);
      expect(updated.payload).toEqual(response.body);
      const [priceUpdated] = await events.named('price.updated', lamp.price.id);
      expect(priceUpdated.payload).toMatchObject({ amount: '35.00', variant_id: variantId });
      const stockUpdates = await t.dataSource.query(
        `SELECT 1 FROM events WHERE name = 'stock_item.updated' AND payload->>'variant_id' = $1`,
        [variantId],
      );
      expect(stockUpdates.length).toBeGreaterThan(0);
      const store = await storefront.call('GET', `/products/${lamp.id}`);
      expect(store.body.price.amount).toBe('35.00');
    });

    it('deletes a variant softly (no longer sold, SKU free) but never a product’s last one', async () => {
      const kit = await product(admin, { sku: unique('KIT').toUpperCase() });
      const sku = unique('KIT-B').toUpperCase();
      const extra = (await admin.call('POST', variantsPath(kit.id), { json: { sku } })).body;
      const cart = new CartClient(t, shop);
      await cart.create();

      const before = await storefront.call('GET', `/products?q[search]=${sku}`);
      expect(before.body.data.map((row: { id: string }) => row.id)).toEqual([kit.id]);
      const response = await admin.call('DELETE', `${variantsPath(kit.id)}/${extra.id}`);
      expect(response.status).toBe(204);
      expect((await storedVariant(extra.id)).deleted_at).not.toBeNull();
      const [deleted] = await events.named('variant.deleted', extra.id);
      expect(deleted.payload).toMatchObject({ id: extra.id, sku });
      expectError(
        await admin.call('GET', `${variantsPath(kit.id)}/${extra.id}`),
        404,
        'record_not_found',
      );
      expect(
        (await admin.call('GET', variantsPath(kit.id))).body.data.map((v: { id: string }) => v.id),
      ).toEqual([kit.default_variant_id]);
      const store = await storefront.call('GET', `/products/${kit.id}?expand=variants`);
      expect(store.body.variants.map((v: { id: string }) => v.id)).toEqual([
        kit.default_variant_id,
      ]);
      expectError(await cart.addItem(extra.id, 1), 404, 'variant_not_found');
      const searched = await storefront.call('GET', `/products?q[search]=${sku}`);
      expect(searched.body.data).toEqual([]);
      expect((await admin.call('POST', variantsPath(kit.id), { json: { sku } })).status).toBe(201);

      const lone = await product();
      expect(
        expectError(
          await admin.call('DELETE', `${variantsPath(lone.id)}/${lone.default_variant_id}`),
          422,
          'resource_invalid',
        ),
      ).toHaveProperty('base');
      expect((await storedVariant(lone.default_variant_id)).deleted_at).toBeNull();
    });

    it('answers variants of another product or store with 404 and needs the product scopes', async () => {
      const mine = await product();
      const sibling = await product();
      const theirs = await product(otherAdmin);
      await expectCrossStore404(admin, [
        { method: 'GET', path: `${variantsPath(sibling.id)}/${mine.default_variant_id}` },
        { method: 'GET', path: variantsPath(theirs.id) },
        { method: 'POST', path: variantsPath(theirs.id), json: { sku: 'X' } },
        {
          method: 'PATCH',
          path: `${variantsPath(theirs.id)}/${theirs.default_variant_id}`,
          json: { weight: 1 },
        },
        { method: 'DELETE', path: `${variantsPath(mine.id)}/${theirs.default_variant_id}` },
      ]);

      await expectScopeRefusals(
        admin,
        [
          { method: 'POST', path: variantsPath(mine.id), json: {} },
          { method: 'DELETE', path: `${variantsPath(mine.id)}/${mine.default_variant_id}` },
        ],
        'write_products',
        ['read_products'],
      );
      await expectScopeRefusals(
        admin,
        { method: 'GET', path: variantsPath(mine.id) },
        'read_products',
        ['read_orders'],
      );
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM variants WHERE product_id = $1',
        [keyOf(t, ID_PREFIX.product, mine.id)],
      );
      expect(count).toBe(1);
    });
  });

  describe('prices', () => {
    it('prices a variant in another currency of the store, one price per currency', async () => {
      const bag = await product();
      const path = pricesPath(bag.id, bag.default_variant_id);
      const response = await admin.call('POST', path, {
        json: { amount: 28.5, currency: 'EUR', compare_at_amount: '31.00' },
      });
      expect(response.status).toBe(201);
      const price = response.body;
      expect(() => PriceSchema.parse(price)).not.toThrow();
      expect(price).toMatchObject({
        id: expect.stringMatching(/^price_/),
        amount: '28.50',
        amount_in_cents: 2850,
        compare_at_amount: '31.00',
        currency: 'EUR',
        display_amount: expect.stringContaining('28.50'),
        variant_id: bag.default_variant_id,
      });
      expect(await storedPrice(price.id)).toEqual({
        currency: 'EUR',
        amount: '28.5000',
        compare_at_amount: '31.0000',
      });
      const [created] = await events.named('price.created', price.id);
      expect(created.payload).toEqual(price);

      const list = await admin.call('GET', path);
      expect(list.status).toBe(200);
      expect(list.body.data.map((row: { currency: string }) => row.currency)).toEqual([
        'EUR',
        'USD',
      ]);
      expect((await admin.call('GET', `${path}/${price.id}`)).body).toEqual(price);
      const inEuros = await storefront.call('GET', `/products/${bag.id}?currency=EUR`);
      expect(inEuros.body.price).toMatchObject({ amount: '28.50', compare_at_amount: '31.00' });

      expect(
        expectError(
          await admin.call('POST', path, { json: { amount: 1, currency: 'EUR' } }),
          422,
          'validation_error',
        ),
      ).toEqual({ currency: ['the variant already has a price in EUR'] });
      expect(
        expectError(
          await admin.call('POST', path, { json: { amount: 1, currency: 'GBP' } }),
          422,
          'validation_error',
        ),
      ).toEqual({ currency: [expect.stringContaining('USD, EUR')] });
      expect(
        Object.keys(
          expectError(
            await admin.call('POST', path, { json: { currency: 'usd', compare_at_amount: 'x' } }),
            422,
            'validation_error',
          )!,
        ).sort(),
      ).toEqual(['amount', 'compare_at_amount']);
      const [{ count }] = await t.dataSource.query(
        'SELECT count(*)::int AS count FROM prices WHERE variant_id = $1',
        [keyOf(t, ID_PREFIX.variant, bag.default_variant_id)],
      );
      expect(count).toBe(2);
    });

    it('changes and deletes prices; the default currency’s price stays', async () => {
      const cap = await product();
      const path = pricesPath(cap.id, cap.default_variant_id);
      const eur = (await admin.call('POST', path, { json: { amount: '20', currency: 'EUR' } }))
        .body;
      const changed = await admin.call('PATCH', `${path}/${cap.price.id}`, {
        json: { amount: '29.99', compare_at_amount: '39.99' },
      });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ amount: '29.99', compare_at_amount: '39.99' });
      expect(await storedPrice(cap.price.id)).toMatchObject({
        amount: '29.9900',
        compare_at_amount: '39.9900',
      });
      const [updated] = await events.named('price.updated', cap.price.id);
      expect(updated.payload).toEqual(changed.body);
      expect(
        (await storefront.call('GET', `/products/${cap.id}`)).body.original_price,
      ).toMatchObject({ amount: '39.99' });
      const cleared = await admin.call('PATCH', `${path}/${cap.price.id}`, {
        json: { compare_at_amount: null },
      });
      expect(cleared.body.compare_at_amount).toBeNull();
      expectError(
        await admin.call('PATCH', `${path}/${cap.price.id}`, { json: { amount: '1.001' } }),
        422,
        'validation_error',
      );

      expect((await admin.call('DELETE', `${path}/${eur.id}`)).status).toBe(204);
      expect(await storedPrice(eur.id)).toBeUndefined();
      expect(await events.named('price.deleted', eur.id)).toHaveLength(1);
      expectError(await admin.call('GET', `${path}/${eur.id}`), 404, 'record_not_found');
      expect(
        expectError(await admin.call('DELETE', `${path}/${cap.price.id}`), 422, 'resource_invalid'),
      ).toHaveProperty('currency');
      expect(await storedPrice(cap.price.id)).toBeDefined();
    });

    it('answers prices of other variants and stores with 404 and needs the product scopes', async () => {
      const mine = await product();
      const sibling = await product();
      const theirs = await product(otherAdmin);
      const theirPrices = pricesPath(theirs.id, theirs.default_variant_id);
      await expectCrossStore404(admin, [
        {
          method: 'GET',
          path: `${pricesPath(sibling.id, sibling.default_variant_id)}/${mine.price.id}`,
        },
        { method: 'GET', path: theirPrices },
        { method: 'PATCH', path: `${theirPrices}/${theirs.price.id}`, json: { amount: 1 } },
        {
          method: 'POST',
          path: pricesPath(mine.id, theirs.default_variant_id),
          json: { amount: 1, currency: 'EUR' },
        },
      ]);
      const myPrices = pricesPath(mine.id, mine.default_variant_id);
      await expectScopeRefusals(
        admin,
        { method: 'PATCH', path: `${myPrices}/${mine.price.id}`, json: { amount: 1 } },
        'write_products',
        ['read_products'],
      );
      await expectScopeRefusals(admin, { method: 'GET', path: myPrices }, 'read_products', [
        'read_orders',
      ]);
      expect(await storedPrice(theirs.price.id)).toMatchObject({ amount: '30.0000' });
      expect(await storedPrice(mine.price.id)).toMatchObject({ amount: '30.0000' });
    });
  });
});
