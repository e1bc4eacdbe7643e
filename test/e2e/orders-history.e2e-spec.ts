import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import {
  AdminCaller,
  type RegisteredCustomer,
  startCustomersTestApp,
  StoreCaller,
} from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

describe("Store API: a customer's order history", () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let store: StoreCaller;
  let records: CheckoutRecords;
  let tee: DemoVariant;
  let alice: RegisteredCustomer;
  let bob: RegisteredCustomer;
  /** Alice's placed orders, oldest first. */
  let aliceOrders: Record<string, any>[];
  let bobOrder: Record<string, any>;
  let aliceOpenCart: CartClient;

  /** A completed order of `quantity` tees, as `customer` (JWT plus the cart's own token). */
  function orderAs(customer: RegisteredCustomer, quantity: number) {
    return placeOrder(new CartClient(t, shop, customer.token), {
      lines: [{ variantId: tee.id, quantity }],
      email: customer.email,
    });
  }

  const history = (customer?: RegisteredCustomer, query = '') =>
    store.call('GET', `/customers/me/orders${query}`, { token: customer?.token });
  const showOwn = (customer: RegisteredCustomer | undefined, id: string) =>
    store.call('GET', `/customers/me/orders/${id}`, { token: customer?.token });

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    store = new StoreCaller(t, shop);
    records = new CheckoutRecords(t);
    [tee] = await demoVariants(t, shop);
    [alice, bob] = [await store.register(), await store.register()];
    aliceOrders = [];
    for (const quantity of [1, 2, 3]) aliceOrders.push(await orderAs(alice, quantity));
    bobOrder = await orderAs(bob, 1);
    // Neither an open cart of Alice's nor a guest order under her email is history.
    aliceOpenCart = new CartClient(t, shop, alice.token);
    await aliceOpenCart.create();
    await aliceOpenCart.addItem(tee.id, 1);
    await placeOrder(new CartClient(t, shop), {
      lines: [{ variantId: tee.id, quantity: 1 }],
      email: alice.email,
    });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('lists only her placed orders, newest first, one page at a time', async () => {
    const [first, second, third] = aliceOrders;
    const listed = await history(alice);
    expect(listed.status).toBe(200);
    expect(listed.body.meta).toEqual({
      page: 1,
      limit: 25,
      count: 3,
      pages: 1,
      from: 1,
      to: 3,
      in: 3,
      previous: null,
      next: null,
    });
    expect(listed.body.data.map((order: { id: string }) => order.id)).toEqual([
      third.id,
      second.id,
      first.id,
    ]);
    expect(listed.body.data[0]).toEqual(third);
    for (const order of listed.body.data) {
      expect(order).toMatchObject({ state: 'complete', customer_id: alice.id });
      expect(order.id).toMatch(/^or_/);
    }

    const secondPage = await history(alice, '?limit=2&page=2');
    expect(secondPage.status).toBe(200);
    expect(secondPage.body.meta).toEqual({
      page: 2,
      limit: 2,
      count: 3,
      pages: 2,
      from: 3,
      to: 3,
      in: 1,
      previous: 1,
      next: null,
    });
    expect(secondPage.body.data.map((order: { id: string }) => order.id)).toEqual([first.id]);

    // What the listing shows is what is stored.
    const [{ count }] = await t.dataSource.query(
      `SELECT count(*)::int AS count FROM orders WHERE customer_id = $1 AND completed_at IS NOT NULL`,
      [records.key('cus', alice.id)],
    );
    expect(count).toBe(3);
    expect((await records.checkout(aliceOpenCart.id)).completed_at).toBeNull();
  });

  it('filters and sorts her orders the way the storefront client asks', async () => {
    const [first, second, third] = aliceOrders;
    const ids = (response: { body: { data: { id: string }[] } }) =>
      response.body.data.map((order) => order.id);
    const completedAt = async (order: Record<string, any>) =>
      (await records.checkout(order.id)).completed_at as Date;

    const oldestFirst = await history(alice, '?sort=completed_at');
    expect(ids(oldestFirst)).toEqual([first.id, second.id, third.id]);

    const byNumber = await history(alice, `?q[search]=${second.number.slice(-6).toLowerCase()}`);
    expect(ids(byNumber)).toEqual([second.id]);
    expect(ids(await history(alice, `?q[search]=${bobOrder.number}`))).toEqual([]);
    // Wildcards in the search are matched literally.
    expect(ids(await history(alice, '?q[search]=%25'))).toEqual([]);

    expect(ids(await history(alice, '?q[state_eq]=complete'))).toHaveLength(3);
    expect(ids(await history(alice, '?q[state_eq]=canceled'))).toEqual([]);

    const since = (await completedAt(second)).toISOString();
    // Timestamps are stored to the microsecond, JavaScript dates to the millisecond.
    const until = new Date((await completedAt(second)).getTime() + 1).toISOString();
    expect(
      ids(await history(alice, `?q[completed_at_gte]=${since}&q[completed_at_lte]=${until}`)),
    ).toEqual([second.id]);
    expect(ids(await history(alice, `?q[completed_at_gte]=${since}`))).toEqual([
      third.id,
      second.id,
    ]);

    const refused = expectError(
      await history(alice, '?q[completed_at_gte]=yesterday&q[total_gt]=5&sort=total'),
      400,
      'parameter_invalid',
    );
    expect(Object.keys(refused ?? {})).toEqual(expect.arrayContaining(['sort']));
    const unknownFilter = expectError(
      await history(alice, '?q[completed_at_gte]=yesterday&q[total_gt]=5'),
      400,
      'parameter_invalid',
    );
    expect(Object.keys(unknownFilter ?? {}).sort()).toEqual(['q[completed_at_gte]', 'q[total_gt]']);
  });

  it('shows one of her orders, and nobody else’s', async () => {
    const [, second] = aliceOrders;
    const shown = await showOwn(alice, second.id);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(second);
    expect(shown.body.line_items).toEqual([expect.objectContaining({ quantity: 2 })]);

    expectError(await showOwn(bob, second.id), 404, 'order_not_found');
    expectError(await showOwn(alice, bobOrder.id), 404, 'order_not_found');
    // An open cart is not an order, by either of its ids.
    const openOpaque = aliceOpenCart.id.slice('cart_'.length);
    expectError(await showOwn(alice, `or_${openOpaque}`), 404, 'order_not_found');
    expectError(await showOwn(alice, aliceOpenCart.id), 404, 'order_not_found');
  });

  it('needs a signed-in customer', async () => {
    expectError(await history(), 401, 'authentication_required');
    expectError(await showOwn(undefined, aliceOrders[0].id), 401, 'authentication_required');
  });

  it('a customer with a placed order cannot be deleted, only anonymized; the order stays', async () => {
    const admin = new AdminCaller(t, shop);
    const carol = await store.register();
    const order = await orderAs(carol, 1);
    const carolKey = records.key('cus', carol.id);
    const customerRows = () =>
      t.dataSource.query('SELECT email, anonymized_at FROM customers WHERE id = $1', [carolKey]);

    expectError(await admin.call('DELETE', `/customers/${carol.id}`), 422, 'customer_has_orders');
    expect(await customerRows()).toEqual([{ email: carol.email, anonymized_at: null }]);

    const anonymized = await admin.call('POST', `/customers/${carol.id}/anonymize`);
    expect(anonymized.status).toBe(200);
    expect(anonymized.body.email).not.toBe(carol.email);
    const [row] = await customerRows();
    expect(row.anonymized_at).toBeInstanceOf(Date);
    expect(row.email).not.toBe(carol.email);

    // The order is untouched: still hers, with its own copy of the address.
    expect(await records.checkout(order.id)).toMatchObject({
      state: 'complete',
      customer_id: carolKey,
      payment_state: 'paid',
    });
    const [addresses] = await t.dataSource.query(
      `SELECT a.firstname, a.city FROM orders o JOIN addresses a ON a.id = o.ship_address_id
       WHERE o.id = $1`,
      [records.orderKey(order.id)],
    );
    expect(addresses).toEqual({ firstname: 'Grace', city: 'Arlington' });
    // Still one she cannot delete.
    expectError(await admin.call('DELETE', `/customers/${carol.id}`), 422, 'customer_has_orders');
  });

  it('a customer with only an open cart paid by store credit can be deleted; the cart stays', async () => {
    const admin = new AdminCaller(t, shop);
    const dave = await store.register();
    await records.giveStoreCredit(shop, dave.id, { currency: 'USD', amount: '5.00', daysAgo: 1 });
    const cart = new CartClient(t, shop, dave.token);
    await cart.create();
    await cart.addItem(tee.id, 1);
    const applied = await cart.call('POST', `/carts/${cart.id}/store_credits`);
    expect(applied.status).toBe(200);
    expect(applied.body.payments).toHaveLength(1);

    const deleted = await admin.call('DELETE', `/customers/${dave.id}`);
    expect(deleted.status).toBe(204);
    const cartKey = records.key('cart', cart.id);
    const [orphan] = await t.dataSource.query(
      `SELECT customer_id, (SELECT count(*)::int FROM payments WHERE order_id = o.id) AS payments
       FROM orders o WHERE id = $1`,
      [cartKey],
    );
    expect(orphan).toEqual({ customer_id: null, payments: 0 });
  });
});
