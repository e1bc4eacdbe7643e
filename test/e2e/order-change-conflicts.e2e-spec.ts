import pg from 'pg';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CartRecords,
  type DemoVariant,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

/**
 * A change of an order whose row another transaction holds is a conflict the holder wins: the
 * lock error PostgreSQL raises (55P03) answers the order's 409 code, on the real routes, and
 * nothing of the refused change is stored. The embedded database accepts one connection (the
 * app's), so no second session can hold the row there: these run against PostgreSQL only.
 */
const describeWithTwoSessions = process.env.DATABASE_URL ? describe : describe.skip;

describeWithTwoSessions('Order changes against a row another transaction holds', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CartRecords;
  let tees: DemoVariant[];
  let holder: pg.Client;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CartRecords(t);
    tees = await demoVariants(t, shop);
    holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await holder.end();
    await t.close();
  });

  /** Runs `during` while `holder` keeps the order row locked in an open transaction. */
  async function whileHeld<T>(orderKey: string, during: () => Promise<T>): Promise<T> {
    await holder.query('BEGIN');
    try {
      await holder.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE', [orderKey]);
      return await during();
    } finally {
      await holder.query('ROLLBACK');
    }
  }

  it('a cart change answers 409 cart_already_updated and stores nothing', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(tees[0].id, 1)).status).toBe(201);
    const before = await records.order(cart.id);
    const key = records.key(ID_PREFIX.cart, cart.id);

    const refused = await whileHeld(key, () => cart.update({ email: 'late@example.com' }));

    expectError(refused, 409, 'cart_already_updated');
    expect(await records.order(cart.id)).toEqual(before);
    const retried = await cart.update({ email: 'late@example.com' });
    expect(retried.status).toBe(200);
    expect(retried.body.email).toBe('late@example.com');
    expect(retried.body.state_lock_version).toBe(before.state_lock_version + 1);
  });

  it('adding an item while the cart is held: 409 and no line written', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    const key = records.key(ID_PREFIX.cart, cart.id);

    const refused = await whileHeld(key, () => cart.addItem(tees[1].id, 2));

    expectError(refused, 409, 'cart_already_updated');
    expect(await records.lines(cart.id)).toEqual([]);
  });

  it('a placed order updated by staff during a concurrent change answers 409 cart_already_updated (behaviour 6)', async () => {
    const cart = new CartClient(t, shop);
    const placed = await placeOrder(cart, { lines: [{ variantId: tees[0].id, quantity: 1 }] });
    const key = records.key(ID_PREFIX.order, placed.id);
    const [before] = await t.dataSource.query(
      'SELECT email, state_lock_version FROM orders WHERE id = $1',
      [key],
    );
    const admin = new AdminCaller(t, shop);

    const refused = await whileHeld(key, () =>
      admin.call('PATCH', `/orders/${placed.id}`, { json: { email: 'staff@example.com' } }),
    );

    expectError(refused, 409, 'cart_already_updated');
    const [after] = await t.dataSource.query(
      'SELECT email, state_lock_version FROM orders WHERE id = $1',
      [key],
    );
    expect(after).toEqual(before);
  });
  it('other operations on a placed order during a concurrent change answer 409 order_already_updated', async () => {
    const cart = new CartClient(t, shop);
    const placed = await placeOrder(cart, { lines: [{ variantId: tees[0].id, quantity: 1 }] });
    const key = records.key(ID_PREFIX.order, placed.id);
    const admin = new AdminCaller(t, shop);

    const refused = await whileHeld(key, () => admin.call('PATCH', `/orders/${placed.id}/cancel`));

    expectError(refused, 409, 'order_already_updated');
    const [after] = await t.dataSource.query('SELECT state FROM orders WHERE id = $1', [key]);
    expect(after.state).toBe('complete');
  });
});
