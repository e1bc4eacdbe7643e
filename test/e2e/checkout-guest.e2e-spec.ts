import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  amountsOf,
  CARDS,
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  displayedOf,
  expectOnlyPublicIds,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

/** Where the checkout stands: state, lock version and the fields it still asks for. */
function progressOf(view: Record<string, any>) {
  return {
    state: view.state,
    state_lock_version: view.state_lock_version,
    requirements: view.requirements.map((requirement: { field: string }) => requirement.field),
  };
}

/** The delivery rates of the cart's only fulfillment as `{ name, cost, selected }`. */
function ratesOf(view: Record<string, any>) {
  expect(view.fulfillments).toHaveLength(1);
  return view.fulfillments[0].delivery_rates.map(
    (rate: { name: string; cost: string; selected: boolean }) => ({
      name: rate.name,
      cost: rate.cost,
      selected: rate.selected,
    }),
  );
}

const opaquePart = (publicId: string) => publicId.slice(publicId.indexOf('_') + 1);

describe('Guest checkout, end to end (US, sales tax added)', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let tee: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    // The first test buys size S; the others use other sizes, so stock counts never mix.
    [tee] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** A completed guest order of `quantity` tees of the given size (a variant of its own). */
  async function guestOrder(size: number, quantity = 1) {
    const variant = (await demoVariants(t, shop))[size];
    const cart = new CartClient(t, shop);
    const order = await placeOrder(cart, { lines: [{ variantId: variant.id, quantity }] });
    return { cart, order, variant };
  }

  it('walks cart → address → payment → confirm → complete with hand-computed totals', async () => {
    expect(tee.price).toBe('19.99');
    expect(await records.stock(tee.id)).toBe(50);
    const cart = new CartClient(t, shop);

    // 1. A new cart: empty, nothing to pay, so only the items and the address are missing.
    const created = await cart.create();
    expect(created.body).toMatchObject({ currency: 'USD', item_count: 0, completed_at: null });
    expect(created.body.id).toMatch(/^cart_/);
    expect(progressOf(created.body)).toEqual({
      state: 'cart',
      state_lock_version: 0,
      requirements: ['line_items', 'email', 'billing_address', 'shipping_address'],
    });

    // 2. Three tees: 3 × 19.99 = 59.97. No address yet, so no tax zone and no shipping.
    const added = await cart.addItem(tee.id, 3);
    expect(added.status).toBe(201);
    expect(progressOf(added.body)).toEqual({
      state: 'address',
      state_lock_version: 1,
      requirements: ['email', 'billing_address', 'shipping_address', 'shipping_method', 'payment'],
    });
    expect(amountsOf(added.body)).toEqual({
      item_total: '59.97',
      ship_total: '0.00',
      adjustment_total: '0.00',
      included_tax_total: '0.00',
      additional_tax_total: '0.00',
      tax_total: '0.00',
      promo_total: '0.00',
      pre_tax_item_amount: '59.97',
      pre_tax_total: '59.97',
      total: '59.97',
      item_count: 3,
    });

    // 3. Email and a US address for both. Rates: Standard $5.00 (59.97 is under the $75.00 that
    //    makes it free), Express 3 × $2.50 = $7.50; the cheapest is selected, so checkout skips
    //    the delivery step. Sales tax: 8% of 59.97 = 4.7976 → 4.80; shipping is untaxed.
    //    Total: 59.97 + 5.00 + 4.80 = 69.77.
    const addressed = await cart.address();
    expect(addressed.status).toBe(200);
    expect(progressOf(addressed.body)).toEqual({
      state: 'payment',
      state_lock_version: 2,
      requirements: ['payment'],
    });
    expect(addressed.body.email).toBe('shopper@example.com');
    expect(addressed.body.ship_address).toMatchObject({ city: 'Arlington', country_iso: 'US' });
    expect(ratesOf(addressed.body)).toEqual([
      { name: 'Standard', cost: '5.00', selected: true },
      { name: 'Express', cost: '7.50', selected: false },
    ]);
    expect(amountsOf(addressed.body)).toEqual({
      item_total: '59.97',
      ship_total: '5.00',
      adjustment_total: '4.80',
      included_tax_total: '0.00',
      additional_tax_total: '4.80',
      tax_total: '4.80',
      promo_total: '0.00',
      pre_tax_item_amount: '59.97',
      pre_tax_total: '64.97',
      total: '69.77',
      item_count: 3,
    });
    expect(addressed.body.line_items[0]).toMatchObject({
      quantity: 3,
      price: '19.99',
      amount: '59.97',
      additional_tax_total: '4.80',
      total: '64.77',
    });

    // 4. Express instead: shipping 7.50, tax unchanged (shipping untaxed).
    //    pre_tax_total 59.97 + 7.50 = 67.47; total 59.97 + 7.50 + 4.80 = 72.27.
    const fulfillment = addressed.body.fulfillments[0];
    const express = fulfillment.delivery_rates.find(
      (rate: { name: string }) => rate.name === 'Express',
    );
    const selected = await cart.selectRate(fulfillment.id, express.id);
    expect(selected.status).toBe(200);
    expect(progressOf(selected.body)).toEqual({
      state: 'payment',
      state_lock_version: 3,
      requirements: ['payment'],
    });
    expect(selected.body.fulfillments[0]).toMatchObject({
      id: fulfillment.id,
      cost: '7.50',
      selected_delivery_rate_id: express.id,
    });
    const expressTotals = {
      item_total: '59.97',
      ship_total: '7.50',
      adjustment_total: '4.80',
      included_tax_total: '0.00',
      additional_tax_total: '4.80',
      tax_total: '4.80',
      promo_total: '0.00',
      pre_tax_item_amount: '59.97',
      pre_tax_total: '67.47',
      total: '72.27',
      item_count: 3,
    };
    expect(amountsOf(selected.body)).toEqual(expressTotals);
    expect(displayedOf(selected.body, ['ship_total', 'tax_total', 'total'])).toEqual({
      display_ship_total: '$7.50',
      display_tax_total: '$4.80',
      display_total: '$72.27',
    });
    const chosen = await t.dataSource.query(
      `SELECT dm.name, r.selected FROM delivery_rates r
       JOIN delivery_methods dm ON dm.id = r.delivery_method_id
       WHERE r.shipment_id = $1 ORDER BY dm.position`,
      [records.key('ful', fulfillment.id)],
    );
    expect(chosen).toEqual([
      { name: 'Standard', selected: false },
      { name: 'Express', selected: true },
    ]);

    // 5. The approved test card, for the whole 72.27. Only what a receipt shows comes back.
    const paid = await cart.payByCard();
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      payment_method_type: 'test_card',
      state: 'checkout',
      amount: '72.27',
      source: { brand: 'visa', last_digits: '4242', month: 12, year: 2099, name: null },
    });
    const confirmed = await cart.get();
    expect(progressOf(confirmed.body)).toEqual({
      state: 'confirm',
      state_lock_version: 4,
      requirements: [],
    });

    // 6. Complete: the same row, now `or_…` with the same opaque part.
    const before = Date.now();
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    const order = completed.body;
    expect(order.id).toBe(`or_${opaquePart(cart.id)}`);
    expect(progressOf(order)).toEqual({
      state: 'complete',
      state_lock_version: 5,
      requirements: [],
    });
    expect(order).toMatchObject({
      number: created.body.number,
      email: 'shopper@example.com',
      customer_id: null,
      payment_state: 'paid',
      shipment_state: 'ready',
      payment_total: '72.27',
      display_payment_total: '$72.27',
    });
    expect(order.token).toBeUndefined();
    expect(Date.parse(order.completed_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(order.completed_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(amountsOf(order)).toEqual(expressTotals);
    expect(order.fulfillments[0].state).toBe('ready');
    expect(order.payments).toEqual([
      expect.objectContaining({ id: paid.body.id, state: 'completed', amount: '72.27' }),
    ]);
    expect(order.payments[0].response_code).toMatch(/^test_/);

    // What is stored.
    const stored = await records.checkout(order.id);
    expect(stored).toMatchObject({
      state: 'complete',
      state_lock_version: 5,
      customer_id: null,
      payment_state: 'paid',
      shipment_state: 'ready',
      payment_total: '72.27',
    });
    expect(stored.completed_at?.toISOString()).toBe(order.completed_at);
    const { tax_total: _notStored, ...storedTotals } = expressTotals;
    expect(stored.amounts).toEqual(storedTotals);
    expect(await records.stock(tee.id)).toBe(47);

    const [payment, ...otherPayments] = await records.paymentRows(order.id);
    expect(otherPayments).toEqual([]);
    expect(payment).toMatchObject({ type: 'test_card', state: 'completed', amount: '72.27' });
    expect(payment.source).toEqual({
      brand: 'visa',
      last_digits: '4242',
      month: 12,
      year: 2099,
      name: null,
      gateway_payment_profile_id: 'test_card_approve',
    });
    const [{ leaks }] = await t.dataSource.query(
      `SELECT count(*)::int AS leaks FROM payments p
       WHERE p::text LIKE '%' || $1 || '%' OR source::text LIKE '%' || $1 || '%'`,
      [CARDS.approved.number],
    );
    expect(leaks).toBe(0);

    expect(await records.stateChanges(order.id)).toEqual([
      'order: cart → address',
      'order: address → payment',
      'order: payment → confirm',
      // The card is held and authorized before the order is placed, captured after.
      'payment: checkout → processing',
      'order: confirm → complete',
      'payment: processing → completed',
      'shipment: pending → ready',
    ]);

    // The outbox: one `order.completed`, carrying the v3 order with public ids only.
    const events = (await records.completedPayloads(shop)).filter(
      (payload) => payload.number === order.number,
    );
    expect(events).toHaveLength(1);
    const [payload] = events;
    expect(payload).toMatchObject({
      id: order.id,
      state: 'complete',
      total: '72.27',
      payment_state: 'paid',
    });
    expectOnlyPublicIds(payload);
    expect(payload.token).toBeUndefined();
    expect(JSON.stringify(payload)).not.toContain(cart.token);
    expect(JSON.stringify(payload)).not.toContain(CARDS.approved.number);
  });

  it('completing again returns the same order, unchanged, without taking stock twice', async () => {
    const { cart, order, variant } = await guestOrder(1, 2);
    expect(await records.stock(variant.id)).toBe(48);

    const again = await cart.complete();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(order);
    expect(await records.stock(variant.id)).toBe(48);
    expect(await records.checkout(order.id)).toMatchObject({
      state: 'complete',
      state_lock_version: order.state_lock_version,
    });
    expect((await records.paymentRows(order.id)).map((row) => row.state)).toEqual(['completed']);
    const events = await records.completedPayloads(shop);
    expect(events.filter((payload) => payload.id === order.id)).toHaveLength(1);
  });

  it('shows the placed order to the holder of the cart token only', async () => {
    const { cart, order } = await guestOrder(2);
    const other = await guestOrder(3);
    const show = (id: string, token?: string) =>
      t.http.get(`/api/v3/store/orders/${id}`, {
        'x-store-api-key': shop.publishable_key,
        ...(token ? { 'x-store-token': token } : {}),
      });

    const shown = await show(order.id, cart.token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(order);

    expectError(await show(order.id), 404, 'order_not_found');
    expectError(await show(order.id, other.cart.token), 404, 'order_not_found');
    // Once placed, it is an order and no longer a cart.
    expectError(await show(cart.id, cart.token), 404, 'order_not_found');
    expectError(await cart.get(), 404, 'cart_not_found');
  });

  it('makes Standard shipping free from 75.00 of items', async () => {
    const variant = (await demoVariants(t, shop))[3];
    const cart = new CartClient(t, shop);
    await cart.create();
    await cart.addItem(variant.id, 4);
    const addressed = await cart.address();
    expect(addressed.status).toBe(200);

    // 4 × 19.99 = 79.96 ≥ 75.00: Standard is free and the cheapest; Express 4 × 2.50 = 10.00.
    // Tax 8% of 79.96 = 6.3968 → 6.40; total 79.96 + 0.00 + 6.40 = 86.36.
    expect(ratesOf(addressed.body)).toEqual([
      { name: 'Standard', cost: '0.00', selected: true },
      { name: 'Express', cost: '10.00', selected: false },
    ]);
    expect(amountsOf(addressed.body)).toMatchObject({
      item_total: '79.96',
      ship_total: '0.00',
      additional_tax_total: '6.40',
      total: '86.36',
    });
    expect((await records.checkout(cart.id)).amounts).toMatchObject({
      ship_total: '0.00',
      total: '86.36',
    });
  });
});
