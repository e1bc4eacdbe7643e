import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { ModelEvents } from '../../src/events/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { BrandProbeModule, ProbeBrand, ProbeBrands } from '../helpers/brand-probe.module.js';
import {
  CartClient,
  CheckoutRecords,
  demoVariants,
  expectOnlyPublicIds,
  placeOrder,
  SETUP_TIMEOUT_MS,
  type DemoVariant,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, StoreCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface StoredEvent {
  name: string;
  payload: Record<string, any>;
  metadata: Record<string, unknown>;
}

describe('Lifecycle and domain events', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let tee: DemoVariant;
  let storeKey: string;

  beforeAll(async () => {
    t = await startTestApp({ extraModules: [BrandProbeModule] });
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    storeKey = records.key(ID_PREFIX.store, shop.store_id);
    [tee] = await demoVariants(t, shop);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** The store's events, oldest first, optionally only those about one of `ids`. */
  async function eventsOf(...ids: string[]): Promise<StoredEvent[]> {
    const rows: StoredEvent[] = await t.dataSource.query(
      `SELECT name, payload, metadata FROM events WHERE store_id = $1 ORDER BY position`,
      [storeKey],
    );
    if (ids.length === 0) return rows;
    return rows.filter((row) => ids.includes(row.payload.id) || ids.includes(row.payload.order_id));
  }

  function expectWellFormed(events: StoredEvent[]): void {
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expectOnlyPublicIds(event.payload, event.name);
      expect(event.metadata).toEqual({ model: event.name.split('.')[0] });
    }
  }

  it('seeding a store publishes product, variant and stock item creations', async () => {
    const events = await eventsOf();
    const created = (model: string) => events.filter((event) => event.name === `${model}.created`);
    expect(created('product').length).toBeGreaterThanOrEqual(20);
    expect(created('variant').length).toBeGreaterThanOrEqual(created('product').length);
    expect(created('stock_item').length).toBeGreaterThan(0);
    expectWellFormed(events);
    const variantEvent = created('variant').find((event) => event.payload.id === tee.id);
    expect(variantEvent?.payload).toMatchObject({ id: tee.id, product_id: tee.productId });
  });

  it('a checkout publishes its order, lines, shipments, payments and stock as they change', async () => {
    const stockBefore = await records.stock(tee.id);
    const cart = new CartClient(t, shop);
    const order = await placeOrder(cart, { lines: [{ variantId: tee.id, quantity: 2 }] });
    const events = await eventsOf(cart.id, order.id);
    expectWellFormed(events);
    const names = events.map((event) => event.name);

    expect(names[0]).toBe('order.created');
    expect(events[0].payload).toMatchObject({ id: cart.id, state: 'cart', item_count: 0 });
    const lineCreated = events.find((event) => event.name === 'line_item.created');
    expect(lineCreated?.payload).toMatchObject({
      id: expect.stringMatching(/^li_/),
      order_id: cart.id,
      variant_id: tee.id,
      quantity: 2,
    });
    for (const name of [
      'shipment.created',
      'payment.created',
      'payment.updated',
      'payment.paid',
      'shipment.updated',
      'order.updated',
      'order.completed',
    ]) {
      expect(names).toContain(name);
    }
    // One `order.updated` per change: add, address, pay, complete.
    expect(names.filter((name) => name === 'order.updated')).toHaveLength(4);
    const paid = events.find((event) => event.name === 'payment.paid')!;
    expect(paid.payload).toMatchObject({
      id: order.payments[0].id,
      order_id: order.id,
      state: 'completed',
      amount: order.total,
    });
    expect(names.filter((name) => name === 'payment.paid')).toHaveLength(1);
    const completed = events.find((event) => event.name === 'order.completed')!;
    expect(completed.payload).toMatchObject({
      id: order.id,
      state: 'complete',
      total: order.total,
    });

    const stockEvent = (await eventsOf()).filter(
      (event) => event.name === 'stock_item.updated' && event.payload.variant_id === tee.id,
    );
    expect(stockEvent.at(-1)?.payload).toMatchObject({
      id: expect.stringMatching(/^si_/),
      count_on_hand: stockBefore - 2,
    });
    expect(await records.stock(tee.id)).toBe(stockBefore - 2);
  });

  it('changing and removing lines, and abandoning the cart, publish updated and deleted', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    const added = await cart.addItem(tee.id, 1);
    const lineId = added.body.line_items[0].id;
    expect(
      (await cart.call('PATCH', `/carts/${cart.id}/items/${lineId}`, { quantity: 3 })).status,
    ).toBe(200);
    expect((await cart.call('DELETE', `/carts/${cart.id}/items/${lineId}`)).status).toBe(200);
    expect((await cart.call('DELETE', `/carts/${cart.id}`)).status).toBe(204);

    const events = await eventsOf(cart.id, lineId);
    expectWellFormed(events);
    expect(events.map((event) => event.name)).toEqual([
      'order.created',
      'order.updated',
      'line_item.created',
      'order.updated',
      'line_item.updated',
      'order.updated',
      'line_item.deleted',
      'order.deleted',
    ]);
    expect(events.find((event) => event.name === 'line_item.updated')?.payload).toMatchObject({
      id: lineId,
      quantity: 3,
    });
    expect(events.at(-1)?.payload).toMatchObject({ id: cart.id });
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM orders WHERE id = $1',
      [records.key(ID_PREFIX.cart, cart.id)],
    );
    expect(count).toBe(0);
  });

  it('shipping a fulfillment publishes shipment.shipped with its tracking', async () => {
    const order = await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: tee.id, quantity: 1 }],
    });
    const fulfillmentId = order.fulfillments[0].id;
    const admin = new AdminCaller(t, shop);
    const shipPath = `/orders/${order.id}/fulfillments/${fulfillmentId}/ship`;

    expectError(
      await admin.call(
        'PATCH',
        `/orders/${order.id}/fulfillments/${records.unknownId(ID_PREFIX.fulfillment)}/ship`,
        {
          json: {},
        },
      ),
      404,
      'record_not_found',
    );
    const shipped = await admin.call('PATCH', shipPath, { json: { tracking: '1Z999AA1' } });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ id: order.id, shipment_state: 'shipped' });
    expect(shipped.body.fulfillments[0]).toMatchObject({
      id: fulfillmentId,
      state: 'shipped',
      tracking: '1Z999AA1',
      shipped_at: expect.stringMatching(/Z$/),
    });
    const [row] = await t.dataSource.query(
      'SELECT state, tracking, shipped_at FROM shipments WHERE id = $1',
      [records.key(ID_PREFIX.fulfillment, fulfillmentId)],
    );
    expect(row).toMatchObject({ state: 'shipped', tracking: '1Z999AA1' });
    expect(row.shipped_at).toBeInstanceOf(Date);

    // Shipping it again is refused and publishes nothing more.
    expect(
      expectError(await admin.call('PATCH', shipPath, { json: {} }), 422, 'cart_invalid_state'),
    ).toEqual({ order_state: 'complete', fulfillment_state: 'shipped' });
    const events = (await eventsOf(order.id)).filter((event) => event.name.startsWith('shipment.'));
    expect(events.filter((event) => event.name === 'shipment.shipped')).toEqual([
      {
        name: 'shipment.shipped',
        payload: expect.objectContaining({
          id: fulfillmentId,
          state: 'shipped',
          tracking: '1Z999AA1',
        }),
        metadata: { model: 'shipment' },
      },
    ]);
  });

  it('an unpaid order (check payment pending) cannot ship', async () => {
    const order = await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: tee.id, quantity: 1 }],
      pay: 'check',
    });
    const response = await new AdminCaller(t, shop).call(
      'PATCH',
      `/orders/${order.id}/fulfillments/${order.fulfillments[0].id}/ship`,
      { json: {} },
    );
    expect(expectError(response, 422, 'cart_invalid_state')).toEqual({
      order_state: 'complete',
      fulfillment_state: 'pending',
    });
    const names = (await eventsOf(order.id)).map((event) => event.name);
    expect(names).not.toContain('shipment.shipped');
    expect(names).not.toContain('payment.paid');
  });

  it('customers publish created, updated and deleted', async () => {
    const customer = await new StoreCaller(t, shop).register({ first_name: 'Ada' });
    const admin = new AdminCaller(t, shop);
    expect(
      (await admin.call('PATCH', `/customers/${customer.id}`, { json: { last_name: 'Lovelace' } }))
        .status,
    ).toBe(200);
    expect((await admin.call('DELETE', `/customers/${customer.id}`)).status).toBe(204);

    const events = await eventsOf(customer.id);
    expectWellFormed(events);
    expect(events.map((event) => [event.name, event.payload.last_name ?? null])).toEqual([
      ['customer.created', null],
      ['customer.updated', 'Lovelace'],
      ['customer.deleted', 'Lovelace'],
    ]);
    expect(JSON.stringify(events)).not.toContain(customer.password);
    expect(JSON.stringify(events)).not.toContain('password_digest');
  });

  it('spending store credit publishes store_credit.updated', async () => {
    const customer = await new StoreCaller(t, shop).register();
    const creditKey = await records.giveStoreCredit(shop, customer.id, {
      currency: 'USD',
      amount: '5.00',
      daysAgo: 1,
    });
    const cart = new CartClient(t, shop, customer.token);
    await cart.create();
    await cart.addItem(tee.id, 1);
    await cart.address();
    expect((await cart.call('POST', `/carts/${cart.id}/store_credits`, {})).status).toBe(200);
    await cart.payByCard();
    expect((await cart.complete()).status).toBe(200);

    const events = (await eventsOf()).filter((event) => event.name.startsWith('store_credit.'));
    expectWellFormed(events);
    expect(events.at(-1)?.payload).toMatchObject({
      id: expect.stringMatching(/^credit_/),
      customer_id: customer.id,
      amount: '5.00',
      amount_used: '5.00',
      amount_remaining: '0.00',
    });
    expect(await records.creditsUsed([creditKey])).toEqual({ [creditKey]: '5.00' });
  });

  describe('an extension entity opted in under its own name', () => {
    const brandEvents = async () =>
      (await eventsOf()).filter((event) => event.name.startsWith('brand.'));

    it('publishes brand.created|updated|deleted with its serializer output, and named events', async () => {
      const brands = t.app.get(ProbeBrands);
      const brand = await brands.rename(await brands.create(storeKey, 'Acme'), 'Acme Corp');
      const events = t.app.get(ModelEvents);
      await t.dataSource.transaction(async (manager) => {
        await events.publish({ manager, storeId: storeKey }, 'brand.featured', brand);
        await events.publish({ manager, storeId: storeKey }, 'brand.featured', brand, {
          id: `brand_${brand.id}x`,
          headline: 'Brand of the week',
        });
      });
      const id = brand.id;
      await brands.remove(brand);

      const publicId = `brand_${id}x`;
      expect(await brandEvents()).toEqual([
        {
          name: 'brand.created',
          payload: { id: publicId, name: 'Acme' },
          metadata: { model: 'brand' },
        },
        {
          name: 'brand.updated',
          payload: { id: publicId, name: 'Acme Corp' },
          metadata: { model: 'brand' },
        },
        {
          name: 'brand.featured',
          payload: { id: publicId, name: 'Acme Corp' },
          metadata: { model: 'brand' },
        },
        {
          name: 'brand.featured',
          payload: { id: publicId, headline: 'Brand of the week' },
          metadata: { model: 'brand' },
        },
        {
          name: 'brand.deleted',
          payload: { id: publicId, name: 'Acme Corp' },
          metadata: { model: 'brand' },
        },
      ]);
    });

    it('a change written in raw SQL publishes as explicitly, in its own transaction', async () => {
      const brands = t.app.get(ProbeBrands);
      const brand = await brands.create(storeKey, 'Quiet');
      const before = (await brandEvents()).length;
      await brands.renameBySql(brand.id, 'Loud');
      expect(
        (await t.dataSource.getRepository(ProbeBrand).findOneByOrFail({ id: brand.id })).name,
      ).toBe('Loud');
      expect((await brandEvents()).slice(before)).toEqual([
        {
          name: 'brand.updated',
          payload: { id: `brand_${brand.id}x`, name: 'Loud' },
          metadata: { model: 'brand' },
        },
      ]);
    });

    it('a change that rolls back publishes nothing', async () => {
      const brands = t.app.get(ProbeBrands);
      const brand = await brands.create(storeKey, 'Steady');
      const before = (await brandEvents()).length;
      await expect(brands.renameBySql(brand.id, 'Shaky', { rollBack: true })).rejects.toThrow(
        /rolled back on purpose/,
      );
      expect(
        (await t.dataSource.getRepository(ProbeBrand).findOneByOrFail({ id: brand.id })).name,
      ).toBe('Steady');
      expect(await brandEvents()).toHaveLength(before);
    });

    it('names the model from the decorator only: a record or class that did not opt in is refused', async () => {
      const events = t.app.get(ModelEvents);
      class Gadget {
        id = 'gadget_1';
      }
      const before = (await eventsOf()).length;
      await t.dataSource.transaction(async (manager) => {
        const scope = { manager, storeId: storeKey };
        await expect(events.created(scope, new Gadget())).rejects.toThrow(
          /A Gadget names no model for lifecycle events.*@PublishesLifecycleEvents/,
        );
        await expect(events.updated(scope, { id: 'brand_1x', name: 'Row' })).rejects.toThrow(
          /A plain object names no model/,
        );
        await expect(events.deleted(scope, Gadget, { id: 'gadget_1' })).rejects.toThrow(
          /Gadget did not opt in to lifecycle events/,
        );
      });
      expect(await eventsOf()).toHaveLength(before);
    });

    it('refuses a payload whose id is a raw database key', async () => {
      const events = t.app.get(ModelEvents);
      await expect(
        t.dataSource.transaction((manager) =>
          events.publish({ manager, storeId: storeKey }, 'gadget.created', { id: '42' }),
        ),
      ).rejects.toThrow(/prefixed public id/);
      const [{ count }] = await t.dataSource.query(
        `SELECT count(*)::int AS count FROM events WHERE name LIKE 'gadget.%'`,
      );
      expect(count).toBe(0);
    });
  });
});
