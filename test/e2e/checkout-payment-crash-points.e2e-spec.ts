import { jest } from '@jest/globals';
import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import type { DemoCredentials } from '../../src/seed/seed-demo-store.js';
import { CardPayments } from '../../src/modules/orders/card-payments.js';
import { HoldLease } from '../../src/modules/orders/payment-hold-lease.js';
import { PaymentRecoverySweeper } from '../../src/modules/orders/payment-recovery.sweeper.js';
import { PaymentGateways, type PaymentGateway } from '../../src/modules/payments/index.js';
import {
  CARDS,
  CartClient,
  CheckoutRecords,
  type DemoVariant,
  demoVariants,
  SETUP_TIMEOUT_MS,
} from '../helpers/checkout-fixtures.js';
import { AdminCaller, startCustomersTestApp } from '../helpers/customers-fixtures.js';
import { createScratchDatabase, type ScratchDatabase } from '../helpers/scratch-database.js';
import { expectError } from '../helpers/error-envelope.js';
import type { TestApp } from '../helpers/test-app.js';

/** The test card the gateway approves only after a while, as a slow network gateway would. */
const SLOW_CARD = { number: '4000000000006975', month: 12, year: 2099, verification_value: '123' };

interface PaymentRow {
  id: string;
  state: string;
  response_code: string | null;
  failure_message: string | null;
}

/**
 * Card payments at checkout completion are authorized before the transaction that places the
 * order and captured after it. At every point where the request can die or a step can fail, the
 * store never holds a captured payment for an order that was not placed, nor a placed order
 * without its payment; what a crash leaves behind is finished by the recovery sweep.
 */
describe('Checkout completion: card payments at each crash point', () => {
  let t: TestApp;
  let shop: DemoCredentials;
  let records: CheckoutRecords;
  let mug: DemoVariant;
  let cards: CardPayments;
  let sweeper: PaymentRecoverySweeper;
  let gateway: PaymentGateway;

  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    // A database of its own: the recovery sweepers of other test apps on a shared one would take
    // over the payments this file leaves held before its own sweep does.
    scratch = process.env.DATABASE_URL
      ? await createScratchDatabase(process.env.DATABASE_URL)
      : undefined;
    t = await startCustomersTestApp(scratch ? { DATABASE_URL: scratch.url } : {});
    shop = await t.seedStore();
    records = new CheckoutRecords(t);
    [mug] = await demoVariants(t, shop, 'ceramic-coffee-mug');
    await records.setStock(mug.id, 1_000);
    cards = t.app.get(CardPayments);
    sweeper = t.app.get(PaymentRecoverySweeper);
    gateway = t.app.get(PaymentGateways).for('test_card');
  }, SETUP_TIMEOUT_MS);
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t.close();
    await scratch?.drop();
  });

  /** A cart at confirm with `quantity` mugs, paid by `card` for its balance. */
  const readyCart = async (card = CARDS.approved, quantity = 1): Promise<CartClient> => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(mug.id, quantity)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    expect((await cart.payByCard(card)).status).toBe(201);
    return cart;
  };
  const orderKey = (cart: CartClient) => records.key(ID_PREFIX.cart, cart.id);
  const payments = (cart: CartClient): Promise<PaymentRow[]> =>
    t.dataSource.query(
      `SELECT id::text AS id, state, response_code, failure_message FROM payments
       WHERE order_id = $1 ORDER BY id`,
      [orderKey(cart)],
    );
  const stored = async (cart: CartClient) =>
    (
      await t.dataSource.query(
        `SELECT state, completed_at IS NOT NULL AS placed, payment_state, shipment_state,
                payment_total::numeric(20,2)::text AS payment_total, total::numeric(20,2)::text AS total
         FROM orders WHERE id = $1`,
        [orderKey(cart)],
      )
    )[0];
  const completedEvents = async (cart: CartClient): Promise<Record<string, any>[]> =>
    (
      await t.dataSource.query(
        `SELECT payload FROM events WHERE name = 'order.completed' AND payload->>'id' = $1`,
        [`or_${cart.id.slice('cart_'.length)}`],
      )
    ).map((row: { payload: Record<string, any> }) => row.payload);

  /**
   * The invariant at every point: a captured payment only on a placed order, and a placed order
   * only with its payment (captured, or still held / authorized for it).
   */
  const expectConsistent = async (cart: CartClient) => {
    const order = await stored(cart);
    const rows = await payments(cart);
    if (!order.placed) {
      expect(rows.filter((row) => row.state === 'completed')).toEqual([]);
    } else {
      expect(
        rows.filter((row) => ['completed', 'processing', 'pending'].includes(row.state)),
      ).not.toEqual([]);
      for (const row of rows.filter((candidate) => candidate.state !== 'checkout')) {
        expect(row.response_code).toMatch(/^test_/);
      }
    }
  };
  const sweep = () => sweeper.sweepOnce('0 seconds');
  /** Whether the payment's claim is held by a live holder (its lease not run out). */
  const leaseLive = async (paymentId: string): Promise<boolean> =>
    (
      await t.dataSource.query(
        `SELECT held_until > now() AS live FROM payments WHERE id = $1 AND state = 'processing'`,
        [paymentId],
      )
    )[0]?.live === true;
  /** A ready cart whose card a holder authorized and then died, its lease run out. */
  const cartLeftByDeadHolder = async () => {
    const cart = await readyCart();
    const authorize = cards.authorize.bind(cards);
    // A process killed right after committing the authorization: nothing after it runs, not
    // even the end of its lease, which then runs out by itself.
    jest.spyOn(cards, 'authorize').mockImplementation(async (paymentId, known) => {
      await authorize(paymentId, known);
      throw new Error('killed after authorize');
    });
    jest.spyOn(cards, 'release').mockResolvedValue(undefined);
    jest.spyOn(HoldLease.prototype, 'end').mockResolvedValue(undefined);
    expect((await cart.complete()).status).toBe(500);
    jest.restoreAllMocks();
    const [held] = await payments(cart);
    expect(held).toMatchObject({ state: 'processing', response_code: expect.any(String) });
    // Still live: the lease outlives its holder by up to HOLD_LEASE.
    expect(await leaseLive(held.id)).toBe(true);
    await t.dataSource.query(
      `UPDATE payments SET held_until = now() - interval '1 second' WHERE id = $1`,
      [held.id],
    );
    return { cart, held };
  };

  it('places, then captures: the order is paid and order.completed is published once, paid', async () => {
    const cart = await readyCart();
    const stock = await records.stock(mug.id);
    const authorize = jest.spyOn(gateway, 'authorize');
    const capture = jest.spyOn(gateway, 'capture');
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledTimes(1);
    const [payment] = await payments(cart);
    expect(capture).toHaveBeenCalledWith(payment.response_code, expect.any(String), 'USD');
    expect(payment.state).toBe('completed');
    expect(await stored(cart)).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(await records.stock(mug.id)).toBe(stock - 1);
    const events = await completedEvents(cart);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ payment_state: 'paid', shipment_state: 'ready' });
    await expectConsistent(cart);
  });

  it('a crash after the authorization, before placing: nothing placed, the sweep voids the authorization', async () => {
    const cart = await readyCart();
    const stock = await records.stock(mug.id);
    const authorize = cards.authorize.bind(cards);
    // The request dies right after the authorization's reference was committed: nothing after
    // it runs, not even the release a failure would do.
    jest.spyOn(cards, 'authorize').mockImplementation(async (paymentId) => {
      await authorize(paymentId);
      throw new Error('crash after authorize');
    });
    jest.spyOn(cards, 'release').mockResolvedValue(undefined);
    expect((await cart.complete()).status).toBe(500);
    jest.restoreAllMocks();

    const [held] = await payments(cart);
    expect(held).toMatchObject({
      state: 'processing',
      response_code: expect.stringMatching(/^test_/),
    });
    expect(await stored(cart)).toMatchObject({ placed: false, state: 'confirm' });
    expect(await records.stock(mug.id)).toBe(stock);
    await expectConsistent(cart);
    // The request gave up on its claim: its lease ended with it.
    expect(await leaseLive(held.id)).toBe(false);
    // Leases that ran out less than the sweep's grace ago are left alone (other specs' payments,
    // sharing the database, may be taken: only this one is judged).
    const voided = jest.spyOn(gateway, 'void');
    await sweeper.sweepOnce('1 hour');
    expect(voided).not.toHaveBeenCalledWith(held.response_code);
    expect((await payments(cart))[0]).toMatchObject({
      state: 'processing',
      response_code: held.response_code,
    });

    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(voided).toHaveBeenCalledWith(held.response_code);
    expect(await payments(cart)).toEqual([
      { id: held.id, state: 'checkout', response_code: null, failure_message: null },
    ]);
    await expectConsistent(cart);

    // The shopper completes again: authorized anew, placed, captured.
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect((await payments(cart))[0].state).toBe('completed');
    expect(await records.stock(mug.id)).toBe(stock - 1);
    expect(await completedEvents(cart)).toHaveLength(1);
  });

  it('a completion finding the claim of a dead holder takes it over at once: the old authorization voided, the card authorized anew and captured once', async () => {
    const { cart, held } = await cartLeftByDeadHolder();
    const stock = await records.stock(mug.id);
    const voided = jest.spyOn(gateway, 'void');
    const authorize = jest.spyOn(gateway, 'authorize');
    const capture = jest.spyOn(gateway, 'capture');
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(voided.mock.calls).toEqual([[held.response_code]]);
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledTimes(1);
    const [payment] = await payments(cart);
    expect(payment).toMatchObject({ id: held.id, state: 'completed' });
    expect(payment.response_code).not.toBe(held.response_code);
    expect(capture).toHaveBeenCalledWith(payment.response_code, expect.any(String), 'USD');
    expect(await records.stock(mug.id)).toBe(stock - 1);
    expect(await completedEvents(cart)).toHaveLength(1);
    // The history shows the claim given back and taken again.
    const history: { previous_state: string; next_state: string }[] = await t.dataSource.query(
      `SELECT previous_state, next_state FROM state_changes
       WHERE name = 'payment' AND subject_id = $1 ORDER BY id`,
      [held.id],
    );
    expect(history.map((row) => `${row.previous_state}>${row.next_state}`)).toEqual([
      'checkout>processing',
      'processing>checkout',
      'checkout>processing',
      'processing>completed',
    ]);
    await expectConsistent(cart);
  });

  it('a claim whose holder lives is not taken over: the sweep leaves it, a second completion waits and answers the order the holder placed', async () => {
    const cart = await readyCart(SLOW_CARD);
    const authorize = jest.spyOn(gateway, 'authorize');
    const capture = jest.spyOn(gateway, 'capture');
    const voided = jest.spyOn(gateway, 'void');
    const first = cart.complete();
    let held: PaymentRow | undefined;
    while (!held) {
      [held] = (await payments(cart)).filter((row) => row.state === 'processing');
    }
    expect(await leaseLive(held.id)).toBe(true);
    expect(await sweep()).toBe(0);
    const second = await cart.complete();
    const winner = await first;
    expect(winner.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(winner.body);
    expect(winner.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(voided).not.toHaveBeenCalled();
    expect((await payments(cart)).map((row) => row.state)).toEqual(['completed']);
    expect(await completedEvents(cart)).toHaveLength(1);
  });

  it('the sweep takes over the claim of a dead holder of a cart: the authorization voided, the cart completable again', async () => {
    const { cart, held } = await cartLeftByDeadHolder();
    const voided = jest.spyOn(gateway, 'void');
    expect(await sweep()).toBe(1);
    expect(voided.mock.calls).toEqual([[held.response_code]]);
    expect(await payments(cart)).toEqual([
      { id: held.id, state: 'checkout', response_code: null, failure_message: null },
    ]);
    expect(await sweep()).toBe(0);
    expect((await cart.complete()).status).toBe(200);
  });

  it('stock running out between the authorization and the placing: the authorization is voided, nothing placed', async () => {
    const cart = await readyCart(CARDS.approved, 2);
    const authorize = cards.authorize.bind(cards);
    jest.spyOn(cards, 'authorize').mockImplementation(async (paymentId) => {
      await authorize(paymentId);
      await records.setStock(mug.id, 1);
    });
    const voided = jest.spyOn(gateway, 'void');
    const capture = jest.spyOn(gateway, 'capture');
    expectError(await cart.complete(), 422, 'insufficient_stock');

    expect(voided).toHaveBeenCalledTimes(1);
    expect(voided.mock.calls[0][0]).toMatch(/^test_/);
    expect(capture).not.toHaveBeenCalled();
    expect(await payments(cart)).toEqual([
      expect.objectContaining({ state: 'checkout', response_code: null }),
    ]);
    expect(await stored(cart)).toMatchObject({ placed: false, state: 'confirm' });
    expect(await records.stock(mug.id)).toBe(1);
    expect(await completedEvents(cart)).toEqual([]);
    await expectConsistent(cart);
    await records.setStock(mug.id, 1_000);
  });

  it('the cart changing while its card is authorized: the authorization is voided, 409', async () => {
    const cart = await readyCart();
    const authorize = cards.authorize.bind(cards);
    jest.spyOn(cards, 'authorize').mockImplementation(async (paymentId) => {
      await authorize(paymentId);
      // Another request changes the cart (a new state_lock_version) meanwhile.
      await t.dataSource.query(
        'UPDATE orders SET state_lock_version = state_lock_version + 1 WHERE id = $1',
        [orderKey(cart)],
      );
    });
    const voided = jest.spyOn(gateway, 'void');
    expectError(await cart.complete(), 409, 'cart_already_updated');
    expect(voided).toHaveBeenCalledTimes(1);
    expect(await payments(cart)).toEqual([
      expect.objectContaining({ state: 'checkout', response_code: null }),
    ]);
    expect(await stored(cart)).toMatchObject({ placed: false });
    await expectConsistent(cart);
  });

  it('a crash after placing, before the capture: the order stays placed with its payment held, the sweep captures it', async () => {
    const cart = await readyCart();
    const stock = await records.stock(mug.id);
    jest.spyOn(cards, 'capture').mockRejectedValue(new Error('crash after placing'));
    expect((await cart.complete()).status).toBe(500);
    jest.restoreAllMocks();

    const [held] = await payments(cart);
    expect(held).toMatchObject({
      state: 'processing',
      response_code: expect.stringMatching(/^test_/),
    });
    expect(await stored(cart)).toMatchObject({
      state: 'complete',
      placed: true,
      payment_state: 'balance_due',
      shipment_state: 'pending',
      payment_total: '0.00',
    });
    expect(await records.stock(mug.id)).toBe(stock - 1);
    // The completion's events wait for its payment to settle.
    expect(await completedEvents(cart)).toEqual([]);
    await expectConsistent(cart);
    // Completing again answers the placed order; it authorizes nothing.
    const authorize = jest.spyOn(gateway, 'authorize');
    const again = await cart.complete();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ state: 'complete' });
    expect(authorize).not.toHaveBeenCalled();

    const capture = jest.spyOn(gateway, 'capture');
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    expect(capture).toHaveBeenCalledWith(held.response_code, expect.any(String), 'USD');
    expect((await payments(cart))[0].state).toBe('completed');
    const order = await stored(cart);
    expect(order).toMatchObject({ payment_state: 'paid', shipment_state: 'ready' });
    expect(order.payment_total).toBe(order.total);
    const events = await completedEvents(cart);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ state: 'complete', payment_state: 'paid' });
    // A second sweep finds nothing left.
    await sweep();
    expect(await completedEvents(cart)).toHaveLength(1);
    await expectConsistent(cart);
  });

  it('a capture that gets no answer: the order is placed, its payment held until the sweep captures it', async () => {
    const cart = await readyCart();
    jest.spyOn(gateway, 'capture').mockRejectedValueOnce(new Error('connection reset'));
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'balance_due' });
    expect((await payments(cart))[0].state).toBe('processing');
    await expectConsistent(cart);
    await sweep();
    expect((await payments(cart))[0].state).toBe('completed');
    expect(await stored(cart)).toMatchObject({ payment_state: 'paid' });
    expect(await completedEvents(cart)).toHaveLength(1);
  });

  it('a refused capture: the order stays placed, its payment authorized (pending) with a balance due, for staff to capture', async () => {
    const cart = await readyCart();
    jest
      .spyOn(gateway, 'capture')
      .mockResolvedValueOnce({ kind: 'error', message: 'Capture refused by the processor' });
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      state: 'complete',
      payment_state: 'balance_due',
      shipment_state: 'pending',
    });
    const [payment] = await payments(cart);
    expect(payment).toMatchObject({
      state: 'pending',
      response_code: expect.stringMatching(/^test_/),
      failure_message: 'Capture refused by the processor',
    });
    expect(await stored(cart)).toMatchObject({ placed: true, payment_total: '0.00' });
    const events = await completedEvents(cart);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ payment_state: 'balance_due' });
    await expectConsistent(cart);

    // Staff capture the authorization later: the order is paid.
    const admin = new AdminCaller(t, shop);
    const orderId = completed.body.id;
    const paymentId = completed.body.payments[0].id;
    const captured = await admin.call('PATCH', `/orders/${orderId}/payments/${paymentId}/capture`);
    expect(captured.status).toBe(200);
    expect(await stored(cart)).toMatchObject({ payment_state: 'paid' });
  });

  it('a gateway that never answers the authorization: nothing held, nothing placed', async () => {
    const cart = await readyCart({
      number: '4000000000000259',
      month: 12,
      year: 2099,
      verification_value: '123',
    });
    expectError(await cart.complete(), 422, 'payment_processing_error');
    expect(await payments(cart)).toEqual([
      expect.objectContaining({ state: 'checkout', response_code: null }),
    ]);
    expect(await stored(cart)).toMatchObject({ placed: false });
  });

  it('two completions of one cart racing authorize and capture the card once', async () => {
    const cart = await readyCart(SLOW_CARD);
    const stock = await records.stock(mug.id);
    const authorize = jest.spyOn(gateway, 'authorize');
    const capture = jest.spyOn(gateway, 'capture');
    const [first, second] = await Promise.all([cart.complete(), cart.complete()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    expect(authorize).toHaveBeenCalledTimes(1);
    expect(capture).toHaveBeenCalledTimes(1);
    expect((await payments(cart)).map((row) => row.state)).toEqual(['completed']);
    expect(await records.stock(mug.id)).toBe(stock - 1);
    expect(await completedEvents(cart)).toHaveLength(1);
  });

  it('holds no order or stock row while a slow gateway authorizes: stock and the order can change meanwhile', async () => {
    const cart = await readyCart(SLOW_CARD);
    const stock = await records.stock(mug.id);
    let authorizing!: () => void;
    const started = new Promise<void>((resolve) => (authorizing = resolve));
    const authorize = gateway.authorize.bind(gateway);
    let answered = false;
    jest.spyOn(gateway, 'authorize').mockImplementation(async (...args) => {
      authorizing();
      const outcome = await authorize(...args);
      answered = true;
      return outcome;
    });
    const completing = cart.complete();
    await started;
    // While the gateway has not answered, a concurrent stock change and a lock on the order's
    // row go through at once (NOWAIT: a held row would fail them).
    await t.dataSource.transaction(async (manager) => {
      await manager.query("SET LOCAL lock_timeout = '200ms'");
      await manager.query('SELECT id FROM orders WHERE id = $1 FOR UPDATE NOWAIT', [
        orderKey(cart),
      ]);
      await manager.query(
        `UPDATE stock_items SET count_on_hand = count_on_hand + 5 WHERE variant_id = $1`,
        [records.key(ID_PREFIX.variant, mug.id)],
      );
    });
    expect(answered).toBe(false);
    const completed = await completing;
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(await records.stock(mug.id)).toBe(stock + 5 - 1);
  });

  it('a payment session completed by the gateway outside the cart change; a crash before its capture is finished by the sweep', async () => {
    const cart = new CartClient(t, shop);
    await cart.create();
    expect((await cart.addItem(mug.id, 1)).status).toBe(201);
    expect((await cart.address()).status).toBe(200);
    const session = await cart.call('POST', `/carts/${cart.id}/payment_sessions`, {
      payment_method_id: await cart.paymentMethodId('test_card'),
    });
    expect(session.status).toBe(201);
    jest.spyOn(cards, 'capture').mockRejectedValueOnce(new Error('crash before the capture'));
    const crashed = await cart.call(
      'PATCH',
      `/carts/${cart.id}/payment_sessions/${session.body.id}/complete`,
      { external_data: { card: CARDS.approved } },
    );
    expect(crashed.status).toBe(500);
    const [held] = await payments(cart);
    expect(held).toMatchObject({
      state: 'processing',
      response_code: expect.stringMatching(/^test_/),
    });
    const [{ status }] = await t.dataSource.query(
      'SELECT status FROM payment_sessions WHERE payment_id = $1',
      [held.id],
    );
    expect(status).toBe('pending');

    await sweep();
    expect((await payments(cart))[0].state).toBe('completed');
    const [{ status: after }] = await t.dataSource.query(
      'SELECT status FROM payment_sessions WHERE payment_id = $1',
      [held.id],
    );
    expect(after).toBe('completed');
    const completed = await cart.complete();
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
  });
});
