import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import {
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  placeOrder,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { StoreCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

interface StockRow {
  count_on_hand: number;
  backorderable: boolean;
}

/**
 * Completing a cart places it from what its last change stored, in one statement: the answer is
 * the order as it reads back, the stock of every line is taken at once (backordered where the
 * variant may be), a line stock can no longer fill or a credit already spent places nothing.
 */
describe('Checkout completion: placing the order', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let tee: DemoVariant;
  let teeM: DemoVariant;
  let mug: DemoVariant;

  beforeAll(async () => {
    t = await startCustomersTestApp();
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    [tee, teeM] = await demoVariants(t, shop);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const stockRows = (variant: DemoVariant): Promise<StockRow[]> =>
    t.dataSource.query(
      'SELECT count_on_hand, backorderable FROM stock_items WHERE variant_id = $1 ORDER BY id',
      [records.key(ID_PREFIX.variant, variant.id)],
    );
  const setStock = (variant: DemoVariant, count: number, backorderable: boolean) =>
    t.dataSource.query(
      'UPDATE stock_items SET count_on_hand = $2, backorderable = $3 WHERE variant_id = $1',
      [records.key(ID_PREFIX.variant, variant.id), count, backorderable],
    );
  const stockEvents = async (
    variant: DemoVariant,
    since: Date,
  ): Promise<Record<string, unknown>[]> =>
    (
      await t.dataSource.query(
        `SELECT payload FROM events WHERE name = 'stock_item.updated'
           AND payload->>'variant_id' = $1 AND created_at >= $2 ORDER BY created_at`,
        [variant.id, since],
      )
    ).map((row: { payload: Record<string, unknown> }) => row.payload);
  const storedOrder = async (cart: CartClient) =>
    (
      await t.dataSource.query(
        `SELECT state, completed_at IS NOT NULL AS placed, payment_state, shipment_state
         FROM orders WHERE id = $1`,
        [records.key(ID_PREFIX.cart, cart.id)],
      )
    )[0];

  it.each(['check', 'test_card'] as const)(
    'answers the order paid by %s exactly as completing it again reads it back',
    async (pay) => {
      const cart = new CartClient(t, shop);
      const placed = await placeOrder(cart, {
        lines: [
          { variantId: tee.id, quantity: 2 },
          { variantId: mug.id, quantity: 1 },
        ],
        pay,
      });
      const again = await cart.complete();
      expect(again.status).toBe(200);
      expect(again.body).toEqual(placed);
      const shown = await cart.call('GET', `/orders/${placed.id}`);
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual(placed);
    },
  );

  it('takes every line at once, backordering a variant that may be backordered', async () => {
    await setStock(tee, 0, true);
    await setStock(mug, 10, false);
    const since = new Date();
    const cart = new CartClient(t, shop);
    await placeOrder(cart, {
      lines: [
        { variantId: tee.id, quantity: 2 },
        { variantId: mug.id, quantity: 3 },
      ],
      pay: 'check',
    });
    expect(await stockRows(tee)).toEqual([{ count_on_hand: -2, backorderable: true }]);
    expect(await stockRows(mug)).toEqual([{ count_on_hand: 7, backorderable: false }]);
    expect((await stockEvents(tee, since)).map((event) => event.count_on_hand)).toEqual([-2]);
    expect((await stockEvents(mug, since)).map((event) => event.count_on_hand)).toEqual([7]);
    await setStock(tee, 1_000, false);
    await setStock(mug, 1_000, false);
  });

  it('a line stock can no longer fill: 422 naming its variant, nothing taken, nothing placed', async () => {
    await setStock(teeM, 1_000, false);
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(teeM.id, 2)).status).toBe(201);
    expect((await cart.addItem(mug.id, 1)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    expect(
      (
        await cart.call('POST', `/carts/${cart.id}/payments`, {
          payment_method_id: await cart.paymentMethodId('check'),
        })
      ).status,
    ).toBe(201);
    await setStock(teeM, 1, false);
    const mugStock = await records.stock(mug.id);
    const changes = await records.stateChanges(cart.id);

    const refused = await cart.complete();
    expectError(refused, 422, 'insufficient_stock');
    expect(refused.body.error.details).toEqual({ variant_id: [teeM.id] });
    expect(await records.stock(teeM.id)).toBe(1);
    expect(await records.stock(mug.id)).toBe(mugStock);
    expect(await storedOrder(cart)).toMatchObject({ placed: false, state: 'confirm' });
    expect((await records.payments(cart.id)).map((payment) => payment.state)).toEqual(['checkout']);
    expect(await records.stateChanges(cart.id)).toEqual(changes);
    await setStock(teeM, 1_000, false);
  });

  describe('paid by store credit alone', () => {
    const creditCart = async () => {
      const customer = await new StoreCaller(t, shop).register();
      const credit = await records.giveStoreCredit(shop, customer.id, {
        currency: 'USD',
        amount: '500.00',
        daysAgo: 1,
      });
      const cart = new CartClient(t, shop, customer.token);
      await cart.create();
      expect((await cart.addItem(mug.id, 2)).status).toBe(201);
      expect((await cart.address()).status).toBe(200);
      const applied = await cart.call('POST', `/carts/${cart.id}/store_credits`, {});
      expect(applied.status).toBe(200);
      expect(applied.body.state).toBe('confirm');
      return { cart, credit, total: applied.body.total as string };
    };

    it('spends the credit, pays the order and readies its shipments', async () => {
      const { cart, credit, total } = await creditCart();
      const stock = await records.stock(mug.id);
      const completed = await cart.complete();
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({
        state: 'complete',
        payment_state: 'paid',
        shipment_state: 'ready',
        payment_total: total,
        covered_by_store_credit: true,
      });
      expect(completed.body.payments).toEqual([
        expect.objectContaining({ state: 'completed', amount: total }),
      ]);
      expect(await records.creditsUsed([credit])).toEqual({ [credit]: total });
      expect(await records.stock(mug.id)).toBe(stock - 2);
      expect((await records.stateChanges(cart.id)).slice(-3)).toEqual([
        'payment: checkout → completed',
        'shipment: pending → ready',
        'order: confirm → complete',
      ]);
      const [creditEvent] = (
        await t.dataSource.query(
          `SELECT payload FROM events WHERE name = 'store_credit.updated'
             AND payload->>'id' = $1 ORDER BY created_at DESC LIMIT 1`,
          [records.publicId(ID_PREFIX.storeCredit, credit)],
        )
      ).map((row: { payload: Record<string, unknown> }) => row.payload);
      expect(creditEvent).toMatchObject({ amount_used: total });
    });

    it('a credit spent meanwhile: 422 payment_failed, the payment failed, nothing taken', async () => {
      const { cart, credit } = await creditCart();
      await t.dataSource.query('UPDATE store_credits SET amount_used = amount WHERE id = $1', [
        credit,
      ]);
      const stock = await records.stock(mug.id);
      expectError(await cart.complete(), 422, 'payment_failed');
      expect(await records.stock(mug.id)).toBe(stock);
      expect(await records.creditsUsed([credit])).toEqual({ [credit]: '500.00' });
      expect((await records.payments(cart.id)).map((payment) => payment.state)).toEqual(['failed']);
      expect(await storedOrder(cart)).toMatchObject({
        placed: false,
        state: 'payment',
        payment_state: 'failed',
      });
    });
  });
});
