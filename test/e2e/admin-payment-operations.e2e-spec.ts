import { ID_PREFIX } from '../../src/common/ids/id-prefixes.js';
import {
  FOLLOW_UP_CARDS,
  type PaymentScenario,
  startPaymentShops,
} from '../helpers/admin-payments-fixtures.js';
import { SETUP_TIMEOUT_MS } from '../helpers/checkout-fixtures.js';
import type { AdminCaller } from '../helpers/customers-fixtures.js';
import { expectError } from '../helpers/error-envelope.js';
import { operationsOf } from '../helpers/payment-operations-fixtures.js';
import { keyOf } from '../helpers/staff-fixtures.js';
import type { TestApp } from '../helpers/test-app.js';

/** The test card approved only after 1.5 s. */
const SLOW_CARD = { number: '4000000000006975', month: 12, year: 2099, verification_value: '123' };

/**
 * Captures, voids and refunds call their gateway between a claim and a settling change, with no
 * transaction open: a slow gateway (the test card whose captures, voids and refunds answer after
 * 1.5 s) holds neither the order's row nor other writes, and a second operation on the same
 * payment meanwhile is refused (409) rather than sent.
 */
describe('Admin API: gateway operations outside the order’s row lock', () => {
  let t: TestApp;
  let admin: AdminCaller;
  let scenario: PaymentScenario;

  beforeAll(async () => {
    ({ t, admin, scenario } = await startPaymentShops());
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const capturePath = (orderId: string, paymentId: string) =>
    `/orders/${orderId}/payments/${paymentId}/capture`;
  const refund = (orderId: string, paymentId: string, amount: string) =>
    admin.call('POST', `/orders/${orderId}/refunds`, { json: { payment_id: paymentId, amount } });
  const storedRefunds = async (orderId: string): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT amount::numeric(20,2)::text AS amount FROM refunds WHERE order_id = $1 ORDER BY id`,
        [keyOf(t, ID_PREFIX.order, orderId)],
      )
    ).map((row: { amount: string }) => row.amount);

  /** Resolves once the slow gateway has the payment's capture (it answers 1.5 s later). */
  const gatewayHas = async (orderId: string, paymentId: string) => {
    const keys = [keyOf(t, ID_PREFIX.order, orderId), keyOf(t, ID_PREFIX.payment, paymentId)];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const [operation] = await operationsOf(t, keys[0], keys[1]);
      if (operation?.gateway_calls === 1) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The gateway never got the capture');
  };

  it('another admin write on the order completes while a capture waits for its slow gateway', async () => {
    const order = await scenario.withBalanceDue();
    const payment = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.slowFollowUps });
    let captured = false;
    const capture = admin.call('PATCH', capturePath(order.id, payment.id)).then((response) => {
      captured = true;
      return response;
    });
    await gatewayHas(order.id, payment.id);

    const started = Date.now();
    const updated = await admin.call('PATCH', `/orders/${order.id}`, {
      json: { special_instructions: 'Leave it at the door' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.special_instructions).toBe('Leave it at the door');
    // Answered while the capture still waits for its gateway, not after it.
    expect(captured).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);

    const response = await capture;
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ state: 'completed', amount: order.total });
    const [stored] = await t.dataSource.query(
      'SELECT special_instructions, payment_state FROM orders WHERE id = $1',
      [keyOf(t, ID_PREFIX.order, order.id)],
    );
    expect(stored).toEqual({ special_instructions: 'Leave it at the door', payment_state: 'paid' });
  });

  it('a second operation on the payment while one is at its gateway is 409 and sends nothing', async () => {
    const order = await scenario.withBalanceDue();
    const payment = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.slowFollowUps });
    const capture = admin.call('PATCH', capturePath(order.id, payment.id));
    await gatewayHas(order.id, payment.id);
    const details = expectError(
      await admin.call('PATCH', `/orders/${order.id}/payments/${payment.id}/void`),
      409,
      'order_already_updated',
    );
    expect(details).toEqual({ payment_id: [payment.id] });
    expect((await capture).status).toBe(200);
    expect(
      await operationsOf(
        t,
        keyOf(t, ID_PREFIX.order, order.id),
        keyOf(t, ID_PREFIX.payment, payment.id),
      ),
    ).toEqual([{ kind: 'capture', state: 'done', amount: order.total, gateway_calls: 1 }]);
  });

  it('a refund raced with a capture never refunds more than was captured', async () => {
    const order = await scenario.withBalanceDue(2);
    const payment = await scenario.authorized(order, { source: FOLLOW_UP_CARDS.slowFollowUps });
    // Part of the authorization is captured; refunds of all of it race the capture.
    const capture = admin.call('PATCH', capturePath(order.id, payment.id), {
      json: { amount: '5.00' },
    });
    await gatewayHas(order.id, payment.id);
    const racing = await Promise.all(
      Array.from({ length: 3 }, () => refund(order.id, payment.id, order.total)),
    );
    for (const response of racing) expect([409, 422]).toContain(response.status);
    expect((await capture).status).toBe(200);
    expect(await storedRefunds(order.id)).toEqual([]);

    expectError(await refund(order.id, payment.id, order.total), 422, 'resource_invalid');
    const refunds = await Promise.all(
      Array.from({ length: 3 }, () => refund(order.id, payment.id, '5.00')),
    );
    expect(refunds.filter((response) => response.status === 201)).toHaveLength(1);
    expect(await storedRefunds(order.id)).toEqual(['5.00']);
    expect(await scenario.payment(payment.id)).toMatchObject({
      state: 'completed',
      amount: '5.00',
    });
  });

  it('adding a payment: the card’s slow authorization holds no other write, and two at once are one', async () => {
    const order = await scenario.withBalanceDue();
    const methodId = await scenario.methodId('test_card');
    let answered = false;
    const adding = admin
      .call('POST', `/orders/${order.id}/payments`, {
        json: { payment_method_id: methodId, source: SLOW_CARD },
      })
      .then((response) => {
        answered = true;
        return response;
      });
    const orderKey = keyOf(t, ID_PREFIX.order, order.id);
    const deadline = Date.now() + 10_000;
    while ((await operationsOf(t, orderKey)).every((op) => op.kind !== 'authorize')) {
      if (Date.now() > deadline) throw new Error('The authorization was never claimed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A second authorization of the order while the first is at the gateway is refused.
    expectError(
      await admin.call('POST', `/orders/${order.id}/payments`, {
        json: { payment_method_id: methodId, source: SLOW_CARD },
      }),
      409,
      'order_already_updated',
    );
    const updated = await admin.call('PATCH', `/orders/${order.id}`, {
      json: { special_instructions: 'Ring twice' },
    });
    expect(updated.status).toBe(200);
    expect(answered).toBe(false);

    const response = await adding;
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ state: 'pending', amount: order.total });
    expect(await scenario.paymentsOf(order.id)).toEqual([
      `void ${order.total}`,
      `pending ${order.total}`,
    ]);
    expect(await scenario.events('payment.created', response.body.id)).toHaveLength(1);
  });
});
