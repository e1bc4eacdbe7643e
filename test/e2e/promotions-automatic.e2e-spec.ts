import { CartSchema, OrderSchema } from '@spree/sdk/zod';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CartRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { StatementCounter } from '../helpers/statement-counter.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * Automatic promotions on carts: a demo store (tee 19.99, US sales tax 8% on items, Standard
 * shipping 5.00 untaxed) with "10% off orders over 50.00" and free shipping over 50.00.
 */
describe('Automatic promotions apply to carts', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let admin: AdminCaller;
  let tee: DemoVariant;
  const promotions: Record<string, string> = {};

  const overFifty = { type: 'item_total', preferences: { amount_min: { USD: '50.00' } } };
  const createPromotion = async (json: Record<string, unknown>) => {
    const response = await admin.call('POST', '/promotions', {
      json: { kind: 'automatic', ...json },
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 201,
      body: expect.anything(),
    });
    return response.body.id as string;
  };
  const updatePromotion = async (id: string, json: Record<string, unknown>) => {
    const response = await admin.call('PATCH', `/promotions/${id}`, { json });
    expect(response.status).toBe(200);
  };

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    admin = new AdminCaller(t, shop);
    [tee] = await demoVariants(t, shop);
    expect(tee.price).toBe('19.99');
    promotions.tenOff = await createPromotion({
      name: '10% off orders over 50',
      rules: [overFifty],
      actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
    });
    promotions.freeShipping = await createPromotion({
      name: 'Free shipping over 50',
      rules: [overFifty],
      actions: [{ type: 'free_shipping' }],
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const cartView = async (cart: CartClient) => {
    const response = await cart.get();
    expect(response.status).toBe(200);
    return CartSchema.parse(response.body);
  };
  const totalsOf = (view: Record<string, any>) => ({
    item_total: view.item_total,
    discount_total: view.discount_total,
    tax_total: view.tax_total,
    delivery_total: view.delivery_total,
    total: view.total,
  });

  it('discounts a cart over the threshold, taxes the discounted amount and keeps it on the order', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(tee.id, 2)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    // 39.98: under the threshold, no discount; tax 3.1984 → 3.20.
    expect(totalsOf(await cartView(cart))).toEqual({
      item_total: '39.98',
      discount_total: '0.00',
      tax_total: '3.20',
      delivery_total: '5.00',
      total: '48.18',
    });

    const added = await cart.addItem(tee.id, 1);
    expect(added.status).toBe(201);
    // 59.97 − 6.00 (10%, 5.997) − 5.00 (free shipping); tax 8% of 53.97 = 4.3176 → 4.32.
    const discounted = await cartView(cart);
    expect(totalsOf(discounted)).toEqual({
      item_total: '59.97',
      discount_total: '-11.00',
      tax_total: '4.32',
      delivery_total: '5.00',
      total: '58.29',
    });
    expect(discounted.items).toHaveLength(1);
    expect(discounted.items[0]).toMatchObject({
      quantity: 3,
      discount_total: '-6.00',
      discounted_amount: '53.97',
    });
    const line = discounted.items[0];
    expect(discounted.discounts).toEqual([
      expect.objectContaining({
        promotion_id: promotions.tenOff,
        name: '10% off orders over 50',
        code: null,
        amount: '-6.00',
      }),
      expect.objectContaining({
        promotion_id: promotions.freeShipping,
        name: 'Free shipping over 50',
        amount: '-5.00',
      }),
    ]);
    expect(discounted.fulfillments).toHaveLength(1);
    expect(discounted.fulfillments[0]).toMatchObject({
      cost: '5.00',
      discount_total: '-5.00',
      total: '0.00',
    });

    // Back under the threshold: the discount goes.
    const lowered = await cart.call('PATCH', `/carts/${cart.id}/items/${line.id}`, {
      quantity: 2,
    });
    expect(lowered.status).toBe(200);
    expect(totalsOf(await cartView(cart))).toMatchObject({
      discount_total: '0.00',
      total: '48.18',
    });
    expect(await promotionAdjustments(cart)).toEqual([]);

    // Over it again, then placed: the order keeps the discount.
    expect(
      (await cart.call('PATCH', `/carts/${cart.id}/items/${line.id}`, { quantity: 3 })).status,
    ).toBe(200);
    expect(await promotionAdjustments(cart)).toEqual([
      { adjustable_type: 'line_item', label: '10% off orders over 50', amount: '-6.0000' },
      { adjustable_type: 'shipment', label: 'Free shipping over 50', amount: '-5.0000' },
    ]);
    // The v2 storefront shows the same promotion total.
    const v2 = await t.http.get('/api/v2/storefront/cart', {
      'x-store-api-key': shop.publishable_key,
      'x-store-order-token': cart.token,
    });
    expect(v2.status).toBe(200);
    expect(v2.body.data.attributes).toMatchObject({
      promo_total: '-11.00',
      display_promo_total: '-$11.00',
      total: '58.29',
    });
    expect((await cart.payByCard()).status).toBe(201);
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    const order = OrderSchema.parse(completed.body);
    expect(totalsOf(order)).toEqual(totalsOf(discounted));
    expect(order.discounts).toEqual(discounted.discounts);

    // Editing or archiving the promotions afterwards changes nothing on the placed order.
    await updatePromotion(promotions.tenOff, {
      actions: [{ type: 'order_percent', preferences: { percent: '50' } }],
    });
    await updatePromotion(promotions.freeShipping, { status: 'archived' });
    const shown = await t.http.get(`/api/v3/store/orders/${order.id}`, {
      'x-store-api-key': shop.publishable_key,
      'x-store-token': cart.token,
    });
    expect(shown.status).toBe(200);
    expect(totalsOf(shown.body)).toEqual(totalsOf(discounted));
    expect(await promotionAdjustments(cart)).toHaveLength(2);
    // Restored for the next test.
    await updatePromotion(promotions.tenOff, {
      actions: [{ type: 'order_percent', preferences: { percent: '10' } }],
    });
    await updatePromotion(promotions.freeShipping, { status: 'active' });
  });

  it('applies no draft, archived or expired promotion', async () => {
    for (const id of Object.values(promotions)) await updatePromotion(id, { status: 'draft' });
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(tee.id, 3)).status).toBe(201);
    expect((await cartView(cart)).discount_total).toBe('0.00');

    await updatePromotion(promotions.tenOff, { status: 'archived' });
    expect((await cart.addItem(tee.id, 1)).status).toBe(201);
    expect((await cartView(cart)).discount_total).toBe('0.00');

    await updatePromotion(promotions.tenOff, {
      status: 'active',
      expires_at: '2020-01-01T00:00:00.000Z',
    });
    expect((await cart.addItem(tee.id, 1)).status).toBe(201);
    expect((await cartView(cart)).discount_total).toBe('0.00');

    // Active again and within its window: 6 × 19.99 = 119.94, 10% = 11.994 → 11.99 off.
    await updatePromotion(promotions.tenOff, { expires_at: null });
    expect((await cart.addItem(tee.id, 1)).status).toBe(201);
    expect((await cartView(cart)).discount_total).toBe('-11.99');
  });

  it('costs a cart change at most one statement more than without promotions (add 6, address 8)', async () => {
    // Without promotions (checkout-statement-budget.e2e-spec.ts): add 6, address 8.
    const counter = new StatementCounter().start(t.app.getHttpServer());
    try {
      const cart = new CartClient(t, shop);
      await cart.create();
      // The first change after a promotion changed reads the promotions again, in the read the
      // recalculation sends anyway; crossing the threshold writes the discount in a statement
      // of its own (a change of the order row alone rides on the rendering's read).
      await updatePromotion(promotions.freeShipping, { status: 'active' });
      const cold = await counter.measure(() => cart.addItem(tee.id, 2));
      const warm = await counter.measure(() => cart.addItem(tee.id, 1));
      const addressed = await counter.measure(() => cart.address());
      expect([cold, warm, addressed].map(({ result }) => result.status)).toEqual([201, 201, 200]);
      const counts = { cold: cold.count, warm: warm.count, address: addressed.count };
      process.stdout.write(`statements with automatic promotions: ${JSON.stringify(counts)}\n`);
      // The promotions are never read in a statement of their own.
      const sent = [cold, warm, addressed].flatMap(({ statements }) => statements);
      expect(sent.filter((text) => /^SELECT p\.id/.test(text))).toEqual([]);
      expect(sent.filter((text) => text.includes('"automaticPromotions"'))).toHaveLength(1);
      expect(counts.cold).toBeLessThanOrEqual(7);
      expect(counts.warm).toBeLessThanOrEqual(7);
      expect(counts.address).toBeLessThanOrEqual(9);
      expect((await cartView(cart)).discount_total).toBe('-11.00');
    } finally {
      counter.stop();
    }
  });

  function promotionAdjustments(cart: CartClient) {
    return t.dataSource.query(
      `SELECT adjustable_type, label, amount::text AS amount FROM adjustments
       WHERE order_id = $1 AND source_type = 'promotion' ORDER BY adjustable_type, id`,
      [new CartRecords(t).key(ID_PREFIX.cart, cart.id)],
    );
  }
});
