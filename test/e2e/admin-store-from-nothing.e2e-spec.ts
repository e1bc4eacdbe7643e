import { randomBytes } from 'node:crypto';
import {
  CategorySchema,
  DeliveryMethodSchema,
  OptionTypeSchema,
  OrderSchema,
  PaymentMethodSchema,
  ProductSchema,
  StockLocationSchema,
  VariantSchema,
} from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PublicIdCodec } from '../../src/common/ids/public-id.js';
import { createApiKeyCommand } from '../../src/modules/staff/operator/create-api-key.command.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  amountsOf,
  CARDS,
  CartClient,
  CheckoutRecords,
  SETUP_TIMEOUT_MS,
  US_ADDRESS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp, StoreCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { SmtpSink } from '../helpers/smtp-sink.js';
import { bearer, staffLogin } from '../helpers/staff-requests.js';
import type { TestApp } from '../helpers/test-app.js';
import { untilPasses } from '../helpers/until-passes.js';

/**
 * The Admin API's "done when": a store that has nothing but its row and one secret key is set up
 * through the Admin API alone (settings, zone, tax, delivery, payment, stock location, categories,
 * option type, products, variants, stock, a role and a staff user), and a shopper then buys from
 * it through the Store API with the totals, tax and shipping exactly as configured.
 * docs/admin-walkthrough.md is the same sequence with curl.
 */
describe('A store set up from nothing through the Admin API, then bought from', () => {
  let t: TestApp;
  /** The store's row, its secret key and (from step 6) its publishable key. */
  let shop: DemoCredentials;
  let storeKey: string;
  let admin: AdminCaller;
  let records: CheckoutRecords;
  let sink: SmtpSink;
  /** What the steps create, by name, for the steps after them. */
  const made: Record<string, any> = {};

  /** An Admin API call with the store's secret key; fails unless it answers `status`. */
  const send = async (method: string, path: string, json?: unknown, status = 200) => {
    const response = await admin.call(method, path, { json });
    expect({ status: response.status, body: response.body }).toMatchObject({ status });
    return response.body;
  };
  const create = (path: string, json: unknown) => send('POST', path, json, 201);
  const eventsOf = async (name: string, id: string): Promise<Record<string, any>[]> => {
    const rows: { payload: Record<string, any> }[] = await t.dataSource.query(
      `SELECT payload FROM events WHERE store_id = $1 AND name = $2 ORDER BY position`,
      [storeKey, name],
    );
    return rows.map((row) => row.payload).filter((payload) => payload.id === id);
  };
  const countOf = async (table: string): Promise<number> => {
    const [{ n }] = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE store_id = $1`,
      [storeKey],
    );
    return n;
  };

  beforeAll(async () => {
    sink = await SmtpSink.start();
    t = await startCustomersTestApp({ SMTP_URL: sink.url });
    records = new CheckoutRecords(t);
    // Nothing but the row (the database adds what every store has: its `default` tax
    // category) and one secret key, minted as the operator CLI's `api-keys create` does.
    const code = `new-${randomBytes(4).toString('hex')}`;
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO stores (name, code, default_currency, supported_currencies)
       VALUES ('Unnamed', $1, 'USD', '{USD}') RETURNING id::text AS id`,
      [code],
    );
    storeKey = id;
    const storeId = new PublicIdCodec(t.config.ID_ALPHABET).encode(ID_PREFIX.store, id);
    const secret = await createApiKeyCommand(t.dataSource, t.config, {
      storePublicId: storeId,
      keyType: 'secret',
      scopes: ['write_all'],
      name: 'Owner',
    });
    shop = {
      store_id: storeId,
      publishable_key: '',
      secret_key: secret.token,
      admin: { email: '', password: '' },
    };
    admin = new AdminCaller(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('1. starts empty: no zones, rates, methods, locations, catalog or staff', async () => {
    for (const table of [
      'zones',
      'tax_rates',
      'delivery_methods',
      'payment_methods',
      'stock_locations',
      'categories',
      'option_types',
      'products',
      'roles',
      'staff_users',
    ]) {
      expect({ table, count: await countOf(table) }).toEqual({ table, count: 0 });
    }
    const taxCategories = await send('GET', '/tax_categories');
    expect(taxCategories.data).toEqual([
      expect.objectContaining({ name: 'default', code: 'default', is_default: true }),
    ]);
  });

  it('2. names the store and sets its currencies, mail addresses and default country', async () => {
    const store = await send('PATCH', '/store', {
      name: 'Harbor Goods',
      // Its host belongs to one store of the database: each run takes its own.
      url: `https://harbor-goods-${randomBytes(4).toString('hex')}.example.com`,
      supported_currencies: ['USD', 'EUR'],
      default_currency: 'USD',
      mail_from_address: 'orders@harbor-goods.example.com',
      staff_notification_address: 'staff@harbor-goods.example.com',
      customer_support_email: 'help@harbor-goods.example.com',
      default_country_iso: 'US',
    });
    expect(store).toMatchObject({
      id: shop.store_id,
      name: 'Harbor Goods',
      default_currency: 'USD',
      supported_currencies: ['USD', 'EUR'],
      mail_from_address: 'orders@harbor-goods.example.com',
      default_country_iso: 'US',
    });
    const [row] = await t.dataSource.query(
      `SELECT name, supported_currencies, mail_from_address, default_country_iso
       FROM stores WHERE id = $1`,
      [storeKey],
    );
    expect(row).toEqual({
      name: 'Harbor Goods',
      supported_currencies: ['USD', 'EUR'],
      mail_from_address: 'orders@harbor-goods.example.com',
      default_country_iso: 'US',
    });
  });

  it('3. defines where it sells and what that costs: zones, tax rates, flat shipping, payments, a warehouse', async () => {
    made.zone = await create('/zones', {
      name: 'United States',
      kind: 'country',
      countries: ['US'],
    });
    expect(made.zone).toMatchObject({ id: expect.stringMatching(/^zone_/), name: 'United States' });

    // A state zone inside it: Virginia adds a local 1% on top of the country's rate.
    made.virginia = await create('/zones', {
      name: 'Virginia',
      kind: 'state',
      states: ['US-VA'],
    });
    expect(made.virginia).toMatchObject({ kind: 'state', states: ['US-VA'] });

    made.taxCategory = await create('/tax_categories', { name: 'Goods', code: 'goods' });
    expect(made.taxCategory).toMatchObject({ code: 'goods', is_default: false });

    made.taxRate = await create('/tax_rates', {
      name: 'US sales tax',
      rate: '0.0825',
      zone_id: made.zone.id,
      tax_category: 'goods',
      included_in_price: false,
    });
    expect(made.taxRate).toMatchObject({
      rate: '0.0825',
      zone_id: made.zone.id,
      tax_category: 'goods',
      tax_category_id: made.taxCategory.id,
      included_in_price: false,
    });

    made.localRate = await create('/tax_rates', {
      name: 'Virginia local tax',
      rate: '0.01',
      zone_id: made.virginia.id,
      tax_category: 'goods',
    });
    expect(made.localRate).toMatchObject({ rate: '0.01', included_in_price: false });

    made.delivery = await create('/delivery_methods', {
      name: 'Ground',
      code: 'ground',
      zone_ids: [made.zone.id],
      currency: 'USD',
      calculator: { type: 'flat_rate', amount: '5.00' },
    });
    expect(() => DeliveryMethodSchema.parse(made.delivery)).not.toThrow();
    expect(made.delivery).toMatchObject({ name: 'Ground', code: 'ground' });

    made.check = await create('/payment_methods', {
      name: 'Check',
      description: 'Mail us a check',
      type: 'check',
      position: 1,
    });
    made.card = await create('/payment_methods', {
      name: 'Card',
      type: 'test_card',
      position: 2,
    });
    for (const method of [made.check, made.card]) {
      expect(() => PaymentMethodSchema.parse(method)).not.toThrow();
    }
    expect([made.check.type, made.card.type]).toEqual(['check', 'test_card']);

    made.location = await create('/stock_locations', {
      name: 'Harbor warehouse',
      default: true,
      address1: '1 Pier Road',
      city: 'Portland',
      zipcode: '04101',
      state_name: 'ME',
      country_iso: 'US',
    });
    expect(() => StockLocationSchema.parse(made.location)).not.toThrow();
    expect(made.location).toMatchObject({ name: 'Harbor warehouse', default: true });

    const rates = await t.dataSource.query(
      `SELECT name, rate = 0.0825 AS is_8_25, rate = 0.01 AS is_1, tax_category, included_in_price
       FROM tax_rates WHERE store_id = $1 ORDER BY id`,
      [storeKey],
    );
    expect(rates).toEqual([
      {
        name: 'US sales tax',
        is_8_25: true,
        is_1: false,
        tax_category: 'goods',
        included_in_price: false,
      },
      {
        name: 'Virginia local tax',
        is_8_25: false,
        is_1: true,
        tax_category: 'goods',
        included_in_price: false,
      },
    ]);
  });

  it('4. builds the catalog: categories, an option type, products with variants and stock', async () => {
    made.parent = await create('/categories', { name: 'Outerwear' });
    made.child = await create('/categories', { name: 'Rain Jackets', parent_id: made.parent.id });
    for (const category of [made.parent, made.child]) {
      expect(() => CategorySchema.parse(category)).not.toThrow();
    }
    expect(made.child).toMatchObject({
      parent_id: made.parent.id,
      permalink: 'outerwear/rain-jackets',
      depth: 1,
    });

    made.size = await create('/option_types', {
      name: 'size',
      label: 'Size',
      option_values: [
        { name: 's', label: 'S' },
        { name: 'm', label: 'M' },
      ],
    });
    expect(() => OptionTypeSchema.parse(made.size)).not.toThrow();
    const sizeValue = (name: string) =>
      made.size.option_values.find((value: { name: string }) => value.name === name).id;

    made.jacket = await create('/products', {
      name: 'Harbor Rain Jacket',
      description: 'Keeps the spray out.',
      status: 'active',
      price: '24.00',
      sku: 'HRJ',
      tax_category: 'goods',
      tags: ['rain', 'outerwear'],
      category_ids: [made.child.id],
    });
    expect(() => ProductSchema.parse(made.jacket)).not.toThrow();
    expect(made.jacket).toMatchObject({
      name: 'Harbor Rain Jacket',
      slug: 'harbor-rain-jacket',
      status: 'active',
      sku: 'HRJ',
      tax_category: 'goods',
      tags: ['rain', 'outerwear'],
      category_ids: [made.child.id],
    });

    made.small = await create(`/products/${made.jacket.id}/variants`, {
      sku: 'HRJ-S',
      option_value_ids: [sizeValue('s')],
    });
    made.medium = await create(`/products/${made.jacket.id}/variants`, {
      sku: 'HRJ-M',
      option_value_ids: [sizeValue('m')],
      price: '26.50',
    });
    for (const variant of [made.small, made.medium]) {
      expect(() => VariantSchema.parse(variant)).not.toThrow();
    }
    expect(made.small).toMatchObject({ options_text: 'Size: S', price: { amount: '24.00' } });
    expect(made.medium).toMatchObject({ options_text: 'Size: M', price: { amount: '26.50' } });

    // A draft, which stays out of the storefront.
    made.draft = await create('/products', {
      name: 'Harbor Fleece (coming soon)',
      category_ids: [made.child.id],
    });
    expect(made.draft).toMatchObject({
      status: 'draft',
      price: { id: '', amount: null, currency: 'USD' },
      purchasable: false,
    });
    expect(() => ProductSchema.parse(made.draft)).not.toThrow();
    // Without a price it has none until one is set on its default variant.
    const price = await create(
      `/products/${made.draft.id}/variants/${made.draft.default_variant_id}/prices`,
      { amount: '40.00' },
    );
    expect(price).toMatchObject({ amount: '40.00', currency: 'USD' });
    const priced = await send('GET', `/products/${made.draft.id}`);
    expect(() => ProductSchema.parse(priced)).not.toThrow();
    expect(priced).toMatchObject({ status: 'draft', price: { id: price.id, amount: '40.00' } });

    // Each variant got a stock item (count 0) at the warehouse: stock 12 mediums.
    const items = await send('GET', `/stock_items?variant_id=${made.medium.id}`);
    expect(items.data).toHaveLength(1);
    expect(items.data[0]).toMatchObject({
      stock_location_id: made.location.id,
      count_on_hand: 0,
    });
    const stocked = await send('PATCH', `/stock_items/${items.data[0].id}`, {
      count_on_hand: 12,
      reason: 'First delivery',
    });
    expect(stocked.count_on_hand).toBe(12);
    made.mediumStock = stocked;
    expect(await records.stock(made.medium.id)).toBe(12);
  });

  it('5. gives a catalog manager a role that can write products but not tax rates', async () => {
    made.role = await create('/roles', {
      name: 'catalog_manager',
      scopes: ['read_products', 'write_products'],
    });
    expect(made.role).toMatchObject({ name: 'catalog_manager' });
    const password = 'catalog-manager-password-1';
    made.manager = await create('/staff_users', {
      email: 'catalog@harbor-goods.example.com',
      password,
      role_id: made.role.id,
    });
    expect(made.manager).toMatchObject({ email: 'catalog@harbor-goods.example.com' });

    const login = await staffLogin(t, shop.secret_key, {
      email: 'catalog@harbor-goods.example.com',
      password,
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: made.manager.id });
    const asManager = { headers: bearer(login.body.token) };

    // A colleague created without a password is invited by mail, from the store's address.
    const invited = await create('/staff_users', {
      email: 'buyer@harbor-goods.example.com',
      role_id: made.role.id,
    });
    expect(invited.status).toBe('invited');
    await untilPasses(() => {
      const mail = sink.messages.find((message) =>
        message.to.includes('buyer@harbor-goods.example.com'),
      );
      expect(mail).toMatchObject({
        from: 'orders@harbor-goods.example.com',
        subject: 'You are invited to manage Harbor Goods',
      });
    });

    const hat = await admin.call('POST', '/products', {
      ...asManager,
      json: {
        name: 'Harbor Sou’wester',
        status: 'active',
        price: '18.00',
        sku: 'HSW',
        category_ids: [made.parent.id],
      },
    });
    expect(hat.status).toBe(201);
    expect(() => ProductSchema.parse(hat.body)).not.toThrow();
    made.hat = hat.body;

    const refused = await admin.call('POST', '/tax_rates', {
      ...asManager,
      json: { name: 'Sneaky', rate: '0', zone_id: made.zone.id },
    });
    expect(expectError(refused, 403, 'access_denied')).toMatchObject({
      required_scope: 'write_settings',
    });
    expect(await countOf('tax_rates')).toBe(2);
  });

  it('6. sells it: two mediums shipped to Virginia, taxed 8.25% + 1% per rate, $5.00 shipping', async () => {
    const key = await create('/api_keys', { name: 'Storefront', key_type: 'publishable' });
    expect(key.token).toMatch(/^pk_/);
    shop = { ...shop, publishable_key: key.token };
    const storefront = new StoreCaller(t, shop);

    // The catalog: the two active products, never the draft.
    const listed = await storefront.call('GET', '/products?expand=variants');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((product: { name: string }) => product.name).sort()).toEqual([
      'Harbor Rain Jacket',
      'Harbor Sou’wester',
    ]);
    const jacket = listed.body.data.find(
      (product: { id: string }) => product.id === made.jacket.id,
    );
    expect(jacket.price).toMatchObject({ amount: '24.00', currency: 'USD' });
    expect(jacket.variants.map((variant: { id: string }) => variant.id)).toEqual(
      expect.arrayContaining([made.small.id, made.medium.id]),
    );
    const inCategory = await storefront.call('GET', `/products?q[in_category]=${made.parent.id}`);
    expect(inCategory.body.data.map((product: { id: string }) => product.id).sort()).toEqual(
      [made.jacket.id, made.hat.id].sort(),
    );

    for (const product of listed.body.data)
      expect(() => ProductSchema.parse(product)).not.toThrow();
    // Nothing is priced in euros yet, so a euro storefront shows nothing.
    const inEuros = await storefront.call('GET', '/products?currency=EUR');
    expect(inEuros.status).toBe(200);
    expect(inEuros.body.data).toEqual([]);
    const currencies = await storefront.call('GET', '/currencies');
    expect(currencies.body.data.map((currency: { iso_code: string }) => currency.iso_code)).toEqual(
      ['USD', 'EUR'],
    );
    const markets = await storefront.call('GET', '/markets');
    expect(markets.body.data).toContainEqual(
      expect.objectContaining({
        id: made.zone.id,
        currency: 'USD',
        country_isos: ['US'],
        tax_inclusive: false,
        default: true,
      }),
    );

    // Outside the zone nothing delivers.
    const abroad = new CartClient(t, shop);
    await abroad.create();
    expect((await abroad.addItem(made.medium.id, 1)).status).toBe(201);
    const toCanada = await abroad.address({ ...US_ADDRESS, state_name: 'ON', country_iso: 'CA' });
    expect(toCanada.status).toBe(200);
    expect(toCanada.body.fulfillments).toEqual([]);
    expect(toCanada.body.warnings).toEqual([
      expect.objectContaining({ code: 'delivery_unavailable', variant_id: made.medium.id }),
    ]);
    expect(toCanada.body.tax_total).toBe('0.00');

    const cart = new CartClient(t, shop);
    await cart.create();
    const added = await cart.addItem(made.medium.id, 2);
    expect(added.status).toBe(201);
    expect(added.body.item_total).toBe('53.00');

    // A US address: the zone, so the tax rate and the flat rate apply.
    const addressed = await cart.address();
    expect(addressed.status).toBe(200);
    const [fulfillment] = addressed.body.fulfillments;
    expect(addressed.body.fulfillments).toHaveLength(1);
    expect(
      fulfillment.delivery_rates.map((rate: Record<string, unknown>) => ({
        name: rate.name,
        cost: rate.cost,
      })),
    ).toEqual([{ name: 'Ground', cost: '5.00' }]);
    const selected = await cart.selectRate(fulfillment.id, fulfillment.delivery_rates[0].id);
    expect(selected.status).toBe(200);

    // 2 × 26.50 = 53.00. The address is in Virginia, so both rates apply, each rounded:
    // 8.25% of 53.00 = 4.3725 → 4.37 and 1% of 53.00 = 0.53, tax 4.90. Shipping (no tax
    // category) is untaxed: 5.00. Total 53.00 + 5.00 + 4.90 = 62.90.
    const expected = {
      item_total: '53.00',
      ship_total: '5.00',
      adjustment_total: '4.90',
      included_tax_total: '0.00',
      additional_tax_total: '4.90',
      tax_total: '4.90',
      promo_total: '0.00',
      pre_tax_item_amount: '53.00',
      pre_tax_total: '58.00',
      total: '62.90',
      item_count: 2,
    };
    expect(amountsOf(selected.body)).toEqual(expected);

    const methods = await cart.call('GET', `/carts/${cart.id}/payment_methods`);
    expect(methods.body.data.map((method: { id: string }) => method.id)).toEqual([
      made.check.id,
      made.card.id,
    ]);
    const paid = await cart.payByCard(CARDS.approved);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: '62.90', payment_method_type: 'test_card' });

    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(() => OrderSchema.parse(completed.body)).not.toThrow();
    expect(completed.body).toMatchObject({
      state: 'complete',
      payment_state: 'paid',
      email: 'shopper@example.com',
    });
    expect(amountsOf(completed.body)).toEqual(expected);
    made.order = completed.body;

    // The stock went down by two; the staff see the order as placed.
    expect(await records.stock(made.medium.id)).toBe(10);
    const order = await send('GET', `/orders/${completed.body.id}`);
    expect(order).toMatchObject({ state: 'complete', total: '62.90', tax_total: '4.90' });
  });

  it('7. stored the lifecycle events of everything it set up and sold', async () => {
    for (const [name, id] of [
      ['zone.created', made.zone.id],
      ['tax_rate.created', made.taxRate.id],
      ['delivery_method.created', made.delivery.id],
      ['payment_method.created', made.card.id],
      ['stock_location.created', made.location.id],
      ['category.created', made.child.id],
      ['option_type.created', made.size.id],
      ['product.created', made.jacket.id],
      ['product.created', made.hat.id],
      ['variant.created', made.medium.id],
      ['order.completed', made.order.id],
    ] as const) {
      expect({ name, events: (await eventsOf(name, id)).length }).toEqual({ name, events: 1 });
    }
    // The count set by staff, then the two units the order took.
    const stockEvents = await eventsOf('stock_item.updated', made.mediumStock.id);
    expect(stockEvents.map((event) => event.count_on_hand)).toEqual([12, 10]);
    const [completed] = await eventsOf('order.completed', made.order.id);
    expect(completed).toMatchObject({ total: '62.90', tax_total: '4.90', ship_total: '5.00' });
  });
});
