import { isDeepStrictEqual } from 'node:util';
import { jest } from '@jest/globals';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import { PaymentGateways, type PaymentGateway } from '../../src/modules/payments/index.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const ROUNDS = 5;
const TEST_TIMEOUT_MS = 180_000;

/**
 * Many completions of one ready card-paid cart at once, as a shopper's client retrying in a
 * hurry (or a double-clicked button) sends them: one of them places the order and charges the
 * card, every other waits for it and answers the same order, none answers a conflict.
 */
describe('Concurrent completions of one cart', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let mug: DemoVariant;
  let gateway: PaymentGateway;
  let storeKey: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: {
        RATE_LIMIT_PUBLISHABLE_KEY_PER_MINUTE: '1000000',
        RATE_LIMIT_SECRET_KEY_PER_MINUTE: '1000000',
      },
    });
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    storeKey = records.key(ID_PREFIX.store, shop.store_id);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await records.setStock(mug.id, 100_000);
    gateway = t.app.get(PaymentGateways).for('test_card');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => t?.close());

  const readyCart = async (): Promise<CartClient> => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(mug.id, 2)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    expect((await cart.payByCard()).status).toBe(201);
    return cart;
  };

  const placedOrders = async (): Promise<number> =>
    (
      await t.dataSource.query(
        `SELECT count(*)::int AS placed FROM orders
         WHERE store_id = $1 AND completed_at IS NOT NULL`,
        [storeKey],
      )
    )[0].placed;

  const storedOrder = async (cart: CartClient) =>
    (
      await t.dataSource.query(
        `SELECT o.state, o.payment_state, o.shipment_state,
                o.total::numeric(20,2)::text AS total,
                o.payment_total::numeric(20,2)::text AS payment_total,
                (SELECT count(*) FROM state_changes sc
                 WHERE sc.order_id = o.id AND sc.name = 'order' AND sc.next_state = 'complete')::int
                  AS times_completed,
                (SELECT count(*) FROM events e
                 WHERE e.name = 'order.completed' AND e.payload->>'id' = $2)::int AS completed_events
         FROM orders o WHERE o.id = $1`,
        [records.key(ID_PREFIX.cart, cart.id), `or_${cart.id.slice('cart_'.length)}`],
      )
    )[0];

  const storedPayments = (cart: CartClient): Promise<{ state: string; amount: string }[]> =>
    t.dataSource.query(
      `SELECT state, amount::numeric(20,2)::text AS amount FROM payments
       WHERE order_id = $1 ORDER BY id`,
      [records.key(ID_PREFIX.cart, cart.id)],
    );

  for (const callers of [20, 50]) {
    it(
      `${callers} completions at once, ${ROUNDS} carts: one order placed and charged once, every caller answered that order`,
      async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const cart = await readyCart();
          const stock = await records.stock(mug.id);
          const placedBefore = await placedOrders();
          const authorize = jest.spyOn(gateway, 'authorize');
          const capture = jest.spyOn(gateway, 'capture');

          const answers = await Promise.all(Array.from({ length: callers }, () => cart.complete()));

          expect(answers.map((answer) => answer.status)).toEqual(
            Array.from({ length: callers }, () => 200),
          );
          const [first] = answers;
          expect(first.body).toMatchObject({
            id: `or_${cart.id.slice('cart_'.length)}`,
            state: 'complete',
            payment_state: 'paid',
            shipment_state: 'ready',
          });
          expect(first.body.number).toEqual(expect.any(String));
          const differing = answers.filter((answer) => !isDeepStrictEqual(answer.body, first.body));
          expect(differing.map((answer) => answer.body)).toEqual([]);

          expect(await placedOrders()).toBe(placedBefore + 1);
          const order = await storedOrder(cart);
          expect(order).toMatchObject({
            state: 'complete',
            payment_state: 'paid',
            shipment_state: 'ready',
            times_completed: 1,
            completed_events: 1,
          });
          expect(order.payment_total).toBe(order.total);
          expect(await storedPayments(cart)).toEqual([{ state: 'completed', amount: order.total }]);
          expect(authorize).toHaveBeenCalledTimes(1);
          expect(capture).toHaveBeenCalledTimes(1);
          expect(await records.stock(mug.id)).toBe(stock - 2);
          jest.restoreAllMocks();
        }
      },
      TEST_TIMEOUT_MS,
    );
  }
});
